/// A damped harmonic oscillator `m x'' + c x' + k x = 0`.
///
/// x is the displacement from the target; m the mass, k the stiffness, c the damping.
/// Three parametrisations are accepted: the physical one; SwiftUI's `response` and
/// `dampingFraction` (k = (2 pi / response)^2 m, c = 4 pi dampingFraction m / response);
/// and SwiftUI's `duration` and `bounce`. Times are in seconds; a velocity is in units
/// of displacement per second (for a transition's progress spring, of the whole
/// distance per second, as UIKit's `initialSpringVelocity`).
public struct Spring: Hashable, Sendable {
    /// The mass m (> 0).
    public var mass: Double
    /// The stiffness k (> 0).
    public var stiffness: Double
    /// The damping coefficient c (>= 0; 0 never settles).
    public var damping: Double

    /// A spring from its physical constants.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring from SwiftUI's `response` and `dampingFraction`.
    ///
    /// `response` is the period in seconds of the undamped oscillation;
    /// `dampingFraction` the damping ratio zeta (1 is critical, below 1 oscillates):
    /// k = (2 pi / response)^2 m, c = 4 pi zeta m / response.
    public init(response: Double, dampingFraction: Double, mass: Double = 1) {
        let omega = 2 * Double.pi / response
        self.mass = mass
        self.stiffness = omega * omega * mass
        self.damping = 4 * Double.pi * dampingFraction * mass / response
    }

    /// A spring from SwiftUI's perceptual `duration` and `bounce`.
    ///
    /// The response is `duration`; a `bounce` in [0, 1] gives the damping fraction
    /// 1 - bounce (0 is critically damped, 1 undamped), a `bounce` in (-1, 0) gives
    /// 1 / (1 + bounce) (over-damped).
    public init(duration: Double, bounce: Double) {
        let dampingFraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingFraction: dampingFraction)
    }

    /// The damping ratio zeta = c / (2 sqrt(k m)).
    ///
    /// Below 1 the spring is under-damped (oscillates), at 1 critically damped, above
    /// 1 over-damped.
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The undamped angular frequency omega0 = sqrt(k / m), in radians per second.
    public var naturalFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// Whether the constants describe a spring that can be evaluated.
    ///
    /// Mass and stiffness must be finite and > 0, damping finite and >= 0.
    var isPhysical: Bool {
        mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0
            && damping.isFinite && damping >= 0
    }

    /// The displacement and velocity `t` seconds after starting at (`x0`, `v0`).
    ///
    /// Closed form, with the velocity as the analytic derivative.
    ///
    /// With a = zeta omega0 and w = omega0 sqrt(|1 - zeta^2|), every solution is
    /// `x(t) = e^(-a t) (x0 C(t) + (v0 + a x0) S(t))` and its derivative
    /// `v(t) = e^(-a t) (v0 C(t) - (a v0 + omega0^2 x0) S(t))`, where C and S are
    /// cos(w t) and sin(w t)/w (under-damped), 1 and t (critically damped), or
    /// cosh(w t) and sinh(w t)/w (over-damped). Writing S as sin(w t)/w keeps the
    /// formulas accurate as zeta approaches 1 from either side; the over-damped
    /// products with e^(-a t) are taken as sums of decaying exponentials, so they
    /// neither overflow nor lose precision for large t or zeta.
    ///
    /// - Parameters:
    ///   - t: Seconds since the start; negative times evaluate as 0.
    ///   - x0: The initial displacement from the target.
    ///   - v0: The initial velocity (towards the target when of opposite sign to x0).
    /// - Returns: (0, 0) for constants that fail `isPhysical` (see `validate`).
    /// - Complexity: O(1).
    public func state(at t: Double, displacement x0: Double, velocity v0: Double)
        -> (displacement: Double, velocity: Double)
    {
        guard isPhysical else { return (0, 0) }
        let t = Swift.max(t, 0)
        let omega0 = naturalFrequency
        let a = dampingRatio * omega0
        let (c, s) = Spring.decayedBasis(a: a, omega0: omega0, zeta: dampingRatio, t: t)
        let x = x0 * c + (v0 + a * x0) * s
        let v = v0 * c - (a * v0 + omega0 * omega0 * x0) * s
        return (x, v)
    }

    /// e^(-a t) C(t) and e^(-a t) S(t) for the regime given by zeta (see `state`).
    @inline(__always)
    static func decayedBasis(a: Double, omega0: Double, zeta: Double, t: Double)
        -> (c: Double, s: Double)
    {
        if zeta < 1 {
            let w = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = exp(-a * t)
            return (decay * cos(w * t), decay * (w > 0 ? sin(w * t) / w : t))
        }
        if zeta == 1 {
            let decay = exp(-a * t)
            return (decay, decay * t)
        }
        let w = omega0 * (zeta * zeta - 1).squareRoot()
        if w * t < 0.5 {
            // Small w t: cosh and sinh/w are accurate and e^(-a t) does not underflow
            // before they overflow.
            let decay = exp(-a * t)
            return (decay * cosh(w * t), decay * (w > 0 ? sinh(w * t) / w : t))
        }
        // The slow root -a + w = -omega0^2 / (a + w), without cancellation.
        let slow = exp(-(omega0 * omega0 / (a + w)) * t)
        let fast = exp(-(a + w) * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * w))
    }
}
