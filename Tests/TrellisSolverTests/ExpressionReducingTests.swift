import Testing
@testable import TrellisSolver

/// `LinearExpression(reducing:constant:)` (the one reduced form the layout engine asks for) and
/// `ExpressionText` (the one way an expression is written), against independent references.
@Suite("Expression reducing and text")
struct ExpressionReducingTests {
    /// The reduced form written the plain way: sums in the order written, by variable creation,
    /// zero sums dropped.
    private static func reference(_ terms: [Term]) -> [(id: UInt64, coefficient: Double)] {
        var sums: [UInt64: Double] = [:]
        for term in terms { sums[term.variable.id, default: 0] += term.coefficient }
        return sums.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @Test("init(reducing:constant:) matches the plain reduced form and reduced(), for short and long rows")
    func reducingMatchesReference() {
        let variables = (0..<6).map { Variable("v\($0)") }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let coefficients: [Double] = [1, -1, 2, -2, 0, 0.5, 3]
        for _ in 0..<500 {
            let count = next(14)   // 0...13 terms: both the short path and the hashed one
            let terms = (0..<count).map { _ in Term(variables[next(variables.count)], coefficients[next(coefficients.count)]) }
            let constant = [0.0, -0.0, 4, -7.5][next(4)]
            let reducing = LinearExpression(reducing: terms, constant: constant)
            let expected = Self.reference(terms)
            #expect(reducing.terms.map(\.variable.id) == expected.map(\.id))
            #expect(reducing.terms.map(\.coefficient) == expected.map(\.coefficient))
            #expect(reducing.constant == constant)
            #expect(reducing.constant.sign == (constant < 0 ? .minus : .plus))
            let reduced = LinearExpression(terms, constant: constant).reduced()
            #expect(reduced.terms.map(\.variable.id) == expected.map(\.id))
            #expect(reduced.terms.map(\.coefficient) == expected.map(\.coefficient))
        }
    }

    @Test("init(reducing:constant:) keeps an already reduced row as it is and drops the sign of a zero constant")
    func reducingKeepsReducedRows() {
        let x = Variable("x"), y = Variable("y")
        let row = LinearExpression(reducing: [Term(x, 2), Term(y, -1)], constant: -0.0)
        #expect(row.terms.map(\.variable.id) == [x.id, y.id])
        #expect(row.constant.sign == .plus)
        #expect(LinearExpression(reducing: [Term(x, 0)], constant: 1).terms.isEmpty)
        #expect(LinearExpression(reducing: [Term(y, 1), Term(x, 1), Term(y, -1)], constant: 0).terms.map(\.variable.id) == [x.id])
    }

    @Test("ExpressionText writes coefficients before or after the names, signs as operators")
    func textOrders() {
        let entries: [(name: String, coefficient: Double)] = [("x", 2), ("y", -1), ("z", -0.5)]
        #expect(ExpressionText.format(entries, constant: 10, order: .coefficientFirst,
                                      coefficient: \.coefficient, name: \.name) == "2 * x - y - 0.5 * z + 10")
        #expect(ExpressionText.format(entries, constant: -10, order: .coefficientLast,
                                      coefficient: \.coefficient, name: \.name) == "x * 2 - y - z * 0.5 - 10")
        #expect(ExpressionText.format([(name: String, coefficient: Double)](), constant: -3, order: .coefficientFirst,
                                      coefficient: \.coefficient, name: \.name) == "-3")
        let x = Variable("x"), y = Variable("y")
        #expect((2 * x - y + 1).description == "2 * x - y + 1")
    }
}
