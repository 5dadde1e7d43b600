import Trellis
import TrellisSupport

extension LayoutDocument {
    /// How a view looks in a finished picture (`"style"` on the root or any view): UIKit's
    /// background colour, border, corner radius, opacity and clipping. Styles never change a
    /// frame; `TrellisText` draws them (`trellis layout --png/--pdf/--svg`).
    ///
    /// ```swift
    /// // "style": {"background": "#ffffff", "borderWidth": 1, "borderColor": "#e2e8f0", "cornerRadius": 12}
    /// document.view(id: "card")?.style?.cornerRadius     // 12
    /// ```
    ///
    /// Colours are written `#RRGGBB` or `#RRGGBBAA` (hexadecimal; `AA` is the alpha, `ff` opaque).
    public struct StyleEntry: Sendable, Hashable {
        /// The fill behind the view's content, `#RRGGBB` or `#RRGGBBAA` (nil: none).
        public var background: String?
        /// The border's width in points, inside the bounds (default 0: none).
        public var borderWidth: Double = 0
        /// The border's colour (nil: black).
        public var borderColor: String?
        /// The corners' radius in points (default 0).
        public var cornerRadius: Double = 0
        /// The opacity of the view and its subviews, 0...1 (default 1).
        public var opacity: Double = 1
        /// Whether subviews (and an image) are clipped to the rounded bounds (default false).
        public var clipsToBounds = false

        /// Creates a style; every part is optional.
        public init(background: String? = nil, borderWidth: Double = 0, borderColor: String? = nil, cornerRadius: Double = 0,
                    opacity: Double = 1, clipsToBounds: Bool = false) {
            self.background = background
            self.borderWidth = borderWidth
            self.borderColor = borderColor
            self.cornerRadius = cornerRadius
            self.opacity = opacity
            self.clipsToBounds = clipsToBounds
        }

        /// Whether `text` is a colour as documents write them: `#` and 6 or 8 hexadecimal digits.
        public static func isColor(_ text: String) -> Bool {
            let digits = text.utf8.dropFirst()
            return text.hasPrefix("#") && (digits.count == 6 || digits.count == 8)
                && digits.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
        }
    }

    /// The image a view shows (`"image": {"file": "avatar.png", "contentMode": "scaleAspectFill"}`):
    /// a PNG file, its path relative to the document's folder. Its size is the view's intrinsic
    /// size (one pixel a point) unless the view gives `intrinsicSize`; `trellis` reads the file
    /// and reports a missing or unreadable one at ``line`` and ``column``.
    public struct ImageEntry: Sendable, Hashable {
        /// The content modes `contentMode` accepts, as `TrellisText`'s `ContentMode` spells them (UIKit's).
        public static let contentModes = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "center"]

        /// The PNG file's path, relative to the document's folder (or absolute).
        public var file: String
        /// How the image fills the view, one of ``contentModes`` (default `scaleToFill`).
        public var contentMode: String
        /// The 1-based line of the `file` value in the document.
        public var line: Int
        /// The 1-based column of the `file` value in the document.
        public var column: Int

        /// Creates an image entry.
        public init(file: String, contentMode: String = "scaleToFill", line: Int = 0, column: Int = 0) {
            self.file = file
            self.contentMode = contentMode
            self.line = line
            self.column = column
        }
    }

    /// Whether any view (the root included) has a style, an image or a text colour: what makes
    /// `trellis layout` draw a finished picture rather than the wireframe.
    public var hasStyles: Bool {
        ([root] + views).contains { $0.style != nil || $0.image != nil || $0.text?.color != nil }
    }
}

extension LayoutDocumentDecoder {
    typealias StyleStep = JSONPositions.Step

    /// The style fields of a view entry (`style`, `image`, and a text item's `color`), checked.
    func decodeLook(_ value: JSONValue, into entry: inout LayoutDocument.ViewEntry,
                    path: @autoclosure () -> [StyleStep],
                    subject: @autoclosure () -> String) throws(LayoutDocumentError) {
        if let style = value["style"] {
            entry.style = try decodeStyle(style, path: path() + [.key("style")], subject: subject())
        }
        if let color = value["color"] {
            guard entry.text != nil else {
                throw failure(path() + [.key("color")], "\(subject()): color needs a \"text\" field (it is the text's colour)")
            }
            entry.text?.color = try colour(color, path: path() + [.key("color")], subject: subject(), field: "color")
        }
        if let image = value["image"] {
            for (field, present) in [("text", entry.text != nil), ("stack", entry.stack != nil)] where present {
                throw failure(path() + [.key("image")], "\(subject()): a view cannot be both an image and a \(field == "text" ? "text item" : "stack")")
            }
            entry.image = try decodeImage(image, path: path() + [.key("image")], subject: subject())
        }
    }

    /// A `style` object.
    func decodeStyle(_ value: JSONValue, path: @autoclosure () -> [StyleStep],
                     subject: @autoclosure () -> String) throws(LayoutDocumentError)
        -> LayoutDocument.StyleEntry
    {
        guard case .object(let members) = value else {
            throw failure(path(), "\(subject()): style must be an object such as {\"background\": \"#ffffff\", "
                + "\"cornerRadius\": 8}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["background", "borderWidth", "borderColor", "cornerRadius", "opacity", "clipsToBounds"],
                      path: path(), subject: "\(subject()): style")
        var style = LayoutDocument.StyleEntry()
        if let background = value["background"] {
            style.background = try colour(background, path: path() + [.key("background")], subject: subject(),
                                          field: "style.background")
        }
        if let border = value["borderColor"] {
            style.borderColor = try colour(border, path: path() + [.key("borderColor")], subject: subject(), field: "style.borderColor")
        }
        for field in ["borderWidth", "cornerRadius", "opacity"] {
            guard let fieldValue = value[field] else { continue }
            let upper = field == "opacity" ? 1 : LayoutDocument.maximumMagnitude
            guard case .number(let number) = fieldValue, number >= 0, number <= upper else {
                let range = field == "opacity" ? "from 0 (transparent) to 1 (opaque)" : "between 0 and 1e6 (points)"
                throw failure(path() + [.key(field)], "\(subject()): style.\(field) must be a number \(range), found \(Self.shown(fieldValue))")
            }
            switch field {
            case "borderWidth": style.borderWidth = number + 0
            case "cornerRadius": style.cornerRadius = number + 0
            default: style.opacity = number + 0
            }
        }
        if let clips = value["clipsToBounds"] {
            style.clipsToBounds = try flag(clips, path: path() + [.key("clipsToBounds")], subject: subject(),
                                           field: "style.clipsToBounds")
        }
        return style
    }

    /// An `image` object: a `file` and an optional `contentMode`.
    func decodeImage(_ value: JSONValue, path: @autoclosure () -> [StyleStep],
                     subject: @autoclosure () -> String) throws(LayoutDocumentError)
        -> LayoutDocument.ImageEntry
    {
        guard case .object(let members) = value else {
            throw failure(path(), "\(subject()): image must be an object such as {\"file\": \"avatar.png\", "
                + "\"contentMode\": \"scaleAspectFill\"}, found \(value.kind)")
        }
        try checkKeys(members, allowed: ["file", "contentMode"], path: path(), subject: "\(subject()): image")
        guard case .string(let file)? = value["file"], !file.isEmpty, file.unicodeScalars.count <= 4096,
              !file.unicodeScalars.contains(where: { $0.value < 0x20 })
        else {
            throw failure(value["file"] == nil ? path() : path() + [.key("file")], "\(subject()): image.file must be the path of a "
                + "PNG file, relative to the document's folder, found \(value["file"].map(Self.shown) ?? "nothing")")
        }
        let place = positions.offset(of: path() + [.key("file")]).map(positions.location(of:)) ?? (0, 0)
        var entry = LayoutDocument.ImageEntry(file: file, line: place.0, column: place.1)
        if let mode = value["contentMode"] {
            guard case .string(let name) = mode, LayoutDocument.ImageEntry.contentModes.contains(name) else {
                throw failure(path() + [.key("contentMode")], "\(subject()): image.contentMode must be one of "
                    + LayoutDocument.ImageEntry.contentModes.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", found \(Self.shown(mode))")
            }
            entry.contentMode = name
        }
        return entry
    }

    /// A colour value: `#RRGGBB` or `#RRGGBBAA`.
    private func colour(_ value: JSONValue, path: @autoclosure () -> [StyleStep], subject: @autoclosure () -> String,
                        field: @autoclosure () -> String) throws(LayoutDocumentError)
        -> String
    {
        guard case .string(let text) = value, LayoutDocument.StyleEntry.isColor(text) else {
            throw failure(path(), "\(subject()): \(field()) must be a colour \"#RRGGBB\" or \"#RRGGBBAA\" (hexadecimal), "
                + "found \(Self.shown(value))")
        }
        return text
    }
}
