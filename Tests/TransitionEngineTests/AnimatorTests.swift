import TestSupport
import Testing

@testable import TransitionEngine

/// The animator and the scene: events, continuity, and exactly one end per transition.
@Suite struct AnimatorTests {
    static let spring = TimingCurve.spring(
        Spring(response: 0.4, dampingFraction: 0.7), initialVelocity: 0)

    @Test func scrubPausesARunningAnimation() throws {
        var a = Animator(animatedWith: .easing(.linear), duration: 1, at: 0)
        #expect(a.advance(to: 0.25).sample.progress == 0.25)
        try a.scrub(to: 0.6, at: 0.3)
        #expect(a.phase == .paused)
        #expect(a.advance(to: 5).sample.progress == 0.6)
        #expect(a.end == nil)
    }

    @Test func finishAndCancelTakeTheRemainingShare() throws {
        var a = Animator(interactiveWith: .easing(.linear), duration: 2)
        try a.scrub(to: 0.75, at: 0)
        try a.finish(at: 10)
        // 0.25 of 2 s remain.
        #expect(approx(a.advance(to: 10.25).sample.progress, 0.875))
        let end = a.advance(to: 10.5)
        #expect(end.end == TransitionEnd(reason: .finished, progress: 1))
        var b = Animator(interactiveWith: .easing(.linear), duration: 2)
        try b.scrub(to: 0.25, at: 0)
        try b.cancel(at: 1)
        #expect(approx(b.advance(to: 1.25).sample.progress, 0.125))
        let back = b.advance(to: 1.5).end
        #expect(back == TransitionEnd(reason: .cancelled, progress: 0))
        #expect(back?.completed == false && back?.finished == true)
    }

    @Test func subnanosecondDurationsAreInstantWithFiniteVelocity() throws {
        var a = Animator(animatedWith: .easing(.linear), duration: 5e-324, at: 0)
        let first = a.advance(to: 0)
        #expect(first.sample.velocity.isFinite)
        #expect(first.end == TransitionEnd(reason: .finished, progress: 1))
        var b = Animator(interactiveWith: .easing(.linear), duration: 1)
        try b.scrub(to: 0.5, at: 0)
        try b.finish(at: 1, duration: 5e-324)
        let end = b.advance(to: 1)
        #expect(end.sample.velocity.isFinite)
        #expect(end.end == TransitionEnd(reason: .finished, progress: 1))
    }

    /// Numerical velocity: the slope of progress over a small step.
    static func slope(_ a: Animator, at t: Double, h: Double = 1e-6) -> Double {
        (a.sample(at: t + h).progress - a.sample(at: t - h).progress) / (2 * h)
    }

    @Test func scrubThenSpringFinishIsContinuous() throws {
        var a = Animator(interactiveWith: Self.spring, duration: 0.5)
        // Scrub at a steady 0.8 per second.
        for i in 0...10 { try a.scrub(to: 0.04 * Double(i), at: 0.05 * Double(i)) }
        let t0 = 0.5
        try a.finish(at: t0)
        let s = a.sample(at: t0)
        #expect(approx(s.progress, 0.4))
        #expect(approx(s.velocity, 0.8, tolerance: 1e-9))
        // Position and velocity just after the finish match the scrub.
        #expect(approx(a.sample(at: t0 + 1e-7).progress, 0.4 + 0.8e-7, tolerance: 1e-9))
        let forward = (a.sample(at: t0 + 2e-6).progress - a.sample(at: t0).progress) / 2e-6
        #expect(abs(forward - 0.8) < 1e-3)
    }

    @Test func cancellingASpringMidFlightIsContinuous() throws {
        var a = Animator(animatedWith: Self.spring, duration: 0, at: 0)
        let t = 0.12
        let before = a.sample(at: t)
        let slopeBefore = Self.slope(a, at: t - 1e-4)
        try a.cancel(at: t)
        let after = a.sample(at: t)
        #expect(after.progress == before.progress)
        #expect(approx(after.velocity, before.velocity))
        let slopeAfter = Self.slope(a, at: t + 1e-4)
        #expect(abs(slopeAfter - slopeBefore) < 0.05 * abs(slopeBefore) + 1e-3)
        // It returns to 0 and ends once, as cancelled.
        var ends: [TransitionEnd] = []
        var time = t
        while time < 5 {
            time += 1.0 / 60
            if let e = a.advance(to: time).end { ends.append(e) }
        }
        #expect(ends == [TransitionEnd(reason: .cancelled, progress: 0)])
    }

    @Test func eventsAfterTheEndAreRefused() throws {
        var a = Animator(animatedWith: .easing(.linear), duration: 1, at: 0)
        _ = try a.cancelInPlace(at: 0.5)
        #expect(throws: Animator.EventError.ended) { try a.scrub(to: 0.2, at: 1) }
        #expect(throws: Animator.EventError.ended) { try a.finish(at: 1) }
        #expect(throws: Animator.EventError.ended) { _ = try a.interrupt(.superseded, at: 1) }
        #expect(a.advance(to: 2).end == nil)
        #expect(a.end == TransitionEnd(reason: .cancelledInPlace, progress: 0.5))
    }
}

@Suite struct SceneTests {
    static let viewport = Viewport(width: 375, height: 667)
    static let list = LayoutSpec.list(ListLayout(rowHeight: 60))
    static let grid = LayoutSpec.grid(
        GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10)))

    static func scene(offset: Double = 1000) throws -> Scene {
        try Scene(
            spec: list, model: ItemModel(count: 100), viewport: viewport,
            contentOffset: Point(x: 0, y: offset))
    }

    @Test func offsetsAreNeverNegativeZero() throws {
        let s = try Self.scene(offset: 0)
        #expect(s.placed.contentOffset.x.sign == .plus && s.placed.contentOffset.y.sign == .plus)
    }

    @Test func completedTransitionLeavesTheDestination() throws {
        var s = try Self.scene()
        _ = try s.startTransition(to: Self.grid, timing: TransitionTiming(duration: 0.5), at: 0)
        let mid = s.advance(to: 0.25)
        #expect(mid.frame?.sample.progress == 0.5 && mid.end == nil)
        let last = s.advance(to: 0.5)
        #expect(last.end?.end.reason == .finished && last.frame?.sample.progress == 1)
        #expect(s.active == nil && s.placed.layout.stateName == "grid")
        #expect(s.advance(to: 1).frame == nil)
    }

    @Test func cancelInPlaceFreezesWhatIsOnScreen() throws {
        var s = try Self.scene()
        _ = try s.startTransition(
            to: Self.grid,
            timing: TransitionTiming(duration: 1, curve: .easing(.quadraticEaseInOut)), at: 0)
        let frame = try #require(s.frame(at: 0.4))
        var onScreen: [LayoutAttributes] = []
        frame.forEachVisibleAttributes { onScreen.append($0) }
        let (_, end) = try s.cancelInPlace(at: 0.4)
        #expect(end.reason == .cancelledInPlace && !end.completed && !end.finished)
        #expect(s.placed.contentOffset == frame.contentOffset)
        let frozen = s.placed.layout.attributes(in: s.placed.visibleRect)
        #expect(frozen.map(\.frame) == onScreen.map(\.frame))
        #expect(frozen.map(\.key) == onScreen.map(\.key))
        // The next transition starts from exactly those poses.
        _ = try s.startTransition(to: Self.list, timing: TransitionTiming(duration: 1), at: 1)
        var next: [LayoutAttributes] = []
        s.frame(at: 1)!.forEachVisibleAttributes { next.append($0) }
        #expect(next.map(\.frame) == onScreen.map(\.frame))
    }

    @Test func retargetKeepsPositionsAndVelocity() throws {
        let spring = TimingCurve.spring(
            Spring(response: 0.5, dampingFraction: 0.8), initialVelocity: 0)
        var s = try Self.scene()
        _ = try s.startTransition(to: Self.grid, timing: TransitionTiming(curve: spring), at: 0)
        let t = 0.15
        let key = ElementKey.cell(0, 20)
        func frame(_ scene: Scene, _ time: Double) -> Rect? {
            let f = scene.frame(at: time)!
            return f.geometry.attributes(
                of: key, inSource: true, at: f.sample.progress, carry: f.sample.carry)?.frame
        }
        let before = try #require(frame(s, t))
        let h = 1e-5
        let velocityBefore = (before.minY - frame(s, t - h)!.minY) / h
        // Retarget to the same destination: the path continues, so velocity must match.
        let (_, old) = try s.retarget(to: Self.grid, timing: TransitionTiming(curve: spring), at: t)
        #expect(old.end.reason == .retargeted)
        let after = try #require(frame(s, t))
        #expect(
            approx(after.minY, before.minY, tolerance: 1e-9)
                && approx(after.minX, before.minX, tolerance: 1e-9))
        let velocityAfter = (frame(s, t + h)!.minY - after.minY) / h
        #expect(
            abs(velocityAfter - velocityBefore) < 1e-3 * max(1, abs(velocityBefore)),
            "\(velocityBefore) vs \(velocityAfter)")
    }

    @Test func sampleDoesNotChangeState() throws {
        var s = try Self.scene()
        _ = try s.startTransition(to: Self.grid, timing: TransitionTiming(duration: 0.5), at: 0)
        _ = s.frame(at: 0.45)
        _ = s.frame(at: 9)
        #expect(s.advance(to: 0.1).frame?.sample.progress == 0.2)
    }

    @Test func eventsNeedTheRightState() throws {
        var s = try Self.scene()
        #expect(throws: SceneError.noTransition) { try s.scrub(to: 0.5, at: 0) }
        #expect(throws: SceneError.noTransition) { _ = try s.cancelInPlace(at: 0) }
        _ = try s.startTransition(to: Self.grid, timing: TransitionTiming(interactive: true), at: 0)
        #expect(throws: SceneError.transitionInFlight) { _ = try s.scroll(to: .zero) }
        #expect(throws: SceneError.self) { try s.scrub(to: .nan, at: 0) }
        #expect(throws: SceneError.self) { try s.finish(at: 0, duration: -1) }
    }

    /// Random event sequences: every transition ends exactly once.
    @Test(arguments: 0..<30)
    func exactlyOneEndPerTransition(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed))
        var s = try Self.scene(offset: rng.quarter(0...3000))
        var started = Set<Int>()
        var ends: [Int: Int] = [:]
        var time = 0.0
        let specs = [
            Self.list, Self.grid,
            LayoutSpec.displaySwitch(DisplaySwitchLayout(mode: .grid, staticCellHeight: 100)),
        ]
        let curves: [TimingCurve] = [
            .easing(.backEaseOut), AnimatorTests.spring,
            .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
        ]
        func record(_ e: (id: Int, end: TransitionEnd)?) {
            guard let e else { return }
            ends[e.id, default: 0] += 1
        }
        for _ in 0..<60 {
            time += Double.random(in: 0...0.2, using: &rng)
            let spec = specs.randomElement(using: &rng)!
            let timing = TransitionTiming(
                interactive: Bool.random(using: &rng), duration: rng.quarter(0...1),
                curve: curves.randomElement(using: &rng)!)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0:
                let r = try s.startTransition(to: spec, timing: timing, at: time)
                started.insert(r.transition.id)
                record(r.superseded)
            case 1: try? s.scrub(to: Double.random(in: 0...1, using: &rng), at: time)
            case 2: try? s.finish(at: time)
            case 3: try? s.cancel(at: time)
            case 4: record(try? s.cancelInPlace(at: time))
            case 5:
                if let r = try? s.retarget(to: spec, timing: timing, at: time) {
                    started.insert(r.transition.id)
                    record(r.retargeted)
                }
            default: record(s.advance(to: time).end)
            }
        }
        // Finish whatever is left and let it run out.
        try? s.finish(at: time)
        for _ in 0..<4000 where s.active != nil {
            time += 1.0 / 60
            record(s.advance(to: time).end)
        }
        #expect(s.active == nil)
        #expect(Set(ends.keys) == started, "seed \(seed)")
        #expect(ends.values.allSatisfy { $0 == 1 }, "seed \(seed): \(ends)")
    }
}
