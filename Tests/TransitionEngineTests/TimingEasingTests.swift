import Testing

@testable import TransitionEngine

/// The AHEasing functions against `docs/semantics.md` §5 and §6.
@Suite struct TimingEasingTests {
    /// |a - b| <= tolerance, with both values in the failure message.
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    /// `docs/semantics.md` §6, "Easing at p = 0.3 / 0.7".
    static let vectors: [(Easing, Double, Double)] = [
        (.quadraticEaseInOut, 0.18, 0.82),
        (.quarticEaseInOut, 0.0648, 0.9352),
        (.elasticEaseOut, 0.876538957426, 1.001222144258),
        (.elasticEaseIn, -0.001222144258, 0.123461042574),
        (.bounceEaseOut, 0.680625, 0.91675),
        (.bounceEaseIn, 0.08325, 0.319375),
        (.backEaseInOut, -0.177316954889, 1.177316954889),
        (.backEaseOut, 1.223311896062, 1.215705098312),
        (.exponentialEaseInOut, 0.03125, 0.96875),
        (.sineEaseInOut, 0.206107373854, 0.793892626146),
        (.circularEaseInOut, 0.1, 0.9),
    ]

    @Test(arguments: vectors.indices)
    func semanticsVector(_ i: Int) {
        let (easing, at03, at07) = Self.vectors[i]
        #expect(Self.close(easing(0.3), at03), "\(easing)(0.3) = \(easing(0.3)), want \(at03)")
        #expect(Self.close(easing(0.7), at07), "\(easing)(0.7) = \(easing(0.7)), want \(at07)")
    }

    @Test func thirtyOneNamedFunctions() {
        #expect(Easing.allCases.count == 31)
        #expect(Easing(rawValue: "linear") == .linear)
        #expect(Easing(rawValue: "bounceEaseInOut") == .bounceEaseInOut)
        #expect(Easing(rawValue: "exponentialEaseOut") == .exponentialEaseOut)
        #expect(Easing(rawValue: "linearEaseIn") == nil)
        #expect(Easing(rawValue: "QuadraticEaseIn") == nil)
        let families = [
            "quadratic", "cubic", "quartic", "quintic", "sine", "circular", "exponential",
            "elastic", "back", "bounce",
        ]
        let names =
            ["linear"]
            + families.flatMap { f in ["EaseIn", "EaseOut", "EaseInOut"].map { f + $0 } }
        #expect(Easing.allCases.map(\.rawValue) == names)
    }

    /// Every function maps 0 to 0 and 1 to 1. The exponential functions get there by
    /// special-casing p == 0 / p == 1 (exponentialEaseIn(0) would otherwise be 2^-10),
    /// the elastic and back ones by sin(k pi) being within 1e-15 of 0.
    @Test(arguments: Easing.allCases)
    func endpoints(_ easing: Easing) {
        #expect(Self.close(easing(0), 0), "\(easing)(0) = \(easing(0))")
        #expect(Self.close(easing(1), 1), "\(easing)(1) = \(easing(1))")
    }

    /// The exponential functions jump at their special-cased ends, as in AHEasing.
    @Test func exponentialEndsAreSpecialCased() {
        #expect(Easing.exponentialEaseIn(0) == 0)
        #expect(Self.close(Easing.exponentialEaseIn(1e-12), 1.0 / 1024))
        #expect(Easing.exponentialEaseOut(1) == 1)
        #expect(Self.close(Easing.exponentialEaseOut(1 - 1e-12), 1 - 1.0 / 1024))
        #expect(Easing.exponentialEaseInOut(0) == 0 && Easing.exponentialEaseInOut(1) == 1)
        #expect(Self.close(Easing.exponentialEaseInOut(1e-12), 1.0 / 2048))
        // The elastic ends are continuous (no special case needed).
        #expect(Self.close(Easing.elasticEaseOut(1e-12), 0, 1e-9))
        #expect(Self.close(Easing.elasticEaseIn(1 - 1e-12), 1, 1e-9))
    }

    static let inOuts: [Easing] = Easing.allCases.filter { $0.rawValue.hasSuffix("EaseInOut") }

    /// f(1 - p) = 1 - f(p) for every ease-in-out function (it holds for all ten).
    @Test(arguments: inOuts)
    func inOutSymmetry(_ easing: Easing) {
        for i in 0...200 {
            let p = Double(i) / 200
            #expect(Self.close(easing(1 - p), 1 - easing(p)), "\(easing) at p = \(p)")
        }
    }

    /// easeOut(p) = 1 - easeIn(1 - p) for every family.
    @Test(arguments: inOuts)
    func outMirrorsIn(_ inOut: Easing) {
        let family = String(inOut.rawValue.dropLast("EaseInOut".count))
        let easeIn = Easing(rawValue: family + "EaseIn")!
        let easeOut = Easing(rawValue: family + "EaseOut")!
        for i in 1...199 {  // the exponential ends are special-cased, not mirrored
            let p = Double(i) / 200
            #expect(Self.close(easeOut(p), 1 - easeIn(1 - p)), "\(family) at p = \(p)")
        }
    }

    /// The second half of each ease-in-out is the ease-out squeezed into [0.5, 1].
    @Test(arguments: inOuts)
    func inOutHalves(_ inOut: Easing) {
        let family = String(inOut.rawValue.dropLast("EaseInOut".count))
        let easeIn = Easing(rawValue: family + "EaseIn")!
        for i in 1..<100 {
            let p = Double(i) / 200
            #expect(Self.close(inOut(p), easeIn(2 * p) / 2), "\(family) at p = \(p)")
        }
    }

    /// The analytic derivative against a symmetric finite difference, away from the
    /// joints (0.5, the bounce arcs at 4/11, 8/11, 9/10 of each half) and the ends.
    @Test(arguments: Easing.allCases)
    func derivativeMatchesFiniteDifference(_ easing: Easing) {
        let h = 1e-6
        for i in 1..<100 {
            let p = Double(i) / 100 + 0.001
            let numeric = (easing(p + h) - easing(p - h)) / (2 * h)
            let analytic = easing.derivative(p)
            let tolerance = 1e-6 * Swift.max(1, abs(analytic))
            #expect(
                Self.close(analytic, numeric, tolerance),
                "\(easing)' at \(p): \(analytic) vs \(numeric)")
        }
    }

    /// `docs/semantics.md` §6 timed drive: 0.75 s of quarticEaseInOut moving the content
    /// offset from y = 0 to y = 1537.75.
    @Test func timedDrive() {
        let curve = TimingCurve.easing(.quarticEaseInOut)
        let duration = 0.75
        let distance = 1537.75
        let p1 = curve.progress(atFraction: 0.3 / duration, duration: duration)
        #expect(Self.close(0.3 / duration, 0.4))
        #expect(Self.close(p1, 0.2048))
        #expect(Self.close(p1 * distance, 314.9312))
        let p2 = curve.progress(atFraction: 0.6 / duration, duration: duration)
        #expect(Self.close(0.6 / duration, 0.8))
        #expect(Self.close(p2, 0.9872))
        #expect(Self.close(p2 * distance, 1518.0668))
    }

    /// Inputs are not clamped: the formulas continue outside [0, 1].
    @Test func inputIsNotClamped() {
        #expect(Self.close(Easing.linear(1.5), 1.5))
        #expect(Self.close(Easing.quadraticEaseIn(-0.5), 0.25))
        #expect(Self.close(Easing.cubicEaseIn(2), 8))
        #expect(Easing.circularEaseIn(1.5).isNaN)
    }
}
