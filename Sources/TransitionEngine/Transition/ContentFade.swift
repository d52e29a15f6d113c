/// How the content of an element both layouts have goes from the source's to the
/// destination's, as Material's container transform fades it (`setFadeMode`).
public enum ContentFade: String, Hashable, Sendable, CaseIterable {
    /// One content: no `contentAlpha`.
    case none
    /// The incoming fades in over the outgoing: [1, p].
    case `in`
    /// The outgoing fades out over the incoming: [1 - p, 1].
    case out
    /// Both at once: [1 - p, p].
    case cross
    /// The outgoing out over the first 35%, then the incoming in:
    /// [max(0, 1 - p / 0.35), max(0, (p - 0.35) / 0.65)].
    case through

    /// Where `through` hands over from the outgoing to the incoming.
    public static let throughSplit = 0.35

    /// The opacities of the outgoing and incoming content at element progress p, each
    /// clamped to 0...1 (overshoot included).
    public func alpha(at p: Double) -> (outgoing: Double, incoming: Double) {
        switch self {
        case .none: return (1, 1)
        case .in: return (1, clamp01(p))
        case .out: return (clamp01(1 - p), 1)
        case .cross: return (clamp01(1 - p), clamp01(p))
        case .through:
            let s = ContentFade.throughSplit
            return (clamp01(1 - p / s), clamp01((p - s) / (1 - s)))
        }
    }
}
