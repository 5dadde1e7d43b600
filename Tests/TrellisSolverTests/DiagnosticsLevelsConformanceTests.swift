import Foundation
import Testing
@testable import TrellisSolver
import TrellisTestSupport

/// Ambiguity ranges against HiGHS on the exact optimal face (`Tests/Conformance/generate_wide.py`):
/// the `wide` fixtures (one level, weights 1e-2…1e7) and the `levels` fixtures (several priority
/// levels, each with weights 1e-2…1e7). A failure here is a bug in Trellis: the reference answers
/// come from an independent solver.
@Suite("Diagnostics on wide-weight and priority-level fixtures")
struct DiagnosticsLevelsConformanceTests {
    /// A case with its reference answer, read without the `linear-system/1` reader (a `levels`
    /// strength may be `{"priority": P, "weight": W}`).
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let path: URL
        var description: String { name }

        static let all: [Case] = {
            let root = Fixture.packageRoot.appendingPathComponent("Tests/Conformance")
            var cases: [Case] = []
            for (directory, prefix) in [("fixtures", "wide-"), ("levels", "levels-")] {
                let folder = root.appendingPathComponent(directory)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                for file in names.sorted() where file.hasPrefix(prefix) && file.hasSuffix(".json") && !file.hasSuffix(".expected.json") {
                    cases.append(Case(name: String(file.dropLast(5)), path: folder.appendingPathComponent(file)))
                }
            }
            return cases
        }()

        func load() throws -> (document: [String: Any], expected: [String: Any]) {
            let expectedPath = path.deletingPathExtension().appendingPathExtension("expected.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: expectedPath)) as? [String: Any])
            return (document, expected)
        }
    }

    @Test("Both families are there (24 cases each)")
    func present() {
        let names: [String] = Case.all.map(\.name)
        let wide: Int = names.filter { $0.hasPrefix("wide-") }.count
        let levels: Int = names.filter { $0.hasPrefix("levels-") }.count
        #expect(wide == 24)
        #expect(levels == 24)
    }

    static func strength(_ value: Any) throws -> Strength {
        if let text = value as? String, text == "required" { return .required }
        if let weight = value as? Double { return .weight(weight) }
        let object = try #require(value as? [String: Any], "bad strength \(value)")
        let priority = try #require(object["priority"] as? Double), weight = try #require(object["weight"] as? Double)
        return .priority(Priority(Float(priority)), weight: weight)
    }

    static func relation(_ op: String) throws -> Relation {
        switch op {
        case "==": return .equal
        case "<=": return .lessThanOrEqual
        case ">=": return .greaterThanOrEqual
        default: throw TrellisError.numericalFailure("bad op \(op)")
        }
    }

    /// `a` agrees with the reference `b` (nil: infinite, on the side `infinity` gives).
    static func agree(_ a: Double, _ b: Double?, infinity: Double) -> Bool {
        guard let b else { return a == infinity }
        return a.isFinite && abs(a - b) <= 1e-6 * max(1, abs(b))
    }

    @Test("Solve, per-level costs, unique values and ambiguity ranges agree with HiGHS", arguments: Case.all)
    func agrees(_ fixture: Case) throws {
        let (document, expected) = try fixture.load()
        let names = try #require(document["variables"] as? [String])
        var variables: [String: Variable] = [:]
        for name in names { variables[name] = Variable(name) }
        let solver = Solver()
        var used = Set<String>()
        for entry in try #require(document["constraints"] as? [[String: Any]]) {
            let terms = try #require(entry["terms"] as? [String: Double])
            for (name, coefficient) in terms where coefficient != 0 { used.insert(name) }
            let expression = LinearExpression(terms.sorted { $0.key < $1.key }.map { Term(variables[$0.key]!, $0.value) },
                                        constant: try #require(entry["constant"] as? Double))
            try solver.add(Constraint(expression, try Self.relation(try #require(entry["op"] as? String)),
                                      strength: try Self.strength(entry["strength"]!), label: entry["id"] as? String))
        }
        try solver.solve()
        let solve = try #require((expected["solves"] as? [[String: Any]])?.first)

        // Costs per level (kiwi weights are level 0).
        var cost: [Float: Double] = [:]
        for violation in solver.violations() { cost[violation.strength.level, default: 0] += violation.cost }
        var want: [Float: Double] = [:]
        if let objectives = solve["objectives"] as? [String: Double] {
            for (level, value) in objectives { want[Float(level)!] = value }
        } else {
            want[0] = try #require(solve["objective"] as? Double)
        }
        for (level, value) in want {
            #expect(Tolerance.close(cost[level] ?? 0, value), "\(fixture.name): level \(level) costs \(cost[level] ?? 0), HiGHS \(value)")
        }

        // Unique variables: Trellis's value, and no ambiguity.
        let unique = Set(try #require(solve["unique"] as? [String]))
        let values = try #require(solve["values"] as? [String: Double])
        for name in unique {
            #expect(Tolerance.close(solver.value(of: variables[name]!), values[name]!),
                    "\(fixture.name): \(name) = \(solver.value(of: variables[name]!)), HiGHS \(values[name]!)")
        }
        let report = try solver.ambiguityReport(for: names.map { variables[$0]! })
        let ranges = try #require(solve["ranges"] as? [String: [Any]])
        for name in names where used.contains(name) {
            let entry = report[variables[name]!]
            if let range = ranges[name] {
                let low = range[0] as? Double, high = range[1] as? Double
                let found = try #require(entry, "\(fixture.name): \(name) reported determined, HiGHS range \(range)")
                let lowText = low.map { "\($0)" } ?? "-inf", highText = high.map { "\($0)" } ?? "inf"
                let lowAgrees = Self.agree(found.minimum, low, infinity: -.infinity)
                let highAgrees = Self.agree(found.maximum, high, infinity: .infinity)
                #expect(lowAgrees && highAgrees, "\(fixture.name): \(found), HiGHS [\(lowText), \(highText)]")
            } else {
                #expect(unique.contains(name))
                let text = entry.map { "\($0)" } ?? ""
                #expect(entry == nil, "\(fixture.name): \(text) but HiGHS proves \(name) unique")
            }
        }
        // explain agrees on a few variables: determined exactly when unique, same range otherwise.
        for name in names.filter(used.contains).prefix(6) {
            let why = try solver.explain(variables[name]!)
            #expect(why.isDetermined == unique.contains(name), "\(fixture.name): \(why)")
        }
    }
}
