/// Momentum that elements carry into a transition started by a retarget, as SwiftUI's
/// springs keep each value's velocity: an element that moved at velocity w is displaced
/// by w K(t) on top of its path, where K is the spring's response to a unit initial
/// velocity from rest at the target (K(0) = 0, K'(0) = 1, decaying to 0). The spring is
/// linear, so the element moves exactly as its own spring from its pose at velocity w
/// would, while the progress leg starts at rest.
struct CarriedMomentum: Sendable {
    let spring: Spring
    /// What w K is measured against when deciding it has settled: the speed of the old
    /// transition in its own distances per second (so the threshold is 1e-3 of those).
    let scale: Double
    /// Until |scale K| and |scale K'| stay under 1e-3.
    let duration: Double
    let durationNanos: Int64
    private var startNanos: Int64
    /// While paused (scrubbed), the elapsed time it stopped at.
    private var pausedElapsed: Int64?

    init(spring: Spring, scale: Double, at time: Double) {
        self.spring = spring
        self.scale = scale
        duration = spring.settlingDuration(displacement: 0, velocity: scale)
        durationNanos = Nanoseconds.from(seconds: duration)
        startNanos = Nanoseconds.from(seconds: time)
    }

    private func elapsed(at time: Double) -> Int64 {
        pausedElapsed ?? Swift.max(0, Nanoseconds.from(seconds: time) &- startNanos)
    }

    /// K and K' at `time` (both 0 once settled; K' is 0 while paused).
    func sample(at time: Double) -> (carry: Double, rate: Double) {
        let e = elapsed(at: time)
        guard e < durationNanos else { return (0, 0) }
        let s = spring.state(at: Double(e) / 1e9, displacement: 0, velocity: 1)
        return (s.displacement, pausedElapsed == nil ? s.velocity : 0)
    }

    /// Seconds until it has settled.
    func remaining(at time: Double) -> Double {
        Double(Swift.max(0, durationNanos - elapsed(at: time))) / 1e9
    }

    /// The largest |K| ever reached, with a margin: how far carried momentum can take an
    /// element per unit of its velocity.
    var reach: Double {
        var peak = 0.0
        let steps = 4096
        for i in 1...steps {
            let t = duration * Double(i) / Double(steps)
            peak = Swift.max(
                peak, Swift.abs(spring.state(at: t, displacement: 0, velocity: 1).displacement))
        }
        return peak * 1.05 + duration / Double(steps)
    }

    mutating func pause(at time: Double) {
        if pausedElapsed == nil { pausedElapsed = elapsed(at: time) }
    }

    mutating func resume(at time: Double) {
        guard let e = pausedElapsed else { return }
        startNanos = Nanoseconds.from(seconds: time) &- e
        pausedElapsed = nil
    }
}
