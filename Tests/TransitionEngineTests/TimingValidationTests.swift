import Testing

@testable import TransitionEngine

/// Validation of client-supplied curves: typed errors that name the field, and no
/// traps on bad input.
@Suite struct TimingValidationTests {
    /// The error `body` throws, or nil.
    static func error(_ body: () throws(TimingError) -> Void) -> TimingError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    static func curveError(_ curve: TimingCurve) -> TimingError? {
        error { () throws(TimingError) in try curve.validate() }
    }

    @Test func validCurvesPass() {
        let curves: [TimingCurve] = [
            .easing(.elasticEaseOut),
            .cubicBezier(x1: 0, y1: -2, x2: 1, y2: 3),
            .steps(1, .jumpEnd), .steps(1, .jumpStart), .steps(1, .jumpBoth), .steps(2, .jumpNone),
            .linearStops([LinearStop(value: 0), LinearStop(value: 1.2, input: -0.5)]),
            .spring(Spring(stiffness: 1, damping: 0), initialVelocity: -3),
        ]
        for curve in curves { #expect(Self.curveError(curve) == nil, "\(curve)") }
    }

    @Test func springFields() {
        let cases: [(Spring, Double, String, TimingError.Problem)] = [
            (
                Spring(mass: 0, stiffness: 1, damping: 1), 0, "timing.spring.mass",
                .outOfRange(allowed: "> 0")
            ),
            (Spring(mass: .nan, stiffness: 1, damping: 1), 0, "timing.spring.mass", .notFinite),
            (
                Spring(stiffness: -1, damping: 1), 0, "timing.spring.stiffness",
                .outOfRange(allowed: "> 0")
            ),
            (Spring(stiffness: .infinity, damping: 1), 0, "timing.spring.stiffness", .notFinite),
            (
                Spring(stiffness: 1, damping: -0.1), 0, "timing.spring.damping",
                .outOfRange(allowed: ">= 0")
            ),
            (Spring(stiffness: 1, damping: 1), .nan, "timing.spring.initialVelocity", .notFinite),
        ]
        for (spring, velocity, field, problem) in cases {
            let error = Self.curveError(.spring(spring, initialVelocity: velocity))
            #expect(
                error?.field == field && error?.problem == problem,
                "\(spring): \(String(describing: error))")
        }
        let error = Self.curveError(
            .spring(Spring(mass: 0, stiffness: 1, damping: 1), initialVelocity: 0))
        #expect(error?.description == "timing.spring.mass must be a finite number > 0, got 0.0")
    }

    @Test func springConstructors() {
        func field(_ body: () throws(TimingError) -> Spring) -> String? {
            Self.error { () throws(TimingError) in _ = try body() }?.field
        }
        #expect(
            field { () throws(TimingError) in try Spring.validated(response: 0, dampingFraction: 1)
            } == "timing.spring.response")
        #expect(
            field { () throws(TimingError) in try Spring.validated(response: 1, dampingFraction: -1)
            } == "timing.spring.dampingFraction")
        #expect(
            field { () throws(TimingError) in
                try Spring.validated(response: 1, dampingFraction: 1, mass: -2)
            } == "timing.spring.mass")
        #expect(
            field { () throws(TimingError) in try Spring.validated(duration: .nan, bounce: 0) }
                == "timing.spring.duration")
        #expect(
            field { () throws(TimingError) in try Spring.validated(duration: 0.5, bounce: -1) }
                == "timing.spring.bounce")
        #expect(
            field { () throws(TimingError) in try Spring.validated(duration: 0.5, bounce: 1.5) }
                == "timing.spring.bounce")
        #expect(
            field { () throws(TimingError) in
                try Spring.validated(stiffness: 0, damping: 1, field: "to.timing")
            } == "to.timing.stiffness")
        #expect(
            field { () throws(TimingError) in try Spring.validated(duration: 0.5, bounce: 1) }
                == nil)
        #expect(
            field { () throws(TimingError) in try Spring.validated(duration: 0.5, bounce: -0.99) }
                == nil)
        let bounce = Self.error { () throws(TimingError) in
            _ = try Spring.validated(duration: 0.5, bounce: -1)
        }
        #expect(bounce?.problem == .outOfRange(allowed: "in (-1, 1]"))
    }

    @Test func bezierFields() {
        let cases: [(TimingCurve, String, TimingError.Problem)] = [
            (
                .cubicBezier(x1: 1.5, y1: 0, x2: 1, y2: 1), "timing.cubicBezier.x1",
                .outOfRange(allowed: "in [0, 1]")
            ),
            (
                .cubicBezier(x1: -0.1, y1: 0, x2: 1, y2: 1), "timing.cubicBezier.x1",
                .outOfRange(allowed: "in [0, 1]")
            ),
            (.cubicBezier(x1: 0, y1: .nan, x2: 1, y2: 1), "timing.cubicBezier.y1", .notFinite),
            (
                .cubicBezier(x1: 0, y1: 0, x2: 1.01, y2: 1), "timing.cubicBezier.x2",
                .outOfRange(allowed: "in [0, 1]")
            ),
            (
                .cubicBezier(x1: 0, y1: 0, x2: 1, y2: -.infinity), "timing.cubicBezier.y2",
                .notFinite
            ),
        ]
        for (curve, field, problem) in cases {
            let error = Self.curveError(curve)
            #expect(
                error?.field == field && error?.problem == problem,
                "\(curve): \(String(describing: error))")
        }
    }

    @Test func stepsAndLinearFields() {
        let count0 = Self.curveError(.steps(0, .jumpEnd))
        #expect(
            count0?.field == "timing.steps.count" && count0?.problem == .outOfRange(allowed: ">= 1")
        )
        let none1 = Self.curveError(.steps(1, .jumpNone))
        #expect(
            none1?.field == "timing.steps.count"
                && none1?.problem == .outOfRange(allowed: ">= 2 for jump-none"))
        #expect(
            none1?.description
                == "timing.steps.count must be a finite number >= 2 for jump-none, got 1")
        let empty = Self.curveError(.linearStops([]))
        #expect(empty?.field == "timing.linearStops" && empty?.problem == .tooFew(minimum: 2))
        #expect(empty?.description == "timing.linearStops needs at least 2 items, got 0 stops")
        #expect(
            Self.curveError(.linearStops([LinearStop(value: 0.5)]))?.problem == .tooFew(minimum: 2))
        let badInput = Self.curveError(
            .linearStops([LinearStop(value: 0), LinearStop(value: 1, input: .nan)]))
        #expect(badInput?.field == "timing.linearStops[1].input" && badInput?.problem == .notFinite)
        let badValue = Self.curveError(
            .linearStops([LinearStop(value: .infinity), LinearStop(value: 1)]))
        #expect(badValue?.field == "timing.linearStops[0].value")
        let prefixed = Self.error { () throws(TimingError) in
            try TimingCurve.steps(-3, .jumpStart).validate(field: "params.timing")
        }
        #expect(prefixed?.field == "params.timing.steps.count")
    }

    @Test func names() throws {
        #expect(try Easing.named("backEaseOut") == .backEaseOut)
        let unknown = Self.error { () throws(TimingError) in _ = try Easing.named("easeInOut") }
        #expect(unknown?.field == "timing.easing")
        #expect(unknown?.problem == .unknownName(allowed: Easing.allCases.map(\.rawValue)))
        #expect(
            unknown?.description.hasPrefix("timing.easing must be one of linear, quadraticEaseIn, ")
                == true)
        #expect(unknown?.description.hasSuffix("bounceEaseInOut, got \"easeInOut\"") == true)
        #expect(try StepPosition.named("end") == .jumpEnd)
        let position = Self.error { () throws(TimingError) in _ = try StepPosition.named("middle") }
        #expect(position?.field == "timing.steps.position")
        #expect(
            position?.problem
                == .unknownName(allowed: [
                    "jump-start", "jump-end", "jump-both", "jump-none", "start", "end",
                ]))
    }

    /// Curves that fail validation still evaluate without trapping.
    @Test func invalidCurvesDoNotTrap() {
        let curves: [TimingCurve] = [
            .steps(0, .jumpEnd), .steps(-5, .jumpNone), .steps(1, .jumpNone),
            .steps(Int.max, .jumpBoth),
            .steps(Int.min, .jumpStart),
            .linearStops([]), .linearStops([LinearStop(value: 0.5)]),
            .linearStops([
                LinearStop(value: .nan, input: .nan), LinearStop(value: 1, input: -.infinity),
            ]),
            .cubicBezier(x1: .nan, y1: 0, x2: 3, y2: 1), .cubicBezier(x1: -2, y1: 0, x2: 5, y2: 1),
            .spring(Spring(mass: 0, stiffness: 0, damping: -1), initialVelocity: .infinity),
            .spring(Spring(mass: -1, stiffness: .nan, damping: 0), initialVelocity: 0),
        ]
        for curve in curves {
            for t in [-1.0, 0, 0.3, 1, 2, .nan, .infinity] {
                _ = curve.progress(atFraction: t, duration: 1)
                _ = curve.velocity(atFraction: t, duration: 1)
                _ = curve.velocity(atFraction: t, duration: 0)
            }
            _ = curve.naturalDuration
        }
        #expect(TimingCurve.steps(0, .jumpEnd).progress(atFraction: 0.5, duration: 1) == 0)
        #expect(TimingCurve.linearStops([]).progress(atFraction: 0.25, duration: 1) == 0.25)
        #expect(
            TimingCurve.linearStops([LinearStop(value: 0.5)]).progress(
                atFraction: 0.25, duration: 1) == 0.5)
    }
}
