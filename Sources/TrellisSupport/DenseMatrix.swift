/// Small dense matrices as flat row-major arrays (`m × m` doubles, row `r`'s entries at
/// `r * m ..< (r + 1) * m`).
package enum DenseMatrix {
    /// The inverse of `matrix` (`size` × `size`, row-major) by Gauss–Jordan elimination with
    /// partial pivoting, or nil when a column's largest pivot is not above `tolerance`.
    /// (The parametric tableau's basis inverse and the layout's blocks of fixed variables.)
    package static func inverse(of matrix: consuming [Double], size m: Int, tolerance: Double) -> [Double]? {
        var b = matrix
        var inv = [Double](filled: 0, count: m * m)
        for i in 0..<m { inv[i * m + i] = 1 }
        let ok = b.withUnsafeMutableBufferPointer { b in
            inv.withUnsafeMutableBufferPointer { inv in
                for c in 0..<m {
                    var pivotRow = -1
                    var best = 0.0
                    for r in c..<m where abs(b[r * m + c]) > best {
                        best = abs(b[r * m + c])
                        pivotRow = r
                    }
                    guard best > tolerance else { return false }
                    if pivotRow != c {
                        for x in 0..<m {
                            b.swapAt(c * m + x, pivotRow * m + x)
                            inv.swapAt(c * m + x, pivotRow * m + x)
                        }
                    }
                    let scale = 1 / b[c * m + c]
                    for x in 0..<m {
                        b[c * m + x] *= scale
                        inv[c * m + x] *= scale
                    }
                    for r in 0..<m where r != c {
                        let factor = b[r * m + c]
                        if factor == 0 { continue }
                        for x in c..<m { b[r * m + x] -= factor * b[c * m + x] }
                        for x in 0..<m where inv[c * m + x] != 0 { inv[r * m + x] -= factor * inv[c * m + x] }
                    }
                }
                return true
            }
        }
        return ok ? inv : nil
    }
}
