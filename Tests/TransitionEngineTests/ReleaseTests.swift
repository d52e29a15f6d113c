import Testing

@testable import TransitionEngine

/// Gesture release: finish or cancel from where the motion would come to rest, the leg
/// starting at the release velocity; finish and cancel never drop a velocity.
@Suite struct ReleaseTests {
    static let list = LayoutSpec.list(ListLayout(rowHeight: 40))
    static let grid = LayoutSpec.grid(GridLayout(columns: 2))

    /// An interactive transition panned at a steady `speed` (progress per second) up to
    /// progress `to`, the last scrub at time `to / speed`.
    static func panned(to progress: Double, speed: Double) throws -> (scene: Scene, time: Double) {
        var scene = try Scene(
            spec: list, model: ItemModel(count: 6), viewport: Viewport(width: 200, height: 300))
        _ = try scene.startTransition(
            to: grid, timing: TransitionTiming(interactive: true, duration: 0.5), at: 0)
        let steps = 10
        for i in 0...steps {
            let p = progress * Double(i) / Double(steps)
            try scene.scrub(to: p, at: p / speed)
        }
        return (scene, progress / speed)
    }

    static func slope(_ scene: Scene, at t: Double, h: Double = 1e-6) -> Double {
        (scene.frame(at: t + h)!.sample.progress - scene.frame(at: t)!.sample.progress) / h
    }

    @Test func aFlickPastHalfWayFinishesAtTheFingersSpeed() throws {
        // Panned to 0.3 at 0.8/s: it would come to rest at 0.3 + 0.8 * 0.499 = 0.6992.
        var (scene, t) = try Self.panned(to: 0.3, speed: 0.8)
        let outcome = try scene.release(at: t)
        #expect(outcome.decision == .finish)
        #expect(approx(outcome.projectedProgress, 0.3 + 0.8 * 0.499))
        #expect(approx(outcome.velocity, 0.8))
        let start = try #require(scene.frame(at: t)).sample
        #expect(approx(start.progress, 0.3) && approx(start.velocity, 0.8))
        #expect(abs(Self.slope(scene, at: t) - 0.8) < 1e-3)
        #expect(scene.active?.animator.phase == .finishing)
        var end: TransitionEnd? = nil
        var time = t
        while end == nil && time < t + 10 {
            time += 1.0 / 60
            end = scene.advance(to: time).end?.end
        }
        #expect(end?.reason == .finished)
    }

    @Test func aSlowReleaseBeforeHalfWayCancels() throws {
        var (scene, t) = try Self.panned(to: 0.4, speed: 0.1)
        let outcome = try scene.release(at: t)
        #expect(outcome.decision == .cancel)
        #expect(approx(outcome.projectedProgress, 0.4 + 0.1 * 0.499))
        #expect(scene.active?.animator.phase == .cancelling)
        #expect(approx(try #require(scene.frame(at: t)).sample.velocity, 0.1))
    }

    @Test func aGivenVelocityAndThresholdDecide() throws {
        var (scene, t) = try Self.panned(to: 0.7, speed: 1)
        // A flick back: 0.7 - 1 * 0.499 = 0.201 is short of 0.5.
        var back = scene
        #expect(try back.release(at: t, velocity: -1).decision == .cancel)
        #expect(approx(try #require(back.frame(at: t)).sample.velocity, -1))
        // The same flick with a lower threshold finishes.
        var low = scene
        #expect(try low.release(at: t, velocity: -1, threshold: 0.2).decision == .finish)
        #expect(try scene.release(at: t, velocity: 0, threshold: 0.7).decision == .finish)
    }

    @Test func aNonSpringLegHonoursTheVelocityByItsDuration() throws {
        var (scene, t) = try Self.panned(to: 0.3, speed: 0.8)
        let outcome = try scene.release(at: t, velocity: 2, curve: .easing(.linear))
        #expect(outcome.decision == .finish)
        // 0.7 of the way at 2 per second: 0.35 s.
        #expect(approx(try #require(scene.frame(at: t)).sample.velocity, 2))
        #expect(approx(try #require(scene.frame(at: t + 0.175)).sample.progress, 0.65))
        #expect(scene.advance(to: t + 0.35).end?.end.reason == .finished)
    }

    @Test func aVelocityThatCannotBeHonouredIsRefusedNamingIt() throws {
        let (scene, t) = try Self.panned(to: 0.3, speed: 0.8)
        func refusal(_ body: (inout Scene) throws(SceneError) -> Void) -> String? {
            var copy = scene
            do {
                try body(&copy)
                return nil
            } catch {
                guard case .invalid(let e) = error else { return "\(error)" }
                return e.field
            }
        }
        // An ease-in starts at rest: it cannot start at 2 per second.
        #expect(
            refusal { s throws(SceneError) in
                _ = try s.release(at: t, velocity: 2, curve: .easing(.cubicEaseIn))
            } == "velocity")
        #expect(
            refusal { s throws(SceneError) in
                try s.finish(at: t, curve: .easing(.cubicEaseIn), velocity: 2)
            } == "velocity")
        // Linear with a duration that does not start at that speed.
        #expect(
            refusal { s throws(SceneError) in
                try s.finish(at: t, duration: 1, curve: .easing(.linear), velocity: 2)
            } == "velocity")
        // Away from the target.
        #expect(
            refusal { s throws(SceneError) in
                try s.cancel(at: t, curve: .easing(.linear), velocity: 2)
            } == "velocity")
        // Honoured ones are accepted; a measured velocity is left out rather than refused.
        #expect(
            refusal { s throws(SceneError) in
                try s.finish(at: t, duration: 0.35, curve: .easing(.linear), velocity: 2)
            } == nil)
        #expect(
            refusal { s throws(SceneError) in
                try s.cancel(at: t, curve: .easing(.linear), velocity: -1)
            } == nil)
        #expect(
            refusal { s throws(SceneError) in _ = try s.release(at: t, curve: .easing(.cubicEaseIn))
            } == nil)
        #expect(
            refusal { s throws(SceneError) in _ = try s.release(at: t, threshold: .nan) }
                == "threshold")
    }
}
