/// The progress of one transition over time: a value-type state machine driven by
/// explicit events, with no clock of its own (the caller passes the time).
///
/// - `start` animated (duration and timing curve) or interactive (paused at 0).
/// - `scrub` sets the progress and pauses, as UIViewPropertyAnimator does.
/// - `finish` / `cancel` animate from the current progress to 1 / 0. By default they
///   take the remaining share of the duration ((1 - p) d, p d) with the transition's
///   curve; a spring starts from the current velocity (the running segment's, or the
///   recent scrubbing speed), so velocity stays continuous.
/// - `cancelInPlace` and `interrupt` end at once where the progress is.
/// Exactly one `TransitionEnd` is produced per animator; events after it are refused.
public struct Animator: Sendable {
    public enum Phase: String, Hashable, Sendable {
        case running
        case paused
        case finishing
        case cancelling
        case ended
    }

    /// One animated leg: progress from `from` to `target` over `duration` seconds.
    ///
    /// Its start and length are kept in whole nanoseconds, so the elapsed time is an
    /// exact integer: the tick at the nominal end (start + duration, each read from a
    /// clock in nanoseconds) is the end, whatever rounding the seconds carried.
    struct Segment: Sendable {
        var startNanos: Int64
        var from: Double
        var target: Double
        var duration: Double
        var durationNanos: Int64
        var curve: TimingCurve
        /// Initial velocity in progress per second (springs only).
        var velocity: Double

        /// - Parameter atLeast: the leg lasts at least this long (carried momentum that
        ///   has not settled yet ends with it).
        init(
            start: Double, from: Double, target: Double, duration: Double?, curve: TimingCurve,
            velocity: Double,
            atLeast: Double = 0
        ) {
            self.startNanos = Nanoseconds.from(seconds: start)
            self.from = from
            self.target = target
            self.curve = curve
            self.velocity = velocity
            if case .spring(let spring, _) = curve {
                self.duration = spring.settlingDuration(
                    displacement: from - target, velocity: velocity)
            } else {
                // Below a nanosecond a leg is instant: dividing by a subnormal duration
                // would make the velocity infinite.
                let d = Swift.max(0, duration ?? 0)
                self.duration = d < 1e-9 ? 0 : d
            }
            if atLeast > self.duration { self.duration = atLeast }
            durationNanos = Nanoseconds.from(seconds: self.duration)
        }

        func sample(at t: Double) -> (
            fraction: Double, progress: Double, velocity: Double, done: Bool
        ) {
            let elapsedNanos = Swift.max(0, Nanoseconds.from(seconds: t) &- startNanos)
            if elapsedNanos >= durationNanos { return (1, target, 0, true) }
            let fraction = Double(elapsedNanos) / Double(durationNanos)
            if case .spring(let spring, _) = curve {
                let elapsed = Double(elapsedNanos) / 1e9
                let s = spring.state(at: elapsed, displacement: from - target, velocity: velocity)
                return (fraction, target + s.displacement, s.velocity, false)
            }
            let distance = target - from
            return (
                fraction,
                from + distance * curve.progress(atFraction: fraction, duration: duration),
                distance * curve.velocity(atFraction: fraction, duration: duration), false
            )
        }
    }

    /// Why an event was refused.
    public enum EventError: Error, Hashable, Sendable {
        case ended
    }

    /// The nominal duration: of the whole transition, which finish and cancel take a
    /// share of.
    public let duration: Double
    public let curve: TimingCurve
    public private(set) var phase: Phase
    private var segment: Segment?
    private var held: Double
    /// Momentum carried from a retargeted transition, decaying on its own clock.
    private var carry: CarriedMomentum?
    /// The last two scrubs (time, progress), for the scrubbing velocity.
    private var scrubs: [(time: Double, progress: Double)] = []
    public private(set) var end: TransitionEnd?

    /// How recent the last scrub must be for its speed to carry into a spring.
    public static let scrubVelocityWindow = 0.1

    /// An animation from 0 to 1 over `duration` (a spring takes its own settling time).
    /// - Parameter carryScale: with a spring, elements carry momentum from before (a
    ///   retarget): the sample's `carry` is the spring's response to a unit velocity, and
    ///   the leg lasts until `carryScale` times it has settled (see `CarriedMomentum`).
    public init(
        animatedWith curve: TimingCurve, duration: Double, at time: Double,
        initialVelocity: Double? = nil,
        carryScale: Double? = nil
    ) {
        self.curve = curve
        var velocity = 0.0
        var carried: CarriedMomentum? = nil
        if case .spring(let spring, let v) = curve {
            velocity = initialVelocity ?? v
            if let carryScale, carryScale > 0 {
                carried = CarriedMomentum(spring: spring, scale: carryScale, at: time)
            }
        }
        carry = carried
        let segment = Segment(
            start: time, from: 0, target: 1, duration: duration, curve: curve, velocity: velocity,
            atLeast: carried?.duration ?? 0)
        self.duration = curve.isSpring ? segment.duration : duration
        self.segment = segment
        phase = .running
        held = 0
    }

    /// An interactive transition, paused at `progress` until scrubbed or finished.
    public init(interactiveWith curve: TimingCurve, duration: Double, progress: Double = 0) {
        self.curve = curve
        self.duration = duration
        phase = .paused
        held = progress
    }

    /// Progress, velocity and fraction at `time`, without changing anything.
    public func sample(at time: Double) -> AnimatorSample {
        if let end {
            return AnimatorSample(time: time, fraction: 1, progress: end.progress, velocity: 0)
        }
        let k = carry?.sample(at: time) ?? (carry: 0, rate: 0)
        if let segment {
            let s = segment.sample(at: time)
            if s.done {
                return AnimatorSample(time: time, fraction: 1, progress: s.progress, velocity: 0)
            }
            return AnimatorSample(
                time: time, fraction: s.fraction, progress: s.progress, velocity: s.velocity,
                carry: k.carry,
                carryRate: k.rate)
        }
        return AnimatorSample(
            time: time, fraction: 0, progress: held, velocity: 0, carry: k.carry, carryRate: 0)
    }

    /// How much momentum carried into this transition is still moving: what a retarget
    /// scales the next transition's carried momentum by (0 when none).
    public func carryScale(at time: Double) -> Double {
        guard end == nil, let carry else { return 0 }
        return carry.scale * Swift.abs(sample(at: time).carryRate)
    }

    /// Moves time forward; returns the sample and, once, the end event when the
    /// animation reaches its target.
    public mutating func advance(to time: Double) -> (sample: AnimatorSample, end: TransitionEnd?) {
        guard end == nil, let segment else { return (sample(at: time), nil) }
        let s = segment.sample(at: time)
        let sample = self.sample(at: time)
        guard s.done else { return (sample, nil) }
        let finished = TransitionEnd(
            reason: segment.target >= 1 ? .finished : .cancelled, progress: segment.target)
        close(with: finished)
        return (sample, finished)
    }

    /// Sets the progress (clamped to 0...1) and pauses.
    public mutating func scrub(to progress: Double, at time: Double) throws(EventError) {
        guard end == nil else { throw .ended }
        let p = Swift.min(Swift.max(progress, 0), 1)
        carry?.pause(at: time)
        segment = nil
        held = p
        phase = .paused
        scrubs.append((time, p))
        if scrubs.count > 2 { scrubs.removeFirst() }
    }

    /// Animates to 1 from the current progress.
    public mutating func finish(
        at time: Double, duration: Double? = nil, curve: TimingCurve? = nil, velocity: Double? = nil
    ) throws(EventError) {
        try animate(to: 1, at: time, duration: duration, curve: curve, velocity: velocity)
        phase = .finishing
    }

    /// Animates back to 0 from the current progress.
    public mutating func cancel(
        at time: Double, duration: Double? = nil, curve: TimingCurve? = nil, velocity: Double? = nil
    ) throws(EventError) {
        try animate(to: 0, at: time, duration: duration, curve: curve, velocity: velocity)
        phase = .cancelling
    }

    /// Stops where the progress is now.
    public mutating func cancelInPlace(at time: Double) throws(EventError) -> TransitionEnd {
        try interrupt(.cancelledInPlace, at: time)
    }

    /// Ends at once with `reason` (retargeted, superseded, disposed, cancelledInPlace).
    public mutating func interrupt(_ reason: TransitionEndReason, at time: Double)
        throws(EventError) -> TransitionEnd
    {
        guard end == nil else { throw .ended }
        let ended = TransitionEnd(reason: reason, progress: sample(at: time).progress)
        close(with: ended)
        return ended
    }

    private mutating func close(with ended: TransitionEnd) {
        end = ended
        carry = nil
        segment = nil
        held = ended.progress
        phase = .ended
    }

    private mutating func animate(
        to target: Double, at time: Double, duration: Double?, curve: TimingCurve?,
        velocity: Double?
    ) throws(EventError) {
        guard end == nil else { throw .ended }
        let now = sample(at: time)
        let remaining = Swift.abs(target - now.progress)
        let v = velocity ?? (segment != nil ? now.velocity : scrubVelocity(at: time))
        carry?.resume(at: time)
        segment = Segment(
            start: time, from: now.progress, target: target,
            duration: duration ?? remaining * self.duration, curve: curve ?? self.curve,
            velocity: v,
            atLeast: carry?.remaining(at: time) ?? 0)
        scrubs = []
    }

    /// The velocity a leg started now continues: the running leg's, or, when paused, the
    /// speed of the last two scrubs if the last one is recent (else 0).
    public func currentVelocity(at time: Double) -> Double {
        guard end == nil else { return 0 }
        return segment != nil ? sample(at: time).velocity : scrubVelocity(at: time)
    }

    /// The duration a leg with a non-spring `curve` from `from` to `target` needs to start
    /// at `velocity` (progress per second), or nil when no duration does: its initial
    /// speed is (target - from) curve'(0) / duration. A given `duration` is kept when it
    /// already starts at that velocity; without one, `fallback` is used when the velocity
    /// is 0 and the curve starts at rest.
    public static func duration(
        startingAt velocity: Double, from: Double, to target: Double, curve: TimingCurve,
        duration: Double?,
        fallback: Double
    ) -> Double? {
        let push = (target - from) * curve.velocity(atFraction: 0, duration: 1)
        if let duration {
            let speed = duration > 0 ? push / duration : (push == 0 ? 0 : .infinity)
            return Swift.abs(speed - velocity) <= 1e-9 * Swift.max(1, Swift.abs(velocity))
                ? duration : nil
        }
        if velocity == 0 { return push == 0 ? fallback : nil }
        let d = push / velocity
        return d > 0 && d <= ValidationError.maximumMagnitude ? d : nil
    }

    /// The speed of the last two scrubs, if the last one is recent.
    private func scrubVelocity(at time: Double) -> Double {
        guard scrubs.count == 2, time - scrubs[1].time <= Animator.scrubVelocityWindow else {
            return 0
        }
        let dt = scrubs[1].time - scrubs[0].time
        return dt > 0 ? (scrubs[1].progress - scrubs[0].progress) / dt : 0
    }
}
