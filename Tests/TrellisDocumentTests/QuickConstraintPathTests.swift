import Testing
@testable import Trellis
@testable import TrellisDocument
import TrellisTestSupport

/// The document's quick path for the common constraint shape — a reader over the string's bytes
/// and a constraint made without a relation — against the full parser and `Tails.make`.
@Suite("Quick constraint path")
struct QuickConstraintPathTests {
    /// Strings of the quick shape, with the blanks, priorities and labels documents use.
    static let quickShapes = [
        "row0.c0~.height == 80", "a~.top == b~.bottom + 8", "a~.top == b~.bottom - 8", "a~.width == 48",
        "a~.leading == 16", "a~.left == -8", "a~.left == - 8", "a~.top >= b~.bottom * 2 + 8",
        "a~.top <= b~.bottom / 4 - 0.5", "a~.centerX == b~ * 0.5", "a~.trailing == b~", "a~ == b~",
        "card~.edges == root~", "a~.size == b~ ~~ .defaultLow", "cell1.title~.firstBaseline == cell1.icon~.centerY",
        "a~.top == b~.bottom ~~ 750", "a~.top == b~.bottom ~~ .defaultHigh + 1", "a~.top == b~.bottom ~~ .required - 1",
        #"a~.top == b~.bottom ~~ "gap""#, #"a~.top == b~.bottom + 8 ~~ 250 ~~ "gap""#,
        #"a~.top == b~.bottom ~~ "gap" ~~ .fittingSizeLevel"#, "  a~.top==b~.bottom+8  ", "a~ .top\t==\nb~ .bottom\r+ 8",
        "a~.width == 1000000", "a~.width == 0.000000001", "a~.width == 0", "a~.width == 0.0", "a~.width == 007",
        "a~.width == 0000000000000000123", "a~.width == 12345.678901234567", "a_b~.top == _c9~.top",
        "a~.top == b~.bottom * 0", "a~.top == b~.bottom / 3 + 0",
        "a~.width <= b~.width * 0.5 ~~ 1", "a~.lastBaseline == b~.lastBaseline",
    ]

    /// Strings the quick reader leaves to the parser: other shapes, and every kind of mistake.
    static let otherShapes = [
        "a~.top.left == b~", "a~.top .left == b~", "a~.top + 8 == b~.top", "a~.top == 2 * b~.top", "a~.top == -b~.top", "a~.top == b~.bottom * -1",
        "a~.top == b~.top * 2 * 3", "a~.top == b~.top + 8 + 2", "a~.top == (b~.top)", "a~.edges == b~ + EdgeInsets(8)",
        "a~.top == b~.top + 1e2", "a~.top == 8e", "a~.top == 2000000", "a~.top == 0.0000000001", "a~.top == b~.top / 0",
        "a~.top == 8 ~~ 0", "a~.top == 8 ~~ 1001", "a~.top == 8 ~~ .medium", "a~.top == 8 ~~ 750 ~~ 250",
        #"a~.top == 8 ~~ "x" ~~ "y""#, #"a~.top == 8 ~~ "a \"b\"""#, #"a~.top == 8 ~~ "é""#, "a~.top == é~.top",
        "a~.top = b~.top", "a~.top < b~.top", "a~.top == ", "", "a~.top", "a~~.top == b~", "a~~~.top == b~",
        "a~.top == b~~~ 750", "a~.tops == b~.top", "a~.top == b~.top ~~", "a~.top == b~.top ~~ -5", "8 == a~.top",
        "a~.top == b~top", "a~.top == b~ top", "a~.top == b~.top 8", "a~.top == 8.top", "a~.top == .5",
        "a~.top == b.top", "a~.top == systemSpacing", "a~.top == b~.top ~~ .defaultHigh + x", "a~.top == 8 ~~ 750 8",
        String(repeating: "a", count: 2_001) + "~.top == 8",
    ]

    @Test("The quick reader reads the common shapes exactly as the full parser does")
    func quickShapes() throws {
        for text in Self.quickShapes {
            let quick = try #require(ConstraintQuickReader.read(text), "\(text)")
            let full = try ConstraintParser.parseInFull(text)
            #expect(quick == full, "\(text)")
            #expect(Self.bits(quick) == Self.bits(full), "\(text)")
        }
    }

    @Test("Every anchor name, on either side, reads as the parser reads it; near misses are the parser's")
    func everyAnchorName() throws {
        let names = ConstraintSyntax.AnchorName.allCases.map(\.rawValue)
        for name in names {
            for text in ["a~.\(name) == b~.\(name)", "a~.top == b~.\(name)", "a~.\(name) == 8", "a~.\(name) == b~"] {
                let quick = try #require(ConstraintQuickReader.read(text), "\(text)")
                #expect(quick == (try ConstraintParser.parseInFull(text)), "\(text)")
            }
            // One byte more, one less, one changed (first, last), upper case: not names.
            for miss in [name + "s", String(name.dropLast()), "x" + name.dropFirst(), name.dropLast() + "x", name.uppercased()]
                where !names.contains(miss) {   // (centerX less a byte is center)
                #expect(ConstraintQuickReader.read("a~.\(miss) == 8") == nil, "\(miss)")
            }
        }
    }

    @Test("Every other shape, and every mistake, is left to the full parser")
    func otherShapes() {
        for text in Self.otherShapes {
            #expect(ConstraintQuickReader.read(text) == nil, "\(text)")
        }
        // Errors still come from the parser, with its column.
        #expect(throws: ConstraintSyntaxError("division by zero", column: 18)) { try ConstraintParser.parse("a~.top == b~.top / 0") }
    }

    @Test("Random strings: the quick reader either leaves them or agrees with the parser")
    func randomStrings() {
        let pieces = ["a", "b1", "c.d", "~", "~~", ".", "top", "width", "edges", "tops", "==", "<=", ">=", "=", "+", "-",
                      "*", "/", "8", "0.5", "1e3", "0", "750", ".defaultHigh", "defaultLow", #""x""#, "(", ")", " ", "\t",
                      "é", "2000000", "EdgeInsets(4)"]
        let rights = ["b~.bottom", "b~", "8", "- 8", "0.5", "c.d~.width", "b~.edges"]
        let scales = ["", "", " * 2", " / 4", " * 0", " / 0", " * -1"]
        let sums = ["", "", " + 8", " - 0.5", " + 1e3", " + b~.top"]
        let suffixes = ["", "", " ~~ 750", " ~~ .defaultHigh", " ~~ .defaultLow + 1", #" ~~ "x""#, " ~~ 0", " ~~ 750 ~~ 1"]
        var random = SplitMix(seed: 0xC0_57A1)
        func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
        var accepted = 0
        for _ in 0..<20_000 {
            // The quick shape's parts in random combinations, half of them with a random piece
            // inserted anywhere, so that both sides of the reader are exercised.
            var text = pick(["a~.top", "b1~", "c.d~.width", "a~.tops"]) + " " + pick(["==", "<=", ">="]) + " "
                + pick(rights) + pick(scales) + pick(sums) + pick(suffixes)
            if random.next() % 2 == 0 {
                let scalars = Array(text.unicodeScalars)
                let at = Int(random.next() % UInt64(scalars.count + 1))
                text = String(String.UnicodeScalarView(scalars[..<at])) + pick(pieces)
                    + String(String.UnicodeScalarView(scalars[at...]))
            }
            let full = try? ConstraintParser.parseInFull(text)
            guard let quick = ConstraintQuickReader.read(text) else {
                continue
            }
            accepted += 1
            #expect(quick == full, "\(text)")
            if let full { #expect(Self.bits(quick) == Self.bits(full), "\(text)") }
        }
        #expect(accepted > 1_500)
    }

    /// The constants of a syntax as bit patterns (so that -0 and 0 differ).
    static func bits(_ syntax: ConstraintSyntax) -> [UInt64] {
        func walk(_ e: ConstraintSyntax.Expression) -> [UInt64] {
            switch e {
            case .constant(let c): [c.scalar.bitPattern]
            case .anchor: []
            case .sum(let a, let b): walk(a) + walk(b)
            case .scaled(let inner, let factor): walk(inner) + [factor.bitPattern]
            }
        }
        return walk(syntax.lhs) + walk(syntax.rhs)
    }

    // MARK: - Constraints made without a relation

    @Test("Single-attribute entries make the constraint Tails.make makes of their relation")
    func directConstraints() throws {
        let root = View(id: "root"), a = View(id: "a"), b = View(id: "b"), lone = View(id: "lone")
        root.addSubview(a)
        root.addSubview(b)
        let guide = LayoutGuide(id: "g")
        a.addLayoutGuide(guide)
        let resolver = ItemResolver(items: ["root": root, "a": a, "b": b, "g": guide, "lone": lone])
        let location = CodeLocation(fileID: "doc.json", line: 7)
        let direct = Self.quickShapes.filter { !$0.contains("~ ==") && !$0.contains("~.edges") && !$0.contains("~.size") }
            .map { $0.replacingOccurrences(of: "row0.c0", with: "a").replacingOccurrences(of: "cell1.title", with: "a")
                .replacingOccurrences(of: "cell1.icon", with: "b").replacingOccurrences(of: "a_b", with: "a")
                .replacingOccurrences(of: "_c9", with: "g") }
        let more = ["a~.width == b~.left", "a~.top == b~.leading", "a~.leading == b~.left + 4", "g~.top == 8",
                    "lone~.top == 8", "lone~.width == 8", "a~.top == b~.bottom * -2 - 0", "a~.top == -0", "a~.top == b~.bottom * -1",
                    "a~.top == b~.top * 2 / 4"]
        var made = 0
        for text in direct + more {
            let syntax = try ConstraintParser.parse(text)
            let label = text.hasPrefix("a~.lead") ? "lead" : syntax.label
            let constraint = try #require(try syntax.documentConstraint(resolver: resolver, label: label, location: location),
                                          "\(text)")
            let relation = try syntax.documentRelation(resolver: resolver, label: label, location: location)
            let expected = try #require(Tails.make([relation]).constraints.first)
            #expect(Tails.make([relation]).constraints.count == 1)
            #expect(Self.fields(constraint) == Self.fields(expected), "\(text)")
            made += 1
        }
        #expect(made == direct.count + more.count)
        // Other forms are left to the relation.
        for text in ["a~ == b~", "a~.edges == b~", "a~.top.left == b~", "a~.top == b~.top + a~.height",
                     "a~.top == b~.top - a~.top * 2 + 1", "a~.top == b~.center", "a~.top == (b~.top + 2) * 3"] {
            let syntax = try ConstraintParser.parse(text)
            #expect(try syntax.documentConstraint(resolver: resolver, label: nil, location: location) == nil, "\(text)")
        }
        // An unknown item is reported as the relation reports it.
        let unknown = try ConstraintParser.parse("a~.top == nope~.top")
        #expect(throws: ConstraintSyntaxError.self) { try unknown.documentConstraint(resolver: resolver, label: nil, location: location) }
    }

    /// Everything a constraint carries, as text and bit patterns.
    static func fields(_ c: LayoutConstraint) -> [String] {
        func operand(_ o: LayoutConstraint.Operand) -> String {
            let target = switch o.target {
            case .item(let box): "item \(box.value?.name ?? "-")"
            case .superviewOf(let box): "superview of \(box.value?.name ?? "-")"
            case .missing: "missing"
            }
            return "\(target).\(o.attribute.rawValue) × \(o.coefficient.bitPattern)"
        }
        return c.lhs.map(operand) + ["\(c.relation)"] + c.rhs.map(operand) + [
            "key \(c.constantAttribute)", "constant \(c.constant) \(c.constant.scalar.bitPattern)",
            "priority \(c.priority.rawValue)", "label \(c.label ?? "-")", "location \(String(describing: c.location))",
            "problem \(c.problem ?? "-")", "text \(c.description)",
        ]
    }

    @Test("The resolver's recent ids give the table's items: repeats, evictions, long ids and suffixes")
    func recentItems() throws {
        let root = View(id: "root")
        var items: [String: LayoutItem] = ["root": root]
        var views: [View] = []
        // Short ids (held in the string itself) and long ones (storage of their own), more of
        // them than the resolver keeps.
        for index in 0..<12 {
            let view = View(id: index.isMultiple(of: 2) ? "v\(index)" : "a.rather.long.view.id.\(index)")
            root.addSubview(view)
            views.append(view)
            items[view.id!] = view
        }
        let resolver = ItemResolver(items: items)
        var generator = SplitMix(seed: 21)
        for step in 0..<400 {
            // Runs of a few ids, then others: found again, kept, pushed out, found again.
            let index = step % 7 == 0 ? Int(generator.next() % 12) : (step / 3) % 12
            // A copy made afresh each time: equal text, other storage for a long id.
            let id = String(decoding: Array(views[index].id!.utf8), as: UTF8.self)
            let found = try resolver.resolve(ConstraintSyntax.ItemReference(path: id, column: 1))
            #expect(found === views[index], "step \(step): \(id)")
            let parent = try resolver.resolve(ConstraintSyntax.ItemReference(path: id + ".superview", column: 1))
            #expect(parent === root)
            let margins = try resolver.resolve(ConstraintSyntax.ItemReference(path: id + ".layoutMarginsGuide", column: 1))
            #expect(margins === views[index].layoutMarginsGuide)
        }
        #expect(throws: ConstraintSyntaxError.self) {
            try resolver.resolve(ConstraintSyntax.ItemReference(path: "v13", column: 1))
        }
    }
}
