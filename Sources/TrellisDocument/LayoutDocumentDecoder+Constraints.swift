import Trellis
import TrellisSupport

// Decoding `constraints` entries (also a layout set case's): the string parsed, placed in the document.
extension LayoutDocumentDecoder {
    // MARK: - Constraints

    func decodeConstraint(_ value: JSONValue, index: Int, arrayPath: [Step] = [.key("constraints")],
                                  arrayName: String = "constraints")
        throws(LayoutDocumentError)
        -> LayoutDocument.ConstraintEntry
    {
        var path: [Step] = arrayPath + [.index(index)]
        let text: String
        var label: String?
        switch value {
        case .string(let string):
            text = string
        case .object(let members):
            try checkKeys(members, allowed: ["constraint", "label"], path: path, subject: "\(arrayName)[\(index)]")
            guard case .string(let string)? = value["constraint"] else {
                throw failure(path, "\(arrayName)[\(index)]: an object entry needs a \"constraint\" string")
            }
            if let labelValue = value["label"] {
                guard case .string(let labelText) = labelValue else {
                    throw failure(path + [.key("label")], "\(arrayName)[\(index)]: label must be a string, found \(labelValue.kind)")
                }
                label = labelText
            }
            text = string
            path.append(.key("constraint"))
        default:
            throw failure(path, "\(arrayName)[\(index)] must be a string such as \"a~.top == b~.bottom + 8\" or an "
                + "object with a \"constraint\" string, found \(value.kind)")
        }
        // The string: the element itself, or an object entry's "constraint".
        let offset = positions.offset(of: path)
        let start: (line: Int, column: Int) = offset.map(positions.location(of:)) ?? (0, 0)
        let columns = offset.flatMap(positions.scalarColumns(ofStringAt:))
        do throws(ConstraintSyntaxError) {
            let syntax = try ConstraintParser.parse(text)
            if let own = syntax.label, label != nil, own != label {
                throw ConstraintSyntaxError("the label is given twice (in the string and in the \"label\" field)",
                                            column: 1)
            }
            return LayoutDocument.ConstraintEntry(index: index, syntax: syntax, label: label ?? syntax.label,
                                                  line: start.line, column: start.column, escapedColumns: columns,
                                                  arrayName: arrayName)
        } catch {
            let shown = LayoutDocument.ConstraintEntry.shortened(text)
            let column = columns.map { $0[min(max(error.column, 1), $0.count) - 1] } ?? start.column + error.column
            throw LayoutDocumentError("\(arrayName)[\(index)] \"\(shown)\", column \(error.column): \(error.message)",
                                      line: start.line, column: column)
        }
    }
}
