import Testing
@testable import TrellisSolver
@testable import TrellisLinearSystem
@testable import TrellisSupport
import TrellisTestSupport

/// The JSON rules shared by the parser and the `linear-system/1` reader: each malformed input gets
/// one message naming what is wrong, at the byte that is wrong, the same from both readers; and
/// the positions the parser records while parsing.
@Suite("JSON syntax errors and positions")
struct LinearSystemJSONTests {
    /// Input → the exact error (line, column, message).
    static let syntaxCases: [(input: String, line: Int, column: Int, message: String)] = [
        // Trailing commas (were "unexpected character ']' (NaN and Infinity are not JSON)" and
        // "expected a key string" at the bracket), at the comma.
        ("[1, 2,]", 1, 6, "trailing comma before ']'"),
        (#"{"a": 1,}"#, 1, 8, "trailing comma before '}'"),
        ("[\n  1,\n]", 2, 4, "trailing comma before ']'"),
        (#"{"a": [1,  ]}"#, 1, 9, "trailing comma before ']'"),
        // Values that are not there or cannot start.
        ("", 1, 1, "empty input (expected a JSON value)"),
        (" \n ", 2, 2, "no JSON value, only whitespace"),
        ("[1,,2]", 1, 4, "expected a value, found ','"),
        (#"{"a":}"#, 1, 6, "expected a value, found '}'"),
        ("['a']", 1, 2, "expected a value, found a single quote (JSON strings take double quotes)"),
        ("[\u{E9}]", 1, 2, "expected a value, found U+00E9 '\u{E9}'"),
        ("\u{FEFF}{}", 1, 1, "expected a value, found U+FEFF"),
        ("[NaN]", 1, 2, "unexpected character 'N' (NaN and Infinity are not JSON)"),
        ("[-Infinity]", 1, 3, "unexpected character 'I' (NaN and Infinity are not JSON)"),
        ("tru", 1, 1, "invalid literal (expected true)"),
        ("[1", 1, 3, "unexpected end of input in an array"),
        (#"{"a": 1"#, 1, 8, "unexpected end of input in an object"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an element, found '2'"),
        (#"{"a": 1 "b": 2}"#, 1, 9, #"expected ',' or '}' after a member, found '"'"#),
        (#"{"a" 1}"#, 1, 6, "expected ':' after the key, found '1'"),
        ("{a: 1}", 1, 2, "expected a key string (in double quotes), found 'a'"),
        (#"{"a": 1, "a": 2}"#, 1, 10, #"duplicate key "a""#),
        ("{} x", 1, 4, "unexpected text after the document: 'x'"),
        // Numbers: at the byte where a digit was expected.
        ("-", 1, 2, "invalid number: a digit must follow '-', found the end of the input"),
        ("[-x]", 1, 3, "invalid number: a digit must follow '-', found 'x'"),
        ("+1", 1, 1, "invalid number: JSON numbers have no '+' sign"),
        ("01", 1, 1, "leading zero in a number"),
        ("[-01]", 1, 3, "leading zero in a number"),
        (".5", 1, 1, "invalid number: a digit must come before '.' (write 0.5, not .5)"),
        ("[-.5]", 1, 3, "invalid number: a digit must come before '.' (write 0.5, not .5)"),
        ("1.", 1, 3, "invalid number: digits expected after '.', found the end of the input"),
        ("[1.e5]", 1, 4, "invalid number: digits expected after '.', found 'e'"),
        ("1e", 1, 3, "invalid number: exponent digits expected after 'e', found the end of the input"),
        ("[1E+]", 1, 5, "invalid number: exponent digits expected after 'E', found ']'"),
        ("[0, 1e999]", 1, 5, "number 1e999 overflows a double"),
        // Strings: at the opening quote, the control character, the backslash, the bad byte.
        (#"["abc"#, 1, 2, #"unterminated string (no closing '"')"#),
        ("[\"a\nb\"]", 1, 4, "control character U+000A in a string (write it as an escape such as \\n)"),
        ("\"a\u{01}\"", 1, 3, "control character U+0001 in a string (write it as an escape such as \\n)"),
        (#""a\qb""#, 1, 3, #"invalid escape '\q' (escapes are \" \\ \/ \b \f \n \r \t \uXXXX)"#),
        (#"["\u12"]"#, 1, 3, #"invalid \u escape (four hex digits expected)"#),
        (#""\u12g4""#, 1, 2, #"invalid \u escape (four hex digits expected)"#),
        (#""\uD800""#, 1, 2, #"lone high surrogate \uD800 (it must be followed by a low surrogate \uDC00...\uDFFF)"#),
        (#""\udc00""#, 1, 2, #"lone low surrogate \uDC00 (it must follow a high surrogate \uD800...\uDBFF)"#),
        (#""\ud800\u0041""#, 1, 2, #"high surrogate \uD800 followed by \u0041, not by a low surrogate \uDC00...\uDFFF"#),
        (#""\ud800\u00""#, 1, 8, #"invalid \u escape (four hex digits expected)"#),
        (#""a\"#, 1, 3, "unterminated string (the input ends in an escape)"),
        // Nesting.
        (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), 1, 65, "nesting deeper than 64 levels"),
    ]

    static func parserError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONValue.parse(bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func readerError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try LinearSystem.parse(bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("Each malformed input gets its exact message at its exact position, from both readers")
    func syntaxErrorTable() {
        for item in Self.syntaxCases {
            let expected = "invalid JSON at line \(item.line), column \(item.column): \(item.message)"
            let bytes = Array(item.input.utf8)
            #expect(Self.parserError(bytes) == expected, "\(item.input.debugDescription)")
            #expect(Self.readerError(bytes) == expected, "\(item.input.debugDescription)")
        }
    }

    @Test("Invalid UTF-8 is reported at its first bad byte")
    func invalidUTF8() {
        let cases: [(bytes: [UInt8], column: Int, byte: String)] = [
            (Array(#"["ab"#.utf8) + [0xFF] + Array(#""]"#.utf8), 5, "FF"),
            (Array(#"["\u00e9 "#.utf8) + [0xC3, 0xA9, 0xC3] + Array(#"\n"]"#.utf8), 12, "C3"),
            (Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), 3, "ED"),
        ]
        for item in cases {
            let expected = "invalid JSON at line 1, column \(item.column): invalid UTF-8 in a string: byte 0x\(item.byte)"
            #expect(Self.parserError(item.bytes) == expected, "\(item.bytes)")
            #expect(Self.readerError(item.bytes) == expected, "\(item.bytes)")
        }
        #expect(Self.parserError([UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])
            == "invalid JSON at line 1, column 2: expected a value, found byte 0xFF (not UTF-8)")
    }

    @Test("Positions of large objects and arrays; a step of the wrong kind finds nothing")
    func positionsOfLargeContainers() throws {
        // 40 members (past the size where duplicate keys are looked up in a set), each an array.
        let members = (0..<40).map { "\"k\($0)\": [\($0), {\"v\": \($0)}]" }
        let text = "{" + members.joined(separator: ",\n") + "}"
        let (_, positions) = try JSONValue.parseWithPositions(Array(text.utf8))
        func at(_ path: [JSONPositions.Step]) -> (Int, Int)? {
            positions.offset(of: path).map(positions.location(of:))
        }
        for index in [0, 15, 16, 39] {
            let line = index + 1, keyColumn = index == 0 ? 2 : 1
            let valueColumn = keyColumn + "\"k\(index)\": ".utf8.count
            #expect(positions.keyOffset(of: [.key("k\(index)")]).map(positions.location(of:))! == (line, keyColumn))
            #expect(at([.key("k\(index)")])! == (line, valueColumn))
            #expect(at([.key("k\(index)"), .index(1), .key("v")])! == (line, valueColumn + "[\(index), {\"v\": ".utf8.count))
        }
        #expect(at([.index(0)]) == nil)                      // an index into an object
        #expect(at([.key("k3"), .key("v")]) == nil)           // a key into an array
        #expect(at([.key("k3"), .index(-1)]) == nil)
        #expect(at([.key("k3"), .index(2)]) == nil)
        #expect(at([.key("k3"), .index(0), .index(0)]) == nil) // into a number
        #expect(positions.keyOffset(of: [.key("k3"), .index(0)]) == nil)
        // A repeated key far into a large object is still found, at the repeat.
        let repeated = "{" + members.joined(separator: ", ") + ", \"k7\": 1}"
        #expect(Self.parserError(Array(repeated.utf8))?.hasSuffix(#"column \#(repeated.utf8.count - 7): duplicate key "k7""#) == true)
    }

    @Test("The parser records where each value and key is while it parses")
    func positions() throws {
        let text = "{\"a\": [1,\n  {\"b\": \"x\"}],\r\n \"c\\u0064\": \"\u{E9}\\n\"}"
        let bytes = Array(text.utf8)
        let (value, positions) = try JSONValue.parseWithPositions(bytes)
        func at(_ path: [JSONPositions.Step]) -> (Int, Int)? {
            positions.offset(of: path).map(positions.location(of:))
        }
        func keyAt(_ path: [JSONPositions.Step]) -> (Int, Int)? {
            positions.keyOffset(of: path).map(positions.location(of:))
        }
        #expect(at([])! == (1, 1))
        #expect(at([.key("a")])! == (1, 7))
        #expect(keyAt([.key("a")])! == (1, 2))
        #expect(at([.key("a"), .index(0)])! == (1, 8))
        #expect(at([.key("a"), .index(1)])! == (2, 3))
        #expect(at([.key("a"), .index(1), .key("b")])! == (2, 9))
        #expect(keyAt([.key("a"), .index(1), .key("b")])! == (2, 4))
        // Keys are decoded: "c\u0064" is the key "cd".
        #expect(keyAt([.key("cd")])! == (3, 2))
        #expect(at([.key("cd")])! == (3, 13))
        #expect(at([.key("a"), .index(2)]) == nil)
        #expect(at([.key("b")]) == nil)
        #expect(keyAt([]) == nil)
        // The string "é\n": é takes two bytes (columns 14, 15), the escape two (16, 17), then the quote.
        let string = try #require(positions.offset(of: [.key("cd")]))
        #expect(positions.scalarColumns(ofStringAt: string) == [14, 16, 18])
        #expect(positions.scalarColumns(ofStringAt: try #require(positions.offset(of: [.key("a"), .index(1), .key("b")]))) == nil)
        if case .string(let decoded)? = value["cd"] { #expect(decoded == "\u{E9}\n") } else { Issue.record("\(value)") }
        // Without asking, nothing is recorded.
        let plain = try JSONParser.parse(bytes, recordingPositions: false)
        #expect(plain.positions.offset(of: []) == nil)
        #expect(plain.positions.lineStarts == [0])
    }

    @Test("Surrogate pairs and multi-byte characters give one column per scalar")
    func scalarColumns() throws {
        let text = #"["a\ud83d\ude00b", "\u00e9"# + "\u{1F600}" + #""]"#
        let (_, positions) = try JSONValue.parseWithPositions(Array(text.utf8))
        let first = try #require(positions.offset(of: [.index(0)]))
        // a (3), the pair (4, twelve bytes), b (16), the closing quote (17).
        #expect(positions.scalarColumns(ofStringAt: first) == [3, 4, 16, 17])
        let second = try #require(positions.offset(of: [.index(1)]))
        // \u00e9 (21, six bytes), 😀 (27, four bytes), the closing quote (31).
        #expect(positions.scalarColumns(ofStringAt: second) == [21, 27, 31])
    }

    @Test("A string's plain run read eight bytes at a time stops at exactly the bytes a byte at a time does")
    func wordAtATimeRuns() throws {
        func endsRun(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x5C || byte < 0x20 || byte >= 0x80 }
        func bytewise(_ word: UInt64) -> Bool { (0..<8).contains { endsRun(UInt8(truncatingIfNeeded: word >> (8 * UInt64($0)))) } }
        // Every byte value at every position among plain bytes, and random words.
        let plain = UInt64(0x6161_6161_6161_6161)
        for position in 0..<8 {
            for byte in 0...255 {
                let shift = 8 * UInt64(position)
                let word = plain & ~(0xFF << shift) | UInt64(byte) << shift
                #expect(JSONParser.wordEndsRun(word) == bytewise(word), "byte \(byte) at \(position)")
            }
        }
        var generator = SplitMix(seed: 8)
        var disagreements: [UInt64] = [], stopping = 0
        for _ in 0..<200_000 {
            // Mostly printable bytes, so that words without a stopping byte are common too.
            var word: UInt64 = 0
            for position in 0..<8 {
                // (An `if`, not a ternary over mixed integer types: 57 ms to type-check.)
                let byte: UInt8
                if generator.next() % 4 == 0 {
                    byte = UInt8(truncatingIfNeeded: generator.next())
                } else {
                    byte = UInt8(0x20 + generator.next() % 0x5F)
                }
                word |= UInt64(byte) << (8 * UInt64(position))
            }
            if JSONParser.wordEndsRun(word) != bytewise(word) { disagreements.append(word) }
            if bytewise(word) { stopping += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).map { String($0, radix: 16) })")
        #expect(stopping > 50_000 && stopping < 190_000)   // both kinds of word were tried
        // In strings of every length up to 40: an escape, a non-ASCII character, a control
        // character and the end at every position, read by the parser as written.
        func only(_ text: String) throws -> String? {
            guard case .array(let elements) = try JSONValue.parse(Array(text.utf8)), elements.count == 1,
                  case .string(let string) = elements[0] else { return nil }
            return string
        }
        for length in 0...40 {
            for position in 0...length {
                let head = String(repeating: "a", count: position), tail = String(repeating: "b", count: length - position)
                #expect(try only("[\"\(head)\\n\(tail)\"]") == head + "\n" + tail)
                #expect(try only("[\"\(head)é\(tail)\"]") == head + "é" + tail)
                #expect(try only("[\"\(head)\(tail)\"]") == head + tail)
                let control = Array("[\"\(head)".utf8) + [0x09] + Array("\(tail)\"]".utf8)
                #expect(Self.parserError(control)
                    == "invalid JSON at line 1, column \(position + 3): control character U+0009 in a string (write it as an escape such as \\n)")
            }
            let unterminated = Array("[\"\(String(repeating: "a", count: length))".utf8)
            #expect(Self.parserError(unterminated) == "invalid JSON at line 1, column 2: unterminated string (no closing '\"')")
        }
    }
}
