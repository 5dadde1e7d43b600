extension Array {
    /// `count` copies of `value`: what `Array(repeating:count:)` makes, by the specialized path.
    ///
    /// That initializer allocates through a standard-library function the compiler cannot
    /// specialize, which looks the storage type up in the runtime's metadata cache at every
    /// call (a few hundred instructions), then fills element by element; appending a
    /// repetition to an empty array allocates by the specialized path and fills in bulk (eight
    /// doubles, compiled `-O`: 824 → 697 instructions a call; a thousand: 8,970 → 2,078). The
    /// solver and the layout pass make thousands of small arrays a pass.
    @inlinable package init(filled value: Element, count: Int) {
        self.init()
        append(contentsOf: repeatElement(value, count: count))
    }
}
