import ArgumentParser
import Foundation
import Trellis
import TrellisDocument
import TrellisText

extension TrellisCommand.Layout {
    /// The images of a document's image views, by view id, read from files relative to the
    /// document's folder.
    typealias DocumentImages = [String: Image]

    /// Reads the image of every view with `"image"` (paths relative to the folder of `file`, the
    /// current folder for standard input) and gives each such view without an `intrinsicSize`
    /// the image's size. A missing or unreadable file is an error at the `file` value.
    /// The document of `bytes`, to be built right after its images are loaded: validated as
    /// `LayoutDocument.parse` does, but built only once, by `makeLayout`, which throws the same
    /// errors as the check of `parse` — unless the document shows images, whose loading can fail
    /// too: then the check runs first, so a document with a bad constraint and a missing image
    /// reports the constraint, as before.
    static func readDocument(_ bytes: [UInt8], name: String) throws(LayoutDocumentError) -> LayoutDocument {
        let document = try LayoutDocument.decode(bytes, name: name)
        if document.views.contains(where: { $0.image != nil }) { try document.checkBuilds() }
        return document
    }

    static func loadImages(of document: inout LayoutDocument, file: String) throws(LayoutDocumentError) -> DocumentImages {
        let folder = file == "-" ? FileManager.default.currentDirectoryPath
            : URL(fileURLWithPath: file).deletingLastPathComponent().path
        var images: DocumentImages = [:]
        for index in document.views.indices {
            guard let entry = document.views[index].image else { continue }
            let path = entry.file.hasPrefix("/") ? entry.file : URL(fileURLWithPath: folder).appendingPathComponent(entry.file).path
            do {
                let image = try Image(contentsOfFile: path)
                images[document.views[index].id] = image
                if document.views[index].intrinsicSize == nil { document.views[index].intrinsicSize = image.size }
            } catch {
                let reason: String = if case .unreadableImage(_, let why) = error { why } else { "\(error)" }
                throw LayoutDocumentError("views[\(index)] (id \"\(document.views[index].id)\"): image.file \"\(entry.file)\": "
                    + "cannot read \(path): \(reason)", line: entry.line, column: entry.column)
            }
        }
        return images
    }

    /// The view factory of pictures: an ``ImageView`` for an entry with an image, a ``Label``
    /// (in its text colour) for a text item (the model's view with `--text-model`), else the
    /// default view.
    static func viewFactory(images: DocumentImages, textModel: Bool) -> (LayoutDocument.ViewEntry) -> View {
        { entry in
            if let imageEntry = entry.image {
                return ImageView(id: entry.id, image: images[entry.id],
                                 contentMode: ContentMode(rawValue: imageEntry.contentMode) ?? .scaleToFill)
            }
            if textModel { return LayoutDocument.defaultView(for: entry) }
            let view = Label.documentView(for: entry)
            if let label = view as? Label, let hex = entry.text?.color, let color = Color(hex: hex) { label.textColor = color }
            return view
        }
    }

    /// The views under `root` by id.
    static func viewsByID(under root: View) -> [String: View] {
        var views: [String: View] = [:]
        var pending = [root]
        while let view = pending.popLast() {
            if let id = view.id { views[id] = view }
            pending += view.subviews
        }
        return views
    }

    /// The finished picture's styles of a document's views.
    static func styles(of document: LayoutDocument, views: [String: View]) -> PictureStyles {
        var styles = PictureStyles()
        for entry in [document.root] + document.views {
            guard let style = entry.style, let view = views[entry.id] else { continue }
            styles[view] = ViewStyle(background: style.background.flatMap(Color.init(hex:)), borderWidth: style.borderWidth,
                                     borderColor: style.borderColor.flatMap(Color.init(hex:)) ?? .black,
                                     cornerRadius: style.cornerRadius, opacity: style.opacity,
                                     clipsToBounds: style.clipsToBounds)
        }
        return styles
    }

    /// Whether this run draws finished pictures: `--finished`, or a document with styles unless `--wireframe`.
    func drawsFinished(_ document: LayoutDocument?) -> Bool {
        finished || (!wireframe && document?.hasStyles == true)
    }

    /// Writes `--svg`, `--png` and `--pdf`: finished pictures (Cairo, no margin) or the wireframe
    /// (the SVG renderer's labelled boxes; Cairo's boxes with 8 points of white around them),
    /// the conflicting views outlined in red in each.
    func writePictures(_ result: DocumentLayoutResult, layout: DocumentLayout?, document: LayoutDocument?) throws {
        let finishedPicture = drawsFinished(document)
        if let svg, !finishedPicture {
            try PictureOptions.write(SVGRenderer().render([Self.picture(of: result, labelsUnder: layout?.root)]), to: svg)
        }
        guard png != nil || pdf != nil || (svg != nil && finishedPicture), let layout else { return }
        // The frames of this layout (conflicts relaxed, if any), then the pictures with real text.
        if let snapshot = result.snapshot { snapshot.apply(to: layout.root) }
        let views = Self.viewsByID(under: layout.root)
        let conflicting = result.conflictingItems.compactMap { views[$0] }
        let styles = finishedPicture ? document.map { Self.styles(of: $0, views: views) } ?? PictureStyles() : nil
        let overlay = finishedPicture && wireframe
        let margin: Double = finishedPicture ? 0 : 8
        var path = ""
        do {
            if let png {
                path = png
                try Self.writeBytes(try PictureRenderer.png(of: layout.root, styles: styles, wireframe: overlay, conflicting: conflicting,
                                                            scale: scale, margin: margin), to: png)
            }
            if let pdf {
                path = pdf
                try Self.writeBytes(try PictureRenderer.pdf(of: layout.root, styles: styles, wireframe: overlay, conflicting: conflicting,
                                                            margin: margin), to: pdf)
            }
            if let svg, finishedPicture {
                path = svg
                try PictureOptions.write(try PictureRenderer.svg(of: layout.root, styles: styles, wireframe: overlay,
                                                                 conflicting: conflicting, margin: margin), to: svg)
            }
        } catch let error as PictureRenderingError {
            throw CommandFailure(message: "\(path): \(error)", code: 1)
        }
    }
}
