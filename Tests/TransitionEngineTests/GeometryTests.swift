import Testing

@testable import TransitionEngine

@Suite struct GeometryTests {
    @Test func halfOpenIntersection() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
        #expect(!r.intersects(Rect(x: 10, y: 0, width: 10, height: 10)))
        #expect(!r.intersects(Rect(x: 0, y: -10, width: 10, height: 10)))
        // A zero-size element is found by a rect that contains its position.
        #expect(Rect(x: 3, y: 3, width: 0, height: 0).intersects(r))
        #expect(!Rect(x: 10, y: 3, width: 0, height: 0).intersects(r))
    }

    @Test func unionAndInset() {
        let u = Rect(x: 0, y: 0, width: 10, height: 10).union(
            Rect(x: 20, y: -5, width: 5, height: 5))
        #expect(u == Rect(x: 0, y: -5, width: 25, height: 15))
        let i = Rect(x: 0, y: 0, width: 100, height: 50).inset(
            by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(i == Rect(x: 2, y: 1, width: 94, height: 46))
    }

    @Test func indexPathOrder() {
        #expect(IndexPath(0, 5) < IndexPath(1, 0))
        #expect(IndexPath(1, 2) < IndexPath(1, 3))
        #expect(!(IndexPath(1, 3) < IndexPath(1, 3)))
    }
}
