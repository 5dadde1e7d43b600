// Trellis: constraint layout for Swift on Linux.
//
// `import Trellis` gives the layout model (views, layout guides, constraints, the layout pass)
// and the Tails DSL; it re-exports the solver module, so `Variable`, `LinearExpression`, `Constraint`,
// `Solver`, `Strength`, `Priority` and `TrellisError` are available too.

@_exported import TrellisSolver
