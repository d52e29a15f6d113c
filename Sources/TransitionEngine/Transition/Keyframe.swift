/// One stop of a transition's keyframes: values some properties pass through at an
/// element's own progress `at`, each property its own track (`KeyframeTrack`).
/// Absent members leave their property to the other stops, or to a plain interpolation
/// from the element's start to its end when no stop names it.
public struct Keyframe: Hashable, Sendable {
    /// The element progress of the stop, in (0, 1).
    public var at: Double
    /// The curve of the segment that arrives at this stop (no spring: a segment has no
    /// duration of its own).
    public var timing: TimingCurve
    public var alpha: Double?
    public var scaleX: Double?
    public var scaleY: Double?
    /// Radians.
    public var rotation: Double?
    public var translateX: Double?
    public var translateY: Double?
    /// A displacement of the element's centre from where it would be at `at`.
    public var offset: Point?
    /// Numeric values by name.
    public var values: [CustomValue]
    /// The elements the stop applies to; nil: every element on both sides.
    public var scope: KeyframeScope?

    public init(
        at: Double, timing: TimingCurve = .easing(.linear), alpha: Double? = nil,
        scaleX: Double? = nil, scaleY: Double? = nil, rotation: Double? = nil,
        translateX: Double? = nil, translateY: Double? = nil, offset: Point? = nil,
        values: [CustomValue] = [], scope: KeyframeScope? = nil
    ) {
        self.at = at
        self.timing = timing
        self.alpha = alpha
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.translateX = translateX
        self.translateY = translateY
        self.offset = offset
        self.values = values
        self.scope = scope
    }

    /// Whether the stop names any transform component.
    public var hasTransform: Bool {
        scaleX != nil || scaleY != nil || rotation != nil || translateX != nil || translateY != nil
    }

    func validate(field: String) throws(ValidationError) {
        guard at.isFinite, at > 0, at < 1 else {
            throw ValidationError(
                field: field + ".at",
                message: "must be a number between 0 and 1 (both excluded), got \(at)")
        }
        if timing.isSpring {
            throw ValidationError(
                field: field + ".timing", message: "a keyframe's segment cannot take a spring")
        }
        if let alpha {
            guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
                throw ValidationError(
                    field: field + ".alpha", message: "must be a number from 0 to 1, got \(alpha)")
            }
        }
        for (value, name) in [
            (scaleX, "scaleX"), (scaleY, "scaleY"), (rotation, "rotation"),
            (translateX, "translateX"), (translateY, "translateY"), (offset?.x, "offset.x"),
            (offset?.y, "offset.y"),
        ] {
            if let value { try ValidationError.checkFinite(value, field: field + "." + name) }
        }
        for v in values {
            guard case .number(let n) = v.value else {
                throw ValidationError(
                    field: "\(field).values.\(v.name)",
                    message: "a keyframe's values must be numbers")
            }
            try ValidationError.checkFinite(n, field: "\(field).values.\(v.name)")
        }
    }
}
