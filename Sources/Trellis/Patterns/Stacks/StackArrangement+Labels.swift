/// The labels of a stack's rows: the stack's name and the row's role ("row3 spacing"), each
/// made once per arrangement.
extension StackArrangement {
    final class Labels {
        /// (role, label) pairs: a handful, found by a scan that compares the roles' addresses
        /// (roles are literals; comparing their text was a fifth of making a row).
        @exclusivity(unchecked) var made: [Made] = []

        /// A role (the address of its literal) and its label. (A struct, not a labelled tuple:
        /// see "A process's first pass" in Benchmarks/README.md.)
        struct Made {
            let role: UnsafeRawPointer
            let label: String
        }
    }

    /// The label of the stack's rows of `role` (a literal word or words, never one character:
    /// a literal of one character has no address).
    func label(_ role: StaticString) -> String {
        let key = UnsafeRawPointer(role.utf8Start)
        // (Compared in place: a loop over the entries copied each one, its label retained.)
        let found = labels.made.withUnsafeBufferPointer { made in made.firstIndex { $0.role == key } }
        if let found { return labels.made[found].label }
        // (Room for a stack's handful of roles at once: growing the list one role at a time
        // was a fifth of what labels cost.)
        if labels.made.isEmpty { labels.made.reserveCapacity(8) }
        let made = Self.join(stack.name, role)
        labels.made.append(Labels.Made(role: key, label: made))
        return made
    }

    /// `name`, a space and `role`, written into one buffer of the right size (an interpolation
    /// of the two was a sixth of making a stack's rows).
    static func join(_ name: String, _ role: StaticString) -> String {
        var name = name
        let count = name.utf8.count + 1 + role.utf8CodeUnitCount
        return name.withUTF8 { head in
            role.withUTF8Buffer { tail in
                String(unsafeUninitializedCapacity: count) { buffer in
                    var end = buffer.initialize(fromContentsOf: head)
                    buffer[end] = UInt8(ascii: " ")
                    end += 1
                    end = buffer[end...].initialize(fromContentsOf: tail)
                    return end
                }
            }
        }
    }
}
