/// A value that stands for a linear ``LinearExpression``: a ``Variable``, a ``Term`` or an expression.
///
/// The arithmetic and relation operators of this module are written once, generically over this
/// protocol, which keeps the overload set small (and the type checker fast).
public protocol ExpressionConvertible {
    /// The value as an expression.
    var expression: LinearExpression { get }
}

extension Variable: ExpressionConvertible {
    /// `1 × self`.
    public var expression: LinearExpression { LinearExpression(self) }
}

extension Term: ExpressionConvertible {
    /// The one-term expression.
    public var expression: LinearExpression { LinearExpression([self]) }
}

extension LinearExpression: ExpressionConvertible {
    /// `self`.
    public var expression: LinearExpression { self }
}
