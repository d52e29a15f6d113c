import TransitionEngine

/// One style property of a keyframed element written as its own keyframes, in the
/// element's progress: a key wherever a keyframe track behind the property has a stop,
/// and each segment with the curve that makes it the engine's exactly. CSS and Web
/// Animations interpolate each property between the keyframes that name it, so each
/// engine track keeps its own stops and curves.
public struct PropertyTrack: Hashable, Sendable {
    public struct Key: Hashable, Sendable {
        /// The element progress of the key, 0 at the first and 1 at the last.
        public var at: Double
        public var value: String
        /// The curve of the segment from this key to the next (unused on the last).
        public var easing: TimingCurve
        /// The numbers `value` writes.
        var numbers: [Double]
    }

    /// The property's name, the same in CSS and in Web Animations (`left`, `top`,
    /// `opacity`, `translate`, `rotate`, `scale`, or a value's `--name`).
    public var css: String
    public var keys: [Key]
    /// How its numbers are written.
    var text: PropertyText
}

/// How a property's numbers are written.
enum PropertyText: Hashable, Sendable {
    case px, number, opacity, degrees
    case pair(px: Bool)

    var isOpacity: Bool {
        if case .opacity = self { return true }
        return false
    }

    func callAsFunction(_ v: [Double]) -> String {
        let n = { (x: Double) in NumberText.format(x, places: 6) }
        switch self {
        case .px: return StyleProperties.px(v[0])
        case .number, .opacity: return n(v[0])
        case .degrees: return n(v[0] * 180 / Double.pi) + "deg"
        case .pair(let px):
            return px
                ? StyleProperties.px(v[0]) + " " + StyleProperties.px(v[1])
                : n(v[0]) + " " + n(v[1])
        }
    }
}

#if !hasFeature(Embedded)
    extension StyleProperties {
        /// A segment's curve as CSS and Web Animations write it (`PropertyTrack` holds only
        /// curves they have).
        static func easing(of curve: TimingCurve) -> String {
            easing(ProgressTrack(delay: 0, duration: 1, stops: [], curve: curve))
        }
    }

    extension StyleProperties {
        /// The CSS properties an element's `PropertyTrack`s own (the whole `transform` when
        /// they carry `translate`, `rotate` and `scale`): left out of its two ends.
        static func tracked(_ e: ElementMotion) -> [String] {
            var own = e.propertyTracks.map { $0.css }
            if own.contains("translate") { own.append("transform") }
            return own
        }
    }
#endif
