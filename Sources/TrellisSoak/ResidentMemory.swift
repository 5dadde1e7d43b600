import Foundation

/// The process's resident set size, read from `/proc/self/status` (Linux).
enum ResidentMemory {
    /// `VmRSS` in kilobytes, or `nil` where `/proc/self/status` is not readable.
    static func kilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let value = Int(fields[1]) { return value }
        }
        return nil
    }

    /// `kilobytes` as megabytes with one decimal, e.g. `"12.3 MB"`.
    static func text(_ kilobytes: Int) -> String {
        String(format: "%.1f MB", Double(kilobytes) / 1024)
    }
}
