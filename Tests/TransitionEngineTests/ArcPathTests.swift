import TestSupport
import Testing

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Arc paths: centres travel on circles whose chord is the straight path, bending less
/// for longer travels; `auto` bends toward Material's corner.
@Suite struct ArcPathTests {
    /// Property: random layouts, angles and directions: every moving element's centre
    /// keeps its distance to the arc's centre at every progress, starts and ends at its
    /// two centres, and sweeps the angle the rule gives.
    @Test(arguments: 0..<40)
    func theDistanceToTheArcsCentreStaysConstant(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 4099 &+ 11)
        let model = TransitionPropertyTests.randomModel(&rng)
        let maxAngle = Double.random(in: 5...180, using: &rng)
        let direction = ArcPath.Direction.allCases.randomElement(using: &rng)!
        let t = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), model: model,
            options: TransitionOptions(
                path: .arc(ArcPath(direction: direction, maxAngle: maxAngle))))
        let size = t.from.viewport.size
        let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
        var arcs = 0
        for element in t.allElements() {
            guard let a = element.from, let b = element.to else { continue }
            let dx = b.frame.midX - a.frame.midX
            let dy = b.frame.midY - a.frame.midY
            let d = (dx * dx + dy * dy).squareRoot()
            guard let arc = t.arc(a.frame, b.frame) else {
                // Only a still element, or an axis-aligned one under auto, goes straight.
                #expect(d == 0 || (direction == .auto && (dx == 0 || dy == 0)), "seed \(seed)")
                continue
            }
            arcs += 1
            let expectedAngle = maxAngle * .pi / 180 * min(1, diagonal / d)
            #expect(approx(abs(arc.sweep), expectedAngle, tolerance: 1e-9), "seed \(seed)")
            if direction != .auto { #expect((arc.sweep > 0) == (direction == .clockwise)) }
            for p in stride(from: -1.0, through: 2.0, by: 0.125) {
                guard let e = t.attributes(from: a, to: b, progress: p) else { continue }
                let rx = e.frame.midX - arc.centre.x
                let ry = e.frame.midY - arc.centre.y
                #expect(
                    approx((rx * rx + ry * ry).squareRoot(), arc.radius, tolerance: 1e-9),
                    "seed \(seed) \(a.key) p \(p)")
            }
            #expect(approx(arc.point(at: 0), a.frame.center, tolerance: 1e-9))
            #expect(approx(arc.point(at: 1), b.frame.center, tolerance: 1e-9))
            // Constant angular speed: half way is the arc's midpoint, off the chord by
            // the sagitta R (1 - cos(θ / 2)).
            let mid = arc.point(at: 0.5)
            let off = abs((mid.x - a.frame.midX) * dy - (mid.y - a.frame.midY) * dx) / d
            #expect(approx(off, arc.radius * (1 - cos(expectedAngle / 2)), tolerance: 1e-6))
        }
        #expect(arcs > 0 || seed % 5 != 0)
    }

    /// `auto` bends toward (end x, start y) for an element that ends higher, else toward
    /// (start x, end y); an axis-aligned travel stays straight.
    @Test func autoBendsTowardMaterialsCorner() {
        let path = ArcPath()
        func side(_ s: Point, _ e: Point) -> Double? {
            guard let arc = path.arc(from: s, to: e, reference: 1000) else { return nil }
            let corner = e.y < s.y ? Point(x: e.x, y: s.y) : Point(x: s.x, y: e.y)
            let mid = arc.point(at: 0.5)
            let chord = Point(x: e.x - s.x, y: e.y - s.y)
            let cornerSide = chord.x * (corner.y - s.y) - chord.y * (corner.x - s.x)
            let midSide = chord.x * (mid.y - s.y) - chord.y * (mid.x - s.x)
            return cornerSide * midSide
        }
        for (s, e) in [
            (Point(x: 0, y: 0), Point(x: 100, y: -80)), (Point(x: 0, y: 0), Point(x: -100, y: -80)),
            (Point(x: 0, y: 0), Point(x: 100, y: 80)), (Point(x: 50, y: 20), Point(x: -30, y: 300)),
        ] {
            #expect((side(s, e) ?? 0) > 0, "\(s) -> \(e)")
        }
        // Up and to the right: it leaves horizontally (clockwise on the screen is right then down).
        #expect(path.arc(from: .zero, to: Point(x: 100, y: -80), reference: 1000)!.sweep < 0)
        #expect(path.arc(from: .zero, to: Point(x: 0, y: 80), reference: 1000) == nil)
        #expect(path.arc(from: .zero, to: Point(x: 80, y: 0), reference: 1000) == nil)
        #expect(
            ArcPath(direction: .clockwise).arc(from: .zero, to: Point(x: 80, y: 0), reference: 1000)
                != nil)
    }

    @Test func anAngleOutOfRangeIsRefused() throws {
        var scene = try Scene(
            spec: .list(ListLayout(rowHeight: 40)), model: ItemModel(count: 3),
            viewport: Viewport(width: 200, height: 300))
        #expect(throws: SceneError.self) {
            _ = try scene.startTransition(
                to: .grid(GridLayout(columns: 2)),
                options: TransitionOptions(path: .arc(ArcPath(maxAngle: 0))), at: 0)
        }
    }
}
