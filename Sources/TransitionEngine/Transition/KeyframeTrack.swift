/// One property's track through the stops that name it: it starts at the element's
/// start value (progress 0), passes through each stop's value at the stop's `at`, each
/// segment shaped by the timing of the stop it arrives at, and ends at the element's end
/// value (progress 1) along a linear last segment. Past the ends the first and last
/// segments extend linearly, as a plain interpolation does.
///
/// - Complexity: O(stops).
enum KeyframeTrack {
    /// The value and its slope d(value)/d(progress) at element progress `q`; nil when no
    /// stop names the property (`value` returns nil for each).
    static func evaluate(
        _ stops: [Keyframe], start: Double, end: Double, at q: Double,
        _ value: (Keyframe) -> Double?
    ) -> (value: Double, slope: Double)? {
        var lowAt = 0.0
        var lowValue = start
        var named = false
        for stop in stops {
            guard let v = value(stop) else { continue }
            named = true
            if q <= stop.at {
                return segment(lowAt, lowValue, stop.at, v, stop.timing, q)
            }
            lowAt = stop.at
            lowValue = v
        }
        guard named else { return nil }
        return segment(lowAt, lowValue, 1, end, .easing(.linear), q)
    }

    /// The segment from (lowAt, low) to (highAt, high) at `q`: its curve inside, a
    /// straight line outside.
    private static func segment(
        _ lowAt: Double, _ low: Double, _ highAt: Double, _ high: Double, _ curve: TimingCurve,
        _ q: Double
    ) -> (value: Double, slope: Double) {
        let width = highAt - lowAt
        guard width > 0 else { return (high, 0) }
        let u = (q - lowAt) / width
        let rise = high - low
        guard u >= 0, u <= 1 else { return (low + rise * u, rise / width) }
        // Weighted, so that a stop's value comes out exactly at its end of the segment.
        let y = curve.progress(atFraction: u, duration: 1)
        return ((1 - y) * low + y * high, rise * curve.velocity(atFraction: u, duration: 1) / width)
    }

    /// The most |value| a track whose values (stops, start and end) are all within
    /// `magnitude` can reach over element progress -1...2, given its stops.
    static func reach(_ stops: [Keyframe], magnitude: Double) -> Double {
        var factor = 1.0
        var first = 1.0
        var last = 0.0
        for stop in stops {
            let (low, high) = stop.timing.outputRange
            // low*(1-y) + high*y over y in [lo, hi] stays within magnitude times this.
            factor = Swift.max(
                factor, Swift.abs(1 - low) + Swift.abs(low), Swift.abs(1 - high) + Swift.abs(high))
            first = Swift.min(first, stop.at)
            last = Swift.max(last, stop.at)
        }
        // Extended linearly: at progress -1 the first segment goes 1 / at of its rise
        // (at most twice the magnitude) past its start, at 2 the last one 1 / (1 - at).
        let extended = Swift.max(1 + 2 / first, 1 + 2 / (1 - last))
        return magnitude * Swift.max(factor, extended)
    }
}

extension TimingCurve {
    /// Bounds of the curve's output over inputs 0...1 (springs excluded).
    var outputRange: (low: Double, high: Double) {
        switch self {
        case .cubicBezier(_, let y1, _, let y2):
            // A bezier stays within the hull of its control points.
            return (Swift.min(0, y1, y2), Swift.max(1, y1, y2))
        case .linearStops(let stops):
            var low = 0.0
            var high = 1.0
            for s in stops {
                low = Swift.min(low, s.value)
                high = Swift.max(high, s.value)
            }
            return (low, high)
        case .steps:
            return (0, 1)
        case .easing:
            // The elastic and back functions overshoot by less than this.
            return (-1, 2)
        case .spring:
            return (-1, 2)
        }
    }
}
