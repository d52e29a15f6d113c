import TransitionEngine

/// How a group of elements (or the content) progresses in time: from 0 to 1 between
/// `delay` and `delay + duration` seconds, along an easing.
///
/// `stops` always follow the engine within the tolerance; `curve` is set when a
/// format's own curve (`cubic-bezier`, `steps`, `linear()`, `linear`) is the engine's
/// exactly, and formats that have that curve use it instead.
public struct ProgressTrack: Hashable, Sendable {
    /// Seconds from the start of the transition to the start of the motion.
    public var delay: Double
    /// Seconds the motion lasts.
    public var duration: Double
    /// Points of the easing, inputs from 0 to 1 (CSS `linear()` stops).
    public var stops: [LinearStop]
    /// The exact curve, when a format can express it.
    public var curve: TimingCurve?

    /// The eased progress at `time` seconds from the start of the transition, as the
    /// export plays it: the curve where there is one, else the stops.
    public func progress(at time: Double) -> Double {
        let x: Double
        if duration > 0 {
            x = Swift.min(Swift.max((time - delay) / duration, 0), 1)
        } else {
            x = time >= delay ? 1 : 0
        }
        return (curve ?? .linearStops(stops)).progress(atFraction: x, duration: duration)
    }

    /// Whether the easing is the identity (two stops, 0 to 1).
    public var isLinear: Bool {
        if case .easing(.linear)? = curve { return true }
        return stops.count == 2 && stops[0].value == 0 && stops[1].value == 1
    }
}
