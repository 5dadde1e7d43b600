// The relations of ``LayoutAnchorsArray``: one relation per item, each with the same right side.

extension LayoutAnchorsArray {
    /// One `==` relation per item: `[a, b]~.height == a~.top`.
    public static func == (lhs: LayoutAnchorsArray, rhs: LayoutAnchors) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == a~.width * 2`.
    public static func == (lhs: LayoutAnchorsArray, rhs: LayoutExpression) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == 16`.
    public static func == (lhs: LayoutAnchorsArray, rhs: Double) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == Point(x: 0, y: 20)`.
    public static func == (lhs: LayoutAnchorsArray, rhs: Point) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == Size(width: 60, height: 40)`.
    public static func == (lhs: LayoutAnchorsArray, rhs: Size) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == EdgeInsets(8)`.
    public static func == (lhs: LayoutAnchorsArray, rhs: EdgeInsets) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `==` relation per item: `[a, b]~.height == DirectionalEdgeInsets(leading: 16, trailing: 16)`.
    public static func == (lhs: LayoutAnchorsArray, rhs: DirectionalEdgeInsets) -> [LayoutRelation] {
        lhs.relations(.equal, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= a~.top`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: LayoutAnchors) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= a~.width * 2`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: LayoutExpression) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= 16`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: Double) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= Point(x: 0, y: 20)`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: Point) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= Size(width: 60, height: 40)`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: Size) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= EdgeInsets(8)`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: EdgeInsets) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `<=` relation per item: `[a, b]~.height <= DirectionalEdgeInsets(leading: 16, trailing: 16)`.
    public static func <= (lhs: LayoutAnchorsArray, rhs: DirectionalEdgeInsets) -> [LayoutRelation] {
        lhs.relations(.lessThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= a~.top`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: LayoutAnchors) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= a~.width * 2`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: LayoutExpression) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= 16`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: Double) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= Point(x: 0, y: 20)`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: Point) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= Size(width: 60, height: 40)`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: Size) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= EdgeInsets(8)`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: EdgeInsets) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

    /// One `>=` relation per item: `[a, b]~.height >= DirectionalEdgeInsets(leading: 16, trailing: 16)`.
    public static func >= (lhs: LayoutAnchorsArray, rhs: DirectionalEdgeInsets) -> [LayoutRelation] {
        lhs.relations(.greaterThanOrEqual, rhs.layoutExpression)
    }

}
