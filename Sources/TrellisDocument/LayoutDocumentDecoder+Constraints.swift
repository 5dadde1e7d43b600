import Trellis
import TrellisSupport

// Decoding `constraints` entries (also a layout set case's): the string parsed, placed in the document.
extension LayoutDocumentDecoder {
    // MARK: - Constraints

    /// A constraint entry, `index` in the array at `arrayPath`; `elementOffset` is where the
    /// element is in the text, when the caller knows it (as `decode()` does for every element of
    /// `constraints`, read in one walk).
    func decodeConstraint(_ value: JSONValue, index: Int, arrayPath: [Step],
                          arrayName: String = "constraints", elementOffset: Int? = nil)
        throws(LayoutDocumentError)
        -> LayoutDocument.ConstraintEntry
    {
        let text: String
        var label: String?
        let offset: Int?
        switch value {
        case .string(let string):
            text = string
            offset = elementOffset ?? positions.offset(of: arrayPath + [.index(index)])
        case .object(let members):
            let path: [Step] = arrayPath + [.index(index)]
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
            offset = positions.offset(of: path + [.key("constraint")])
        default:
            throw failure(arrayPath + [.index(index)], "\(arrayName)[\(index)] must be a string such as "
                + "\"a~.top == b~.bottom + 8\" or an object with a \"constraint\" string, found \(value.kind)")
        }
        // The string: the element itself, or an object entry's "constraint".
        // (Written out: `offset.map(positions.location(of:))` allocates a closure per entry.)
        var start = (line: 0, column: 0)
        var columns: [Int]?
        if let offset {
            start = positions.location(of: offset)
            columns = positions.scalarColumns(ofStringAt: offset)
        }
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
