import TestSupport
import Testing

@testable import TransitionEngine

/// A retarget keeps every element's velocity with spring timing (finite differences
/// just before and just after agree), and keeps positions with any curve without
/// speeding elements past what the new leg itself would.
@Suite struct RetargetVelocityTests {
    static let viewport = Viewport(width: 200, height: 300)
    static let h = 1e-3

    /// The frame of the source element `key` at `time` in the scene's transition.
    static func frame(_ scene: Scene, _ key: ElementKey, _ time: Double) -> Rect? {
        guard let f = scene.frame(at: time) else { return nil }
        return f.geometry.attributes(
            of: key, inSource: true, at: f.sample.progress, carry: f.sample.carry)?.frame
    }

    /// Frame velocity (origin and size per second) from one side of `t`: one-sided
    /// finite differences over 1 ms steps, of third order, so that the acceleration
    /// (which a spring changes at once) and the jerk do not enter the estimate: a
    /// first-order difference would mix in half a millisecond of acceleration.
    static func velocity(_ scene: Scene, _ key: ElementKey, at t: Double, after: Bool) -> [Double]?
    {
        let s = after ? 1.0 : -1.0
        guard let f0 = frame(scene, key, t), let f1 = frame(scene, key, t + s * h),
            let f2 = frame(scene, key, t + 2 * s * h), let f3 = frame(scene, key, t + 3 * s * h)
        else { return nil }
        func d(_ v: (Rect) -> Double) -> Double {
            s * (-11 * v(f0) + 18 * v(f1) - 9 * v(f2) + 2 * v(f3)) / (6 * h)
        }
        return [d(\.minX), d(\.minY), d(\.size.width), d(\.size.height)]
    }

    static func agree(_ a: [Double], _ b: [Double]) -> Bool {
        let speed = (a[0] * a[0] + a[1] * a[1]).squareRoot()
        return zip(a, b).allSatisfy { abs($0 - $1) <= 0.02 * Swift.max(speed, abs($0)) + 1 }
    }

    static let list = LayoutSpec.list(ListLayout(rowHeight: 40))
    static let grid = LayoutSpec.grid(GridLayout(columns: 2))
    static let list60 = LayoutSpec.list(ListLayout(rowHeight: 60))
    static let criticalSpring = TimingCurve.spring(
        Spring(response: 0.4, dampingFraction: 1), initialVelocity: 0)

    @Test(arguments: [0.5, 0.9, 0.99])
    func theIssuesRetargetKeepsItem1sVelocity(at t: Double) throws {
        var scene = try Scene(spec: Self.list, model: ItemModel(count: 3), viewport: Self.viewport)
        _ = try scene.startTransition(to: Self.grid, timing: TransitionTiming(duration: 1), at: 0)
        let key = ElementKey.cell(0, 1)
        let before = try #require(Self.velocity(scene, key, at: t, after: false))
        #expect(approx(before[0], 100, tolerance: 1e-6) && approx(before[1], -40, tolerance: 1e-6))
        let position = try #require(Self.frame(scene, key, t))
        _ = try scene.retarget(
            to: Self.list60, timing: TransitionTiming(curve: Self.criticalSpring), at: t)
        #expect(approx(try #require(Self.frame(scene, key, t)), position))
        let after = try #require(Self.velocity(scene, key, at: t, after: true))
        #expect(Self.agree(before, after), "before \(before), after \(after)")
        // The progress leg starts at rest; the element's own momentum carries it.
        #expect(scene.frame(at: t)?.sample.velocity == 0)
        // It still lands exactly on the new layout, and ends once.
        var time = t
        var end: TransitionEnd? = nil
        while end == nil && time < t + 10 {
            time += 1.0 / 60
            end = scene.advance(to: time).end?.end
        }
        #expect(end?.reason == .finished)
        #expect(
            scene.placed.layout.attributes(at: key)?.frame
                == Rect(x: 0, y: 60, width: 200, height: 60))
    }

    @Test func retargetingASpringInOvershootKeepsItsDirection() throws {
        var scene = try Scene(spec: Self.list, model: ItemModel(count: 3), viewport: Self.viewport)
        let bouncy = TimingCurve.spring(
            Spring(response: 0.4, dampingFraction: 0.4), initialVelocity: 0)
        _ = try scene.startTransition(to: Self.grid, timing: TransitionTiming(curve: bouncy), at: 0)
        let t = 0.2
        #expect(try #require(scene.frame(at: t)).sample.progress > 1)
        for item in 0..<3 {
            let key = ElementKey.cell(0, item)
            let before = try #require(Self.velocity(scene, key, at: t, after: false))
            var next = scene
            _ = try next.retarget(
                to: Self.list60, timing: TransitionTiming(curve: Self.criticalSpring), at: t)
            let after = try #require(Self.velocity(next, key, at: t, after: true))
            #expect(Self.agree(before, after), "item \(item): before \(before), after \(after)")
        }
    }

    static func randomCurve(_ rng: inout SeededRandom) -> TimingCurve {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return .easing(.linear)
        case 1:
            return .easing(
                [.quadraticEaseInOut, .sineEaseOut, .cubicEaseIn, .backEaseOut].randomElement(
                    using: &rng)!)
        case 2: return .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        default: return randomSpring(&rng)
        }
    }

    static func randomSpring(_ rng: inout SeededRandom) -> TimingCurve {
        .spring(
            Spring(
                response: Double.random(in: 0.2...0.8, using: &rng),
                dampingFraction: Double.random(in: 0.3...1.3, using: &rng)),
            initialVelocity: 0)
    }

    /// Property: random layouts and curves, retargeted (once or twice) with a spring at
    /// a random moment: every source element's velocity is continuous.
    @Test(arguments: 0..<30)
    func springRetargetsKeepEveryVelocity(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        let model = ItemModel(count: Int.random(in: 1...40, using: &rng))
        let viewport = Viewport(width: rng.quarter(200...400), height: rng.quarter(300...700))
        var scene = try Scene(
            spec: TransitionPropertyTests.randomSpec(&rng), model: model, viewport: viewport,
            contentOffset: Point(x: 0, y: rng.quarter(0...400)))
        let first = Self.randomCurve(&rng)
        _ = try scene.startTransition(
            to: TransitionPropertyTests.randomSpec(&rng),
            timing: TransitionTiming(duration: 0.6, curve: first), at: 0)
        var t = Double.random(in: 0.02...0.5, using: &rng)
        for round in 0..<Int.random(in: 1...2, using: &rng) {
            let keys =
                scene.frame(at: t).map { f in
                    f.geometry.from.layout.allAttributes().map(\.key)
                } ?? []
            var befores: [ElementKey: [Double]] = [:]
            for key in keys { befores[key] = Self.velocity(scene, key, at: t, after: false) }
            _ = try scene.retarget(
                to: TransitionPropertyTests.randomSpec(&rng),
                timing: TransitionTiming(curve: Self.randomSpring(&rng)),
                at: t)
            var checked = 0
            for key in keys {
                guard let before = befores[key],
                    let after = Self.velocity(scene, key, at: t, after: true)
                else { continue }
                // A size held at 0 has a kink there; finite differences cannot see its velocity.
                if let f = Self.frame(scene, key, t), f.size.width <= 0.5 || f.size.height <= 0.5 {
                    continue
                }
                #expect(
                    Self.agree(before, after),
                    "seed \(seed) round \(round) \(key): \(before) vs \(after)")
                checked += 1
            }
            #expect(checked > 0 || keys.isEmpty)
            t += Double.random(in: 0.02...0.3, using: &rng)
        }
    }

    /// Property: with other curves, positions are continuous and no element moves faster
    /// than the faster of its speed before and the new leg's own peak speed.
    @Test(arguments: 0..<20)
    func otherCurvesKeepPositionsAndBoundSpeeds(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 3)
        let model = ItemModel(count: Int.random(in: 1...30, using: &rng))
        let viewport = Viewport(width: rng.quarter(200...400), height: rng.quarter(300...700))
        var scene = try Scene(
            spec: TransitionPropertyTests.randomSpec(&rng), model: model, viewport: viewport)
        _ = try scene.startTransition(
            to: TransitionPropertyTests.randomSpec(&rng),
            timing: TransitionTiming(duration: 0.6, curve: Self.randomCurve(&rng)), at: 0)
        let t = Double.random(in: 0.05...0.5, using: &rng)
        let keys = scene.frame(at: t)!.geometry.from.layout.allAttributes().map(\.key)
        var speedBefore: [ElementKey: Double] = [:]
        var positions: [ElementKey: Rect] = [:]
        for key in keys {
            guard let v = Self.velocity(scene, key, at: t, after: false),
                let f = Self.frame(scene, key, t)
            else { continue }
            speedBefore[key] = (v[0] * v[0] + v[1] * v[1]).squareRoot()
            positions[key] = f
        }
        let curve: TimingCurve = [
            .easing(.linear), .easing(.quadraticEaseInOut),
            .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1),
        ]
        .randomElement(using: &rng)!
        let leg = Double.random(in: 0.1...0.6, using: &rng)
        _ = try scene.retarget(
            to: TransitionPropertyTests.randomSpec(&rng),
            timing: TransitionTiming(duration: leg, curve: curve), at: t)
        let geometry = scene.active!.geometry
        let animator = scene.active!.animator
        // The leg's own peak progress speed, sampled.
        let steps = 240
        var peakRate = 0.0
        for i in 0...steps {
            peakRate = Swift.max(
                peakRate, abs(animator.sample(at: t + leg * Double(i) / Double(steps)).velocity))
        }
        for key in keys {
            guard let start = positions[key], let before = speedBefore[key] else { continue }
            #expect(approx(try #require(Self.frame(scene, key, t)), start, tolerance: 1e-9))
            guard let a = geometry.attributes(of: key, inSource: true, at: 0),
                let b = geometry.attributes(of: key, inSource: true, at: 1)
            else { continue }
            let distance =
                ((b.frame.minX - a.frame.minX) * (b.frame.minX - a.frame.minX)
                + (b.frame.minY - a.frame.minY) * (b.frame.minY - a.frame.minY)).squareRoot()
            let bound = Swift.max(before, distance * peakRate)
            for i in 0..<steps {
                let u = t + leg * Double(i) / Double(steps)
                guard let f0 = Self.frame(scene, key, u), let f1 = Self.frame(scene, key, u + 1e-4)
                else { continue }
                let speed =
                    ((f1.minX - f0.minX) * (f1.minX - f0.minX) + (f1.minY - f0.minY)
                        * (f1.minY - f0.minY))
                    .squareRoot() / 1e-4
                #expect(
                    speed <= bound * 1.02 + 1, "seed \(seed) \(key) at \(u): \(speed) > \(bound)")
            }
        }
    }
}
