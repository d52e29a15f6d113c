import TestSupport
import Testing

@testable import TransitionEngine

/// The tick at the nominal end of an animation is its end: fraction exactly 1, the
/// final progress, and the end event on that tick, whatever the start time.
@Suite struct ExactEndTests {
    /// Ticks of a realtime session at `fps`, as the server computes them: deadlines in
    /// whole nanoseconds from the start, read as seconds.
    static func tickTimes(startNanos: Int64, fps: Int64, count: Int64) -> [Double] {
        (0...count).map { k in Double(startNanos + k * 1_000_000_000 / fps) / 1e9 }
    }

    /// Runs a transition started at `startNanos` and returns the index of the tick that
    /// ended it, checking that no tick before it reached fraction 1.
    static func endingTick(
        startNanos: Int64, duration: Double, curve: TimingCurve = .easing(.linear), fps: Int64 = 60
    ) -> (index: Int, sample: AnimatorSample)? {
        let times = tickTimes(
            startNanos: startNanos, fps: fps, count: Int64(duration * Double(fps)) + 4)
        var a = Animator(animatedWith: curve, duration: duration, at: times[0])
        for (k, t) in times.enumerated() {
            let step = a.advance(to: t)
            if step.end != nil { return (k, step.sample) }
            if step.sample.fraction >= 1 { return nil }
        }
        return nil
    }

    @Test func theIssuesStartEndsOnTheNominalTick() {
        // 0.500102502 - 0.000102502 is 0.49999999999999994 in doubles.
        #expect(0.500102502 - 0.000102502 < 0.5)
        let end = Self.endingTick(startNanos: 102_502, duration: 0.5)
        #expect(end?.index == 30)
        #expect(end?.sample.fraction == 1)
        #expect(end?.sample.progress == 1)
    }

    @Test func everyStartTimeEndsOnTheNominalTick() {
        var random = SeededRandom(seed: 12)
        var starts: [Int64] = [0, 1, 102_502, 999_999_999, 1_000_000_001, 86_400_000_000_123]
        for _ in 0..<2000 { starts.append(Int64(random.next() % 10_000_000_000_000)) }
        for start in starts {
            for (duration, ticks) in [(0.5, 30), (0.3, 18), (1.0, 60), (0.25, 15)] {
                let end = Self.endingTick(startNanos: start, duration: duration)
                #expect(end?.index == ticks, "start \(start) ns, duration \(duration)")
                #expect(end?.sample.fraction == 1)
                #expect(end?.sample.progress == 1)
            }
        }
    }

    @Test func finishAndCancelLegsEndOnTheirNominalTick() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let start = Int64(random.next() % 1_000_000_000_000)
            let times = Self.tickTimes(startNanos: start, fps: 60, count: 40)
            var a = Animator(interactiveWith: .easing(.linear), duration: 1)
            try a.scrub(to: 0.5, at: times[0])
            try a.cancel(at: times[0], duration: 0.25)
            var ended: Int? = nil
            for (k, t) in times.enumerated() where ended == nil {
                if a.advance(to: t).end != nil { ended = k }
            }
            #expect(ended == 15, "start \(start) ns")
        }
    }

    @Test func nanosecondsRoundTripEveryClockReading() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<10_000 {
            let n = Int64(random.next() % (1 << 48))
            #expect(Nanoseconds.from(seconds: Double(n) / 1e9) == n)
        }
        #expect(Nanoseconds.from(seconds: .infinity) == Int64.max / 2)
        #expect(Nanoseconds.from(seconds: -.infinity) == -Int64.max / 2)
        #expect(Nanoseconds.from(seconds: .nan) == 0)
    }
}
