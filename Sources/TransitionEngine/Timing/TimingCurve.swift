/// A timing curve for an animation whose progress goes from 0 to 1.
///
/// It maps the elapsed fraction of the animation's duration to its progress.
/// Fractions outside [0, 1] are not clamped: AHEasing functions evaluate their
/// formulas, cubic-bezier and `linear()` extend their end segments (as CSS does),
/// steps follow CSS, and a spring clamps negative times to 0.
public enum TimingCurve: Hashable, Sendable {
    /// One of the 31 AHEasing functions.
    case easing(Easing)
    /// CSS `cubic-bezier(x1, y1, x2, y2)`; x1 and x2 must lie in [0, 1].
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// CSS `steps(count, position)`; count >= 1, or >= 2 for `.jumpNone`.
    case steps(Int, StepPosition)
    /// CSS `linear(stops)`, piecewise linear; at least two stops.
    case linearStops([LinearStop])
    /// A spring that moves the progress from 0 to 1.
    ///
    /// `initialVelocity` is in whole distances per second (UIKit's convention: 1
    /// covers the distance in one second at that speed). The spring's time scale is
    /// seconds, so a fraction t means t * duration seconds.
    case spring(Spring, initialVelocity: Double)

    /// Progress at time fraction `t` of an animation lasting `duration` seconds.
    ///
    /// For `.spring`, the progress is 1 - x(t * duration), where x starts at 1 with
    /// velocity -initialVelocity; it ends within the settling epsilon of 1 (not exactly
    /// 1) when `duration` is `naturalDuration`. The other curves ignore `duration`.
    ///
    /// - Complexity: O(1), except O(number of stops) for `.linearStops`.
    public func progress(atFraction t: Double, duration: Double) -> Double {
        switch self {
        case .easing(let easing):
            return easing(t)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(at: t)
        case .steps(let count, let position):
            return position.output(t, steps: count)
        case .linearStops(let stops):
            return LinearStop.evaluate(stops, at: t).value
        case .spring(let spring, let initialVelocity):
            let state = spring.state(at: t * duration, displacement: 1, velocity: -initialVelocity)
            return 1 - state.displacement
        }
    }

    /// d(progress)/d(seconds) at time fraction `t` of an animation lasting `duration` s.
    ///
    /// For every curve but a spring this is the curve's slope divided by `duration`.
    /// Analytic for every curve (the AHEasing derivatives, y'(t)/x'(t) for a bezier,
    /// segment slopes, the spring's velocity). Steps have slope 0 (their jumps are not
    /// represented). The result is finite whenever the curve is: where the slope is
    /// infinite (the circular easings' ends, a bezier's vertical tangent) it is
    /// replaced by the secant over 1e-6 of the fraction (or of the bezier parameter).
    ///
    /// - Returns: 0 when `duration` is not finite and > 0 (except for springs, which
    ///   do not divide by it).
    /// - Complexity: as `progress(atFraction:duration:)`.
    public func velocity(atFraction t: Double, duration: Double) -> Double {
        if case .spring(let spring, let initialVelocity) = self {
            let state = spring.state(at: t * duration, displacement: 1, velocity: -initialVelocity)
            return -state.velocity
        }
        guard duration.isFinite && duration > 0 else { return 0 }
        let slope: Double
        switch self {
        case .easing(let easing):
            let d = easing.derivative(t)
            if d.isFinite || !easing(t).isFinite {
                slope = d
            } else {
                let h = 1e-6
                let lo = t - h >= 0 ? t - h : t
                let hi = t + h <= 1 ? t + h : t
                slope = hi > lo ? (easing(hi) - easing(lo)) / (hi - lo) : 0
            }
        case .cubicBezier(let x1, let y1, let x2, let y2):
            slope = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).slope(at: t)
        case .steps:
            slope = 0
        case .linearStops(let stops):
            slope = LinearStop.evaluate(stops, at: t).slope
        case .spring:
            slope = 0  // handled above
        }
        return slope / duration
    }

    /// For springs, the natural (settling) duration in seconds; nil for other curves.
    ///
    /// The settling duration from progress 0 with the initial velocity
    /// (`Spring.settlingDuration`, epsilon 1e-3 of the distance). The other curves
    /// take the caller's duration.
    public var naturalDuration: Double? {
        guard case .spring(let spring, let initialVelocity) = self else { return nil }
        return spring.settlingDuration(displacement: 1, velocity: -initialVelocity)
    }

    /// Whether this is a `.spring`, whose time scale is seconds.
    public var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }
}
