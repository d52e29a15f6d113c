import TestSupport
import Testing

@testable import TransitionEngine

/// cubic-bezier, steps and linear() curves, and `TimingCurve`'s progress and velocity.
@Suite struct TimingCurveTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    // MARK: cubic-bezier

    /// An independent reference for y(x): the Bernstein form sampled densely in t to
    /// bracket x, then bisection inside the bracket to machine precision.
    struct BezierReference {
        let x1: Double, y1: Double, x2: Double, y2: Double
        let samples: [Double]  // x at t = i / n

        init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, n: Int = 100_000) {
            (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
            samples = (0...n).map { i in Self.bernstein(Double(i) / Double(n), x1, x2) }
        }

        static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }

        func y(atX x: Double) -> Double {
            let n = samples.count - 1
            var lo = 0
            var hi = n  // samples[lo] <= x <= samples[hi]
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if samples[mid] <= x { lo = mid } else { hi = mid }
            }
            var tlo = Double(lo) / Double(n)
            var thi = Double(hi) / Double(n)
            for _ in 0..<100 {
                let mid = (tlo + thi) / 2
                if Self.bernstein(mid, x1, x2) <= x { tlo = mid } else { thi = mid }
            }
            return Self.bernstein((tlo + thi) / 2, y1, y2)
        }
    }

    @Test func linearBezierIsIdentity() {
        for (x1, x2) in [(0.0, 1.0), (0.5, 0.5), (0.2, 0.7), (1.0, 0.0)] {
            let curve = TimingCurve.cubicBezier(x1: x1, y1: x1, x2: x2, y2: x2)
            for i in 0...100 {
                let x = Double(i) / 100
                #expect(
                    Self.close(curve.progress(atFraction: x, duration: 1), x, 1e-9),
                    "cubic-bezier(\(x1), \(x1), \(x2), \(x2)) at \(x)")
            }
        }
        let linear = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        #expect(Self.close(linear.velocity(atFraction: 0.5, duration: 2), 0.5))
        // x'(0) = 0 here: the velocity comes from the secant, which tends to 1.
        #expect(Self.close(linear.velocity(atFraction: 0, duration: 1), 1, 1e-5))
        #expect(Self.close(linear.velocity(atFraction: 1, duration: 1), 1, 1e-5))
    }

    /// CSS `ease`, `ease-in`, `ease-out`, `ease-in-out` against the reference.
    @Test func cssKeywordsMatchReference() {
        let curves: [(Double, Double, Double, Double)] = [
            (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1),
        ]
        for (x1, y1, x2, y2) in curves {
            let reference = BezierReference(x1, y1, x2, y2)
            let curve = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for i in 0...200 {
                let x = Double(i) / 200
                let want = reference.y(atX: x)
                let got = curve.progress(atFraction: x, duration: 1)
                #expect(
                    Self.close(got, want),
                    "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x): \(got) vs \(want)")
            }
        }
        // The widely quoted value of `ease` half way.
        let ease = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(Self.close(ease.progress(atFraction: 0.5, duration: 1), 0.8024033877399112, 1e-9))
    }

    /// Random curves with x1, x2 in [0, 1] (y free): the solved parameter is monotonic
    /// in x, reproduces x within the solver's epsilon, and y matches the reference.
    @Test func randomBeziersAreMonotonicAndAccurate() {
        var rng = SeededRandom(seed: 0x7e57_c0de)
        for _ in 0..<40 {
            let x1 = rng.unit()
            let x2 = rng.unit()
            let y1 = rng.unit() * 3 - 1
            let y2 = rng.unit() * 3 - 1
            let bezier = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let reference = BezierReference(x1, y1, x2, y2, n: 20_000)
            var previous = -1.0
            for i in 0...400 {
                let x = Double(i) / 400
                let t = bezier.parameter(forX: x)
                #expect(
                    t >= previous - 1e-9, "parameter not monotonic for \((x1, y1, x2, y2)) at \(x)")
                #expect(
                    abs(bezier.x(t) - x) < CubicBezier.epsilon,
                    "x(t) off for \((x1, y1, x2, y2)) at \(x)")
                // The y error is at most |dy/dx| times the x error.
                let tolerance = Swift.max(1e-9, 2e-7 * abs(bezier.slope(at: x)))
                #expect(
                    Self.close(bezier.value(at: x), reference.y(atX: x), tolerance),
                    "y off for \((x1, y1, x2, y2)) at \(x)")
                previous = t
            }
        }
    }

    /// CSS extends the curve outside [0, 1] along the tangents at its ends.
    @Test func bezierExtrapolation() {
        let ease = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(Self.close(ease.progress(atFraction: -0.5, duration: 1), -0.2))  // slope y1/x1
        #expect(Self.close(ease.progress(atFraction: 1.5, duration: 1), 1))  // P2 level with P3
        let back = TimingCurve.cubicBezier(x1: 0, y1: 0.5, x2: 0.5, y2: 1.5)
        #expect(Self.close(back.progress(atFraction: -1, duration: 1), -3))  // x1 = 0: via P2
        #expect(Self.close(back.progress(atFraction: 2, duration: 1), 0))  // slope -1 from P2
        #expect(Self.close(back.velocity(atFraction: 2, duration: 4), -0.25))
        let flat = TimingCurve.cubicBezier(x1: 0, y1: 0.5, x2: 0, y2: 0.5)
        #expect(flat.progress(atFraction: -1, duration: 1) == 0)
    }

    /// The velocity is y'(t) / x'(t) / duration: compare with finite differences.
    @Test func bezierVelocityMatchesFiniteDifference() {
        let curve = TimingCurve.cubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.6)
        let duration = 0.8
        let h = 1e-6
        for i in 1..<50 {
            let t = Double(i) / 50
            let numeric =
                (curve.progress(atFraction: t + h, duration: duration)
                    - curve.progress(atFraction: t - h, duration: duration)) / (2 * h) / duration
            let analytic = curve.velocity(atFraction: t, duration: duration)
            #expect(Self.close(analytic, numeric, 1e-5 * Swift.max(1, abs(numeric))), "at \(t)")
        }
    }

    // MARK: steps

    @Test func stepsJumpEnd() {
        let curve = TimingCurve.steps(4, .jumpEnd)
        let cases: [(Double, Double)] = [
            (0, 0), (0.1, 0), (0.25, 0.25), (0.3, 0.25), (0.5, 0.5), (0.74, 0.5), (0.99, 0.75),
            (1, 1),
        ]
        for (x, want) in cases {
            #expect(curve.progress(atFraction: x, duration: 1) == want, "at \(x)")
        }
    }

    @Test func stepsJumpStart() {
        let curve = TimingCurve.steps(4, .jumpStart)
        let cases: [(Double, Double)] = [
            (0, 0.25), (0.1, 0.25), (0.25, 0.5), (0.5, 0.75), (0.74, 0.75), (0.75, 1), (1, 1),
        ]
        for (x, want) in cases {
            #expect(curve.progress(atFraction: x, duration: 1) == want, "at \(x)")
        }
    }

    /// steps(3, jump-both): four jumps, levels 1/4, 2/4, 3/4, then 1 at the end.
    @Test func stepsJumpBoth() {
        let curve = TimingCurve.steps(3, .jumpBoth)
        let cases: [(Double, Double)] = [
            (0, 0.25), (0.2, 0.25), (1.0 / 3, 0.5), (0.5, 0.5), (2.0 / 3, 0.75), (0.99, 0.75),
            (1, 1),
        ]
        for (x, want) in cases {
            #expect(curve.progress(atFraction: x, duration: 1) == want, "at \(x)")
        }
    }

    /// steps(5, jump-none): five levels 0, 1/4, ..., 1, each held for a fifth.
    @Test func stepsJumpNone() {
        let curve = TimingCurve.steps(5, .jumpNone)
        let cases: [(Double, Double)] = [
            (0, 0), (0.19, 0), (0.2, 0.25), (0.5, 0.5), (0.79, 0.75), (0.8, 1), (1, 1),
        ]
        for (x, want) in cases {
            #expect(curve.progress(atFraction: x, duration: 1) == want, "at \(x)")
        }
    }

    @Test func stepsOutsideUnitInterval() {
        // Past the end a jump-end curve keeps stepping; before the start it steps down.
        #expect(TimingCurve.steps(4, .jumpEnd).progress(atFraction: 1.5, duration: 1) == 1.5)
        #expect(TimingCurve.steps(4, .jumpEnd).progress(atFraction: -0.3, duration: 1) == -0.5)
        // At 1 the level is clamped to the last jump.
        #expect(TimingCurve.steps(4, .jumpStart).progress(atFraction: 1, duration: 1) == 1)
    }

    /// Binary rounding does not drop a step: 0.29 * 100 is 28.999999999999996.
    @Test func stepsSnapNearIntegers() {
        #expect(TimingCurve.steps(100, .jumpEnd).progress(atFraction: 0.29, duration: 1) == 0.29)
        #expect(TimingCurve.steps(10, .jumpEnd).progress(atFraction: 0.7, duration: 1) == 0.7)
        #expect(TimingCurve.steps(4, .jumpEnd).velocity(atFraction: 0.3, duration: 1) == 0)
    }

    @Test func stepPositionNames() {
        #expect(StepPosition(name: "jump-start") == .jumpStart)
        #expect(StepPosition(name: "jump-end") == .jumpEnd)
        #expect(StepPosition(name: "jump-both") == .jumpBoth)
        #expect(StepPosition(name: "jump-none") == .jumpNone)
        #expect(StepPosition(name: "start") == .jumpStart)
        #expect(StepPosition(name: "end") == .jumpEnd)
        #expect(StepPosition(name: "both") == nil)
        #expect(StepPosition(name: "Jump-End") == nil)
        #expect(StepPosition(rawValue: "start") == nil)  // the raw value is the keyword only
    }

    // MARK: linear()

    static func stops(_ list: [(Double, Double?)]) -> [LinearStop] {
        list.map { LinearStop(value: $0.0, input: $0.1) }
    }

    /// MDN's example `linear(0, 0.25 75%, 1)`.
    @Test func linearStopsWithPercentage() {
        let curve = TimingCurve.linearStops(Self.stops([(0, nil), (0.25, 0.75), (1, nil)]))
        let cases: [(Double, Double)] = [
            (0, 0), (0.375, 0.125), (0.75, 0.25), (0.875, 0.625), (1, 1),
        ]
        for (x, want) in cases {
            #expect(Self.close(curve.progress(atFraction: x, duration: 1), want), "at \(x)")
        }
        #expect(Self.close(curve.velocity(atFraction: 0.5, duration: 2), 0.25 / 0.75 / 2))
        #expect(Self.close(curve.velocity(atFraction: 0.9, duration: 1), 3))
    }

    /// `linear(0, 0.25, 1)`: the middle stop is placed half way.
    @Test func linearStopsEvenlySpaced() {
        #expect(
            LinearStop.resolved(Self.stops([(0, nil), (0.25, nil), (1, nil)])).map(\.input)
                == [0, 0.5, 1])
        let curve = TimingCurve.linearStops(Self.stops([(0, nil), (0.25, nil), (1, nil)]))
        #expect(Self.close(curve.progress(atFraction: 0.25, duration: 1), 0.125))
        #expect(Self.close(curve.progress(atFraction: 0.75, duration: 1), 0.625))
        // linear(0, 0.7, 0.87, 0.98, 1) = linear(0 0%, 0.7 25%, 0.87 50%, 0.98 75%, 1 100%).
        let five = Self.stops([(0, nil), (0.7, nil), (0.87, nil), (0.98, nil), (1, nil)])
        #expect(LinearStop.resolved(five).map(\.input) == [0, 0.25, 0.5, 0.75, 1])
    }

    /// Runs of missing inputs are spread between their defined neighbours; inputs that
    /// go backwards are raised; the last defaults to max(1, largest input).
    @Test func linearStopsInputResolution() {
        let run = Self.stops([(0, nil), (0.1, nil), (0.2, nil), (0.6, 0.6), (0.7, nil), (1, nil)])
        let inputs = LinearStop.resolved(run).map { $0.input! }
        for (got, want) in zip(inputs, [0, 0.2, 0.4, 0.6, 0.8, 1.0]) {
            #expect(Self.close(got, want))
        }
        let backwards = Self.stops([(0, nil), (0.9, 0.5), (0.5, 0.25), (1, nil)])
        #expect(LinearStop.resolved(backwards).map(\.input) == [0, 0.5, 0.5, 1])
        let beyond = Self.stops([(0, nil), (0.5, 1.2), (1, nil)])
        #expect(LinearStop.resolved(beyond).map(\.input) == [0, 1.2, 1.2])
        let firstDefined = Self.stops([(0.2, 0.1), (0.5, nil), (1, 0.9)])
        #expect(LinearStop.resolved(firstDefined).map(\.input) == [0.1, 0.5, 0.9])
    }

    /// Two stops at one input make a jump; the later value holds from that input on.
    @Test func linearStopsJumpAndExtrapolation() {
        // `linear(0, 0.9 50%, 0.5 25%, 1)`: the third stop is raised to 50%.
        let jump = TimingCurve.linearStops(
            Self.stops([(0, nil), (0.9, 0.5), (0.5, 0.25), (1, nil)]))
        #expect(Self.close(jump.progress(atFraction: 0.25, duration: 1), 0.45))
        #expect(Self.close(jump.progress(atFraction: 0.5, duration: 1), 0.5))
        #expect(Self.close(jump.progress(atFraction: 0.75, duration: 1), 0.75))
        // `linear(0, 0.5 25% 75%, 1)`: a plateau between 25% and 75%.
        let plateau = TimingCurve.linearStops(
            Self.stops([(0, nil), (0.5, 0.25), (0.5, 0.75), (1, nil)]))
        #expect(Self.close(plateau.progress(atFraction: 0.125, duration: 1), 0.25))
        #expect(Self.close(plateau.progress(atFraction: 0.5, duration: 1), 0.5))
        #expect(Self.close(plateau.progress(atFraction: 0.875, duration: 1), 0.75))
        // Outside the stops the end segments continue.
        let ramp = TimingCurve.linearStops(Self.stops([(0, nil), (1, nil)]))
        #expect(Self.close(ramp.progress(atFraction: 1.5, duration: 1), 1.5))
        #expect(Self.close(ramp.progress(atFraction: -0.5, duration: 1), -0.5))
        let inner = TimingCurve.linearStops(Self.stops([(0.2, 0.1), (1, 0.9)]))
        #expect(Self.close(inner.progress(atFraction: 0, duration: 1), 0.1))
        #expect(Self.close(inner.progress(atFraction: 1, duration: 1), 1.1))
        // A last stop beyond 100%: at its input the later stop's value.
        let beyond = TimingCurve.linearStops(Self.stops([(0, nil), (0.5, 1.2), (1, nil)]))
        #expect(Self.close(beyond.progress(atFraction: 1.2, duration: 1), 1))
        #expect(Self.close(beyond.progress(atFraction: 0.6, duration: 1), 0.25))
    }

    // MARK: TimingCurve

    /// For every kind of curve, velocity(atFraction:duration:) is d(progress)/d(seconds):
    /// compare with a symmetric difference over +-1e-6 s, away from joints.
    @Test func velocityIsDerivativeOfProgress() {
        var curves: [TimingCurve] = Easing.allCases.map { .easing($0) }
        curves += [
            .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
            .cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
            .linearStops(Self.stops([(0, nil), (0.3, 0.37), (1.1, 0.81), (1, nil)])),
            .spring(Spring(response: 0.4, dampingFraction: 0.5), initialVelocity: 3),
            .spring(Spring(response: 0.4, dampingFraction: 1), initialVelocity: -1),
            .spring(Spring(response: 0.4, dampingFraction: 1.8), initialVelocity: 0),
        ]
        let duration = 0.6
        let h = 1e-6
        for curve in curves {
            for i in 1..<40 {
                let f = Double(i) / 40 + 0.0013
                let ahead = curve.progress(atFraction: f + h / duration, duration: duration)
                let behind = curve.progress(atFraction: f - h / duration, duration: duration)
                let numeric = (ahead - behind) / (2 * h)
                let analytic = curve.velocity(atFraction: f, duration: duration)
                let tolerance = 1e-5 * Swift.max(1, abs(analytic))
                #expect(Self.close(analytic, numeric, tolerance), "\(curve) at \(f)")
            }
        }
    }

    @Test func naturalDurationAndIsSpring() {
        #expect(TimingCurve.easing(.linear).naturalDuration == nil)
        #expect(TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).naturalDuration == nil)
        #expect(TimingCurve.steps(3, .jumpEnd).naturalDuration == nil)
        #expect(TimingCurve.linearStops([]).naturalDuration == nil)
        #expect(!TimingCurve.easing(.linear).isSpring)
        let spring = TimingCurve.spring(Spring(stiffness: 100, damping: 20), initialVelocity: 0)
        #expect(spring.isSpring)
        #expect(spring.naturalDuration != nil)
    }

    /// The easing velocity is the analytic slope over the duration; at the circular
    /// easings' vertical tangents it is the (finite) secant instead.
    @Test func easingVelocity() {
        let curve = TimingCurve.easing(.quadraticEaseInOut)
        #expect(Self.close(curve.velocity(atFraction: 0.25, duration: 0.5), 2))
        #expect(Self.close(curve.velocity(atFraction: 0.75, duration: 2), 0.5))
        let circular = TimingCurve.easing(.circularEaseIn).velocity(atFraction: 1, duration: 1)
        #expect(circular.isFinite && circular > 100)
        let circularOut = TimingCurve.easing(.circularEaseOut).velocity(atFraction: 0, duration: 1)
        #expect(circularOut.isFinite && circularOut > 100)
        #expect(curve.velocity(atFraction: 0.5, duration: 0) == 0)
        #expect(curve.velocity(atFraction: 0.5, duration: -1) == 0)
    }
}
