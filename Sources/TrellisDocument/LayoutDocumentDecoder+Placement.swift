import Trellis
import TrellisSupport

extension LayoutDocumentDecoder {
    /// The autoresizing options by their names in documents (UIKit's, without the prefix).
    static let autoresizingNames: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// A view's placement fields, each optional: `scroll` (`{}` or `{"contentOffset": [x, y]}`),
    /// `frame` (`[x, y, width, height]`) and `autoresizing` (option names; needs a frame).
    func decodePlacement(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry,
                         path: @autoclosure () -> [Step],
                         subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        if let scroll = value["scroll"] {
            let scrollPath = path() + [.key("scroll")]
            guard case .object(let members) = scroll else {
                throw failure(scrollPath, "\(subject()): scroll must be an object ({} or {\"contentOffset\": [x, y]}), found \(scroll.kind)")
            }
            if entry.text != nil || entry.stack != nil {
                throw failure(scrollPath, "\(subject()): a scroll view cannot also be a text item or a stack")
            }
            for member in members where member.key != "contentOffset" {
                throw failure(key: scrollPath + [.key(member.key)], "\(subject()): unknown field \"scroll.\(member.key)\" (scroll has contentOffset)")
            }
            var offset = Point(x: 0, y: 0)
            if let given = scroll["contentOffset"] {
                let numbers = try numbers(given, count: 2, path: scrollPath + [.key("contentOffset")], subject: subject(),
                                          field: "scroll.contentOffset", shape: "[x, y]", range: .any)
                offset = Point(x: numbers[0], y: numbers[1])
            }
            entry.scrollOffset = offset
        }
        if let frame = value["frame"] {
            let framePath = path() + [.key("frame")]
            let origin = try numbers(frame, count: 4, path: framePath, subject: subject(), field: "frame",
                                     shape: "[x, y, width, height]", range: .any)
            for index in 2..<4 where origin[index] < 0 {
                throw failure(framePath + [.index(index)],
                              "\(subject()): frame \(index == 2 ? "width" : "height") must not be negative")
            }
            entry.frame = Rect(x: origin[0], y: origin[1], width: origin[2], height: origin[3])
        }
        if let mask = value["autoresizing"] {
            let maskPath = path() + [.key("autoresizing")]
            guard entry.frame != nil else {
                throw failure(maskPath, "\(subject()): autoresizing needs a frame ([x, y, width, height]) to resize")
            }
            guard case .array(let names) = mask else {
                throw failure(maskPath, "\(subject()): autoresizing must be an array of option names, found \(mask.kind)")
            }
            for (index, name) in names.enumerated() {
                guard case .string(let text) = name, let option = Self.autoresizingNames.first(where: { $0.0 == text }) else {
                    throw failure(maskPath + [.index(index)], "\(subject()): autoresizing options are "
                        + Self.autoresizingNames.map(\.0).joined(separator: ", "))
                }
                entry.autoresizing.insert(option.1)
            }
        }
    }

    /// An array of exactly `count` numbers.
    private func numbers(_ value: JSONValue, count: Int, path: @autoclosure () -> [Step],
                         subject: @autoclosure () -> String, field: @autoclosure () -> String, shape: String,
                         range: Range) throws(LayoutDocumentError) -> [Double] {
        guard case .array(let items) = value, items.count == count else {
            throw failure(path(), "\(subject()): \(field()) must be an array \(shape) of \(count) numbers, found \(value.kind)")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            numbers.append(try number(item, path: path() + [.index(index)], subject: subject(), field: "\(field())[\(index)]", range: range))
        }
        return numbers
    }
}
