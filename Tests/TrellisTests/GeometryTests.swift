import Foundation
import Testing
import Trellis

@Suite("Geometry")
struct GeometryTests {
    @Test("rectangle accessors")
    func rect() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.minX == 10 && r.midX == 60 && r.maxX == 110)
        #expect(r.minY == 20 && r.midY == 45 && r.maxY == 70)
        #expect(r.origin == Point(x: 10, y: 20) && r.size == Size(width: 100, height: 50))
        #expect(r == Rect(origin: Point(x: 10, y: 20), size: Size(width: 100, height: 50)))
        #expect(r.width == 100 && r.height == 50)
        #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0) && Point.zero == Point(x: 0, y: 0) && Size.zero.width == 0)
    }

    @Test("insets")
    func insets() {
        #expect(EdgeInsets(8) == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(EdgeInsets.zero == EdgeInsets(0))
        let d = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(d.resolved(for: .leftToRight) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(d.resolved(for: .rightToLeft) == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
        #expect(DirectionalEdgeInsets(5) == DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5))
    }

    @Test("descriptions")
    func descriptions() {
        #expect(Point(x: 1, y: 2.5).description == "(1, 2.5)")
        #expect(Size(width: 60, height: 40).description == "60 × 40")
        #expect(Rect(x: 0, y: -0.5, width: 3, height: 4).description == "(0, -0.5, 3, 4)")
        #expect(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4).description == "(top 1, left 2, bottom 3, right 4)")
        #expect(DirectionalEdgeInsets(1).description == "(top 1, leading 1, bottom 1, trailing 1)")
    }

    @Test("Codable round trips")
    func codable() throws {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(try JSONDecoder().decode(Rect.self, from: JSONEncoder().encode(rect)) == rect)
        #expect(try JSONDecoder().decode(EdgeInsets.self, from: JSONEncoder().encode(insets)) == insets)
        let set: Set<Point> = [Point(x: 1, y: 1), Point(x: 1, y: 1)]
        #expect(set.count == 1)
    }
}
