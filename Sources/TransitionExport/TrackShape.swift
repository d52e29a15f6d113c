import TransitionEngine

/// A track as key times, for the formats that animate by key times and values (SVG's
/// `keyTimes`, Lottie keyframes): a cubic-bezier they can draw as such, else the stops.
enum TrackShape {
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case stops([LinearStop])

    /// - Parameter bezierInUnitSquare: SMIL's `keySplines` only take control points in
    ///   0...1; Lottie takes any y.
    init(_ track: ProgressTrack, bezierInUnitSquare: Bool) {
        if case .cubicBezier(let x1, let y1, let x2, let y2)? = track.curve,
            !bezierInUnitSquare || ((0...1).contains(y1) && (0...1).contains(y2))
        {
            self = .bezier(x1: x1, y1: y1, x2: x2, y2: y2)
        } else {
            self = .stops(track.stops)
        }
    }

    /// (input, progress) of each key: the ends for a bezier, the stops otherwise.
    var keys: [(input: Double, progress: Double)] {
        switch self {
        case .bezier: return [(0, 0), (1, 1)]
        case .stops(let stops): return stops.map { ($0.input ?? 0, $0.value) }
        }
    }

    /// The first moment (seconds) the track's progress reaches `level`, if it does.
    static func firstTime(_ track: ProgressTrack, reaching level: Double) -> Double? {
        let stops = track.stops
        for i in stops.indices where stops[i].value >= level {
            let x1 = stops[i].input ?? 0
            guard i > 0 else { return track.delay + x1 * track.duration }
            let x0 = stops[i - 1].input ?? 0
            let y0 = stops[i - 1].value
            let share = stops[i].value > y0 ? (level - y0) / (stops[i].value - y0) : 1
            return track.delay + (x0 + (x1 - x0) * share) * track.duration
        }
        return nil
    }
}
