/// How a transition is timed.
public struct TransitionTiming: Hashable, Sendable {
    /// Paused at progress 0 until scrubbed or finished.
    public var interactive: Bool
    /// Seconds; nil means the curve's own (springs) or `defaultDuration`.
    public var duration: Double?
    public var curve: TimingCurve

    public static let defaultDuration = 0.3

    public init(
        interactive: Bool = false, duration: Double? = nil, curve: TimingCurve = .easing(.linear)
    ) {
        self.interactive = interactive
        self.duration = duration
        self.curve = curve
    }

    /// The nominal duration: a spring's settling time (its dynamics decide; a given
    /// duration is ignored), else the given one, else 0.3 s.
    public var resolvedDuration: Double {
        curve.naturalDuration ?? duration ?? TransitionTiming.defaultDuration
    }

    /// Makes this the timing of a reduced transition: `duration` seconds, a spring
    /// replaced by linear (its settling time and overshoot mean nothing to a fade); other
    /// curves kept.
    public mutating func reduce(to duration: Double) {
        self.duration = duration
        if curve.isSpring { curve = .easing(.linear) }
    }
}
