import TestSupport
import Testing

@testable import TransitionEngine

/// Springs: closed form against numerical integration, parametrisations, settling.
@Suite struct TimingSpringTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    /// Classical fourth-order Runge-Kutta for m x'' + c x' + k x = 0, step h.
    static func integrate(_ s: Spring, x0: Double, v0: Double, to t: Double, h: Double = 1e-4)
        -> (x: Double, v: Double)
    {
        func acceleration(_ x: Double, _ v: Double) -> Double {
            -(s.damping * v + s.stiffness * x) / s.mass
        }
        var x = x0
        var v = v0
        let steps = Int((t / h).rounded())
        let h = t / Double(steps)
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    /// (name, spring, x0, v0), covering every regime and the edges between them.
    static let cases: [(String, Spring, Double, Double)] = [
        ("under-damped", Spring(stiffness: 100, damping: 4), 1, 0),
        ("under-damped, heavy, pushed", Spring(mass: 2, stiffness: 50, damping: 3), 1, -6),
        ("under-damped, from rest at target", Spring(stiffness: 300, damping: 10), 0, 4),
        ("critically damped", Spring(stiffness: 100, damping: 20), 1, 0),
        ("critically damped, pushed away", Spring(stiffness: 100, damping: 20), 0.3, 5),
        ("just under critical", Spring(stiffness: 100, damping: 20 * (1 - 1e-9)), 1, -2),
        ("just over critical", Spring(stiffness: 100, damping: 20 * (1 + 1e-9)), 1, -2),
        ("over-damped", Spring(stiffness: 100, damping: 50), 1, 0),
        ("over-damped, overshooting", Spring(stiffness: 100, damping: 25), 1, -30),
        ("heavily over-damped", Spring(stiffness: 100, damping: 200), -0.5, 1),
        ("undamped", Spring(stiffness: 40, damping: 0), 1, 1),
    ]

    @Test(arguments: cases.indices)
    func closedFormMatchesIntegration(_ i: Int) {
        let (name, spring, x0, v0) = Self.cases[i]
        for t in [0.0, 0.05, 0.13, 0.4, 0.77, 1.5] {
            let exact = spring.state(at: t, displacement: x0, velocity: v0)
            let numeric = Self.integrate(spring, x0: x0, v0: v0, to: t)
            #expect(
                Self.close(exact.displacement, numeric.x),
                "\(name) x(\(t)): \(exact.displacement) vs \(numeric.x)")
            #expect(
                Self.close(exact.velocity, numeric.v),
                "\(name) v(\(t)): \(exact.velocity) vs \(numeric.v)")
        }
    }

    @Test(arguments: cases.indices)
    func velocityIsDerivativeOfDisplacement(_ i: Int) {
        let (name, spring, x0, v0) = Self.cases[i]
        let h = 1e-6
        for t in [0.01, 0.1, 0.25, 0.6, 1.1] {
            let ahead = spring.state(at: t + h, displacement: x0, velocity: v0).displacement
            let behind = spring.state(at: t - h, displacement: x0, velocity: v0).displacement
            let numeric = (ahead - behind) / (2 * h)
            let analytic = spring.state(at: t, displacement: x0, velocity: v0).velocity
            #expect(
                Self.close(analytic, numeric, 1e-6 * Swift.max(1, abs(analytic))), "\(name) at \(t)"
            )
        }
    }

    @Test func initialStateAndLongRun() {
        for (name, spring, x0, v0) in Self.cases {
            let start = spring.state(at: 0, displacement: x0, velocity: v0)
            #expect(start.displacement == x0 && Self.close(start.velocity, v0), "\(name)")
            // Negative times clamp to 0.
            #expect(spring.state(at: -1, displacement: x0, velocity: v0).displacement == x0)
            // Far in the future: finite, and at rest unless undamped.
            let late = spring.state(at: 1e6, displacement: x0, velocity: v0)
            #expect(late.displacement.isFinite && late.velocity.isFinite, "\(name)")
            if spring.damping > 0 {
                #expect(late.displacement == 0 && late.velocity == 0, "\(name)")
            }
        }
    }

    // MARK: Parametrisations

    @Test func responseAndDampingFraction() {
        let s = Spring(response: 0.5, dampingFraction: 0.7, mass: 2)
        let omega = 2 * Double.pi / 0.5
        #expect(Self.close(s.mass, 2))
        #expect(Self.close(s.stiffness, omega * omega * 2))
        #expect(Self.close(s.damping, 4 * Double.pi * 0.7 * 2 / 0.5))
        #expect(Self.close(s.dampingRatio, 0.7))
        #expect(Self.close(s.naturalFrequency, omega))
        let unitMass = Spring(response: 1, dampingFraction: 1)
        #expect(Self.close(unitMass.stiffness, 4 * Double.pi * Double.pi))
        #expect(Self.close(unitMass.damping, 4 * Double.pi))
        #expect(Self.close(unitMass.dampingRatio, 1))
    }

    @Test func physicalConstants() {
        let s = Spring(mass: 4, stiffness: 16, damping: 8)
        #expect(Self.close(s.naturalFrequency, 2))
        #expect(Self.close(s.dampingRatio, 0.5))
        #expect(Spring(stiffness: 9, damping: 1).mass == 1)
    }

    /// SwiftUI: response = duration; bounce >= 0 gives zeta = 1 - bounce, bounce < 0
    /// gives zeta = 1 / (1 + bounce).
    @Test func durationAndBounce() {
        let cases: [(Double, Double)] = [(0.3, 0.7), (0, 1), (1, 0), (-0.5, 2), (-0.2, 1.25)]
        for (bounce, zeta) in cases {
            let s = Spring(duration: 0.4, bounce: bounce)
            let reference = Spring(response: 0.4, dampingFraction: zeta)
            #expect(Self.close(s.dampingRatio, zeta), "bounce \(bounce)")
            #expect(Self.close(s.stiffness, reference.stiffness), "bounce \(bounce)")
            #expect(Self.close(s.damping, reference.damping), "bounce \(bounce)")
            #expect(s.mass == 1)
        }
    }

    // MARK: Settling

    /// After the settling duration |x| and |v| stay under epsilon (dense samples up to
    /// 5 s later), and a microsecond before it they do not. A backward scan with a
    /// 1e-4 s step finds the last excursion within one step before it.
    static func checkSettling(
        _ spring: Spring, x0: Double, v0: Double, epsilon: Double = 1e-3, _ name: String
    ) {
        let settle = spring.settlingDuration(displacement: x0, velocity: v0, epsilon: epsilon)
        #expect(settle > 0 && settle < Spring.maximumSettlingDuration, "\(name): \(settle)")
        func worst(_ t: Double) -> Double {
            let s = spring.state(at: t, displacement: x0, velocity: v0)
            return Swift.max(abs(s.displacement), abs(s.velocity))
        }
        #expect(worst(settle) <= epsilon, "\(name): not settled at \(settle)")
        #expect(worst(settle - 1e-6) > epsilon, "\(name): settled before \(settle)")
        var t = settle
        while t < settle + 5 {
            #expect(worst(t) <= epsilon, "\(name): excursion at \(t) after \(settle)")
            if worst(t) > epsilon { break }
            t += 1e-4
        }
        var last = settle + 5
        while last > 0 && worst(last) <= epsilon { last -= 1e-4 }
        #expect(
            last <= settle && last > settle - 1e-4 - 1e-9,
            "\(name): last excursion at \(last), settle \(settle)")
    }

    @Test(arguments: cases.indices.filter { cases[$0].1.damping > 0 })
    func settlingDuration(_ i: Int) {
        let (name, spring, x0, v0) = Self.cases[i]
        Self.checkSettling(spring, x0: x0, v0: v0, name)
        Self.checkSettling(spring, x0: x0, v0: v0, epsilon: 1e-5, name + ", epsilon 1e-5")
    }

    /// Seeded random springs of every kind, started from random states.
    @Test func settlingDurationOfRandomSprings() {
        var rng = SeededRandom(seed: 0x5eed_5971)
        for n in 0..<30 {
            let response = 0.1 + rng.unit()
            let zeta = n % 3 == 0 ? 1 : 0.05 + rng.unit() * 3
            let spring = Spring(response: response, dampingFraction: zeta, mass: 0.5 + rng.unit())
            let x0 = rng.unit() * 2 - 1
            let v0 = rng.unit() * 20 - 10
            Self.checkSettling(spring, x0: x0, v0: v0, "#\(n) \(spring) x0 \(x0) v0 \(v0)")
        }
    }

    @Test func settlingEdgeCases() {
        let spring = Spring(stiffness: 100, damping: 20)
        #expect(spring.settlingDuration(displacement: 0, velocity: 0) == 0)
        // Already settled: |x| and the largest |v| it will reach (omega0 x0 / e) are small.
        #expect(spring.settlingDuration(displacement: 5e-5, velocity: 0) == 0)
        #expect(spring.settlingDuration(displacement: 5e-4, velocity: 0) > 0)
        // epsilon is absolute: a larger start takes longer.
        #expect(
            spring.settlingDuration(displacement: 10, velocity: 0)
                > spring.settlingDuration(displacement: 1, velocity: 0))
        // Undamped: never settles, reports the cap; unless the motion is under epsilon.
        let undamped = Spring(stiffness: 4, damping: 0)
        #expect(
            undamped.settlingDuration(displacement: 1, velocity: 0)
                == Spring.maximumSettlingDuration)
        #expect(undamped.settlingDuration(displacement: 1e-4, velocity: 0) == 0)
        // Barely damped: settles after the cap, reports the cap.
        let slow = Spring(stiffness: 100, damping: 1e-3)
        #expect(
            slow.settlingDuration(displacement: 1, velocity: 0) == Spring.maximumSettlingDuration)
        // Creeping (zeta = 50, slow rate 0.02 / s): about 310 s, reports the cap.
        let creeping = Spring(stiffness: 4, damping: 200)
        #expect(
            creeping.settlingDuration(displacement: 1, velocity: 0)
                == Spring.maximumSettlingDuration)
        #expect(
            spring.settlingDuration(displacement: 1, velocity: 0, epsilon: 0)
                == Spring.maximumSettlingDuration)
        // Invalid constants or inputs do not trap.
        let invalid = Spring(mass: 0, stiffness: -1, damping: .nan)
        #expect(invalid.settlingDuration(displacement: 1, velocity: 0) == 0)
        #expect(invalid.state(at: 1, displacement: 1, velocity: 0) == (0, 0))
        #expect(spring.settlingDuration(displacement: .infinity, velocity: 0) == 0)
    }

    // MARK: As a timing curve

    @Test func springTimingCurve() {
        let spring = Spring(response: 0.5, dampingFraction: 0.6)
        let curve = TimingCurve.spring(spring, initialVelocity: 2)
        let duration = curve.naturalDuration!
        #expect(Self.close(duration, spring.settlingDuration(displacement: 1, velocity: -2)))
        #expect(curve.progress(atFraction: 0, duration: duration) == 0)
        #expect(Self.close(curve.velocity(atFraction: 0, duration: duration), 2))
        #expect(abs(curve.progress(atFraction: 1, duration: duration) - 1) <= 1e-3)
        for f in [0.1, 0.35, 0.8] {
            let s = spring.state(at: f * duration, displacement: 1, velocity: -2)
            #expect(
                Self.close(curve.progress(atFraction: f, duration: duration), 1 - s.displacement))
            #expect(Self.close(curve.velocity(atFraction: f, duration: duration), -s.velocity))
        }
        // Under-damped: overshoots 1 on the way.
        let peak = (1...100).map {
            curve.progress(atFraction: Double($0) / 100, duration: duration)
        }.max()!
        #expect(peak > 1.05)
    }
}
