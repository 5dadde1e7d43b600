import Foundation
import Testing
import Trellis

/// The Swift blocks of README.md and of the DocC articles are checked, not copied: each block
/// (without its `import` lines) must appear line for line inside a marked region of a test in
/// this folder — `// --- README begins ---` … `// --- README ends ---` or `// --- tour: NAME ---`
/// … `// --- end ---` — where it is compiled and its printed results are checked.
@Suite("README and DocC code blocks")
struct ReadmeSnippetTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose Swift blocks must be compiled snippets.
    static var documents: [URL] {
        var urls = [packageRoot.appendingPathComponent("README.md")]
        let sources = packageRoot.appendingPathComponent("Sources")
        let catalogs = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for target in catalogs.sorted() {
            let folder = sources.appendingPathComponent(target)
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where entry.hasSuffix(".docc") {
                let catalog = folder.appendingPathComponent(entry)
                for file in ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []).sorted()
                where file.hasSuffix(".md") {
                    urls.append(catalog.appendingPathComponent(file))
                }
            }
        }
        return urls
    }

    /// The lines of each ```swift block, without `import` lines and surrounding blank lines.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil {
                if line.trimmingCharacters(in: .whitespaces) == "```swift" { current = [] }
            } else if line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(trimmed(current!.filter { !$0.hasPrefix("import ") }))
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The marked regions of the test sources, de-indented.
    static func markedRegions() throws -> [(name: String, lines: [String])] {
        let folder = packageRoot.appendingPathComponent("Tests/TrellisTests")
        var regions: [(String, [String])] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var current: (name: String, lines: [String])?
            for line in text.components(separatedBy: "\n") {
                let bare = line.trimmingCharacters(in: .whitespaces)
                if bare.hasPrefix("// --- ") && !bare.hasPrefix("// --- end") && !bare.hasPrefix("// --- README ends") {
                    current = ("\(file): \(bare)", [])
                } else if bare == "// --- end ---" || bare == "// --- README ends ---" {
                    if let region = current { regions.append((region.name, deindented(region.lines))) }
                    current = nil
                } else if current != nil {
                    current!.lines.append(line)
                }
            }
        }
        return regions
    }

    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    static func deindented(_ lines: [String]) -> [String] {
        let filled: [String] = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let indents: [Int] = filled.map { line in line.prefix(while: { $0 == " " }).count }
        let indent = indents.min() ?? 0
        return lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `block` is a contiguous run of `region`'s lines (trailing spaces ignored).
    static func contains(_ region: [String], _ block: [String]) -> Bool {
        let clean = { (line: String) in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        let haystack = region.map(clean), needle = block.map(clean)
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    @Test("Every Swift block of the README and the DocC articles is a compiled, checked snippet")
    func everyBlockIsCompiled() throws {
        let regions = try Self.markedRegions()
        #expect(regions.count >= 8, "marked regions found: \(regions.map(\.name))")
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for (index, block) in Self.swiftBlocks(in: text).enumerated() {
                let found = regions.contains { Self.contains($0.lines, block) }
                #expect(found, """
                    \(document.lastPathComponent), Swift block \(index + 1) is not the text of any marked test \
                    region (de-indented, imports dropped); it starts: \(block.prefix(3).joined(separator: " ⏎ "))
                    """)
                checked += 1
            }
        }
        #expect(checked >= 7)
    }

    @Test("A block that differs from its snippet by one character is caught")
    func differenceIsCaught() throws {
        let regions = try Self.markedRegions()
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let first = try #require(Self.swiftBlocks(in: readme).first)
        #expect(regions.contains { Self.contains($0.lines, first) })
        var altered = first
        altered[altered.count / 2] += ";"
        #expect(!regions.contains { Self.contains($0.lines, altered) })
    }

    @Test("the solver in ten lines")
    func solverInTenLines() throws {
        // --- README begins ---
        let x = Variable("x"), y = Variable("y")
        let solver = Solver()
        try solver.add(x + y == 100)                       // required by default
        try solver.add((x == 3 * y) ~~ .weight(10))        // soft, kiwi-style weight
        try solver.addEditVariable(x, strength: .weight(1_000_000))
        try solver.suggest(x, value: 80)
        try solver.solve()
        print(solver.value(of: x), solver.value(of: y))    // 80.0 20.0
        // --- README ends ---
        #expect(solver.value(of: x) == 80 && solver.value(of: y) == 20)
    }
}
