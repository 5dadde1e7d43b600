import Foundation
import RealModule
import TrellisSolver
import TrellisLinearSystem

/// A conformance case: a `linear-system/1` document and its reference answer.
package struct Fixture: CustomStringConvertible, Sendable {
    package let name: String
    package let path: URL
    package let expectedPath: URL

    package var description: String { name }

    /// The project's root folder (this file is at Tests/TrellisSolverTests/Fixture.swift).
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The committed fixtures made by `Tests/Conformance/generate.py`.
    package static let committed: [Fixture] = load(packageRoot.appendingPathComponent("Tests/Conformance/fixtures"))

    /// The shared sample cases (`../shared/conformance/sample`).
    package static let shared: [Fixture] = load(packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/conformance/sample"))

    package static func load(_ directory: URL) -> [Fixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expected.json") && $0 != "MANIFEST.json" }
            .sorted()
            .map { file in
                let base = String(file.dropLast(".json".count))
                return Fixture(name: base, path: directory.appendingPathComponent(file),
                               expectedPath: directory.appendingPathComponent(base + ".expected.json"))
            }
    }

    package func system() throws -> LinearSystem {
        try LinearSystem.parse([UInt8](try Data(contentsOf: path)))
    }

    package func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: try Data(contentsOf: expectedPath))
    }

    /// The reference answer.
    package struct Expected: Decodable {
        package struct Solve: Decodable {
            package let objective: Double
            package let values: [String: Double]
            package let unique: [String]
        }
        package let status: String
        package let solves: [Solve]?
    }
}

/// Checks of an answer against the format's tolerances.
package enum Tolerance {
    /// `a` and `b` agree within 1e-6 relative to max(1, |b|).
    package static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
        a.isApproximatelyEqual(to: b, absoluteTolerance: tolerance * max(1, abs(b)), relativeTolerance: 0)
    }

    /// How far a constraint entry is from holding at `values`, relative to the size of its terms.
    package static func relativeResidual(_ entry: LinearSystem.Entry, _ values: [String: Double]) -> Double {
        var sum = entry.constant, scale = abs(entry.constant)
        for term in entry.terms {
            let product = term.coefficient * (values[term.variable] ?? 0)
            sum += product
            scale += abs(product)
        }
        let violation: Double = switch entry.relation {
        case .equal: abs(sum)
        case .lessThanOrEqual: max(0, sum)
        case .greaterThanOrEqual: max(0, -sum)
        }
        return violation / max(1, scale)
    }
}
