import Testing
@testable import TrellisSolver

/// The quick test `Solver.add` runs first must accept exactly the numbers the full check does.
@Suite("Number check")
struct NumberCheckTests {
    @Test("isUsable agrees with problem(_:) at every edge")
    func quickCheckAgrees() {
        let values: [Double] = [0, -0.0, 1, -1, 1e15, -1e15, 1e15.nextUp, (-1e15).nextDown, .nan, .infinity, -.infinity,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                                Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, 0.1, 123.456]
        for value in values {
            #expect(NumberCheck.isUsable(value) == (NumberCheck.problem(value) == nil), "\(value)")
        }
    }

    @Test("A constraint with one bad number still reports it, first bad term first")
    func badNumberReported() {
        let x = Variable("x"), y = Variable("y")
        let c = Constraint(LinearExpression([Term(x, 2), Term(y, .leastNonzeroMagnitude)], constant: .infinity), .equal)
        #expect(c.numberProblem == "coefficient of y \(Double.leastNonzeroMagnitude) is subnormal (too close to zero to compute with)")
        #expect(Constraint(LinearExpression([Term(x, 2)], constant: 1e16), .equal).numberProblem
                == "constant 1e+16 exceeds the supported magnitude 1e15")
        #expect(Constraint(LinearExpression([Term(x, 2)], constant: 3), .equal).numberProblem == nil)
    }
}
