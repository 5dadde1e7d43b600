/// SnapKit's priority names, answered by the compiler with Auto Layout's (which Trellis uses).
extension Priority {
    /// SnapKit's `.high`.
    @available(*, unavailable, renamed: "defaultHigh")
    public static var high: Priority { .defaultHigh }

    /// SnapKit's `.low`.
    @available(*, unavailable, renamed: "defaultLow")
    public static var low: Priority { .defaultLow }

    /// SnapKit's `.medium`.
    @available(*, unavailable, message: "Auto Layout has no medium level: write a number (500) or .defaultHigh - 1")
    public static var medium: Priority { 500 }
}
