/// The two content layers of an element in flight (`contentFade`, `contentResize`):
/// the source's content (outgoing) and the destination's (incoming).
public struct ContentLayers: Hashable, Sendable {
    /// Opacities, each in 0...1; nil without a `contentFade`.
    public var alpha: (outgoing: Double, incoming: Double)?
    /// Each side's content kept at its own size and scaled to the current frame: x and
    /// y scales of the outgoing, then of the incoming; nil unless `contentResize` is
    /// `scale`.
    public var scale: (outgoingX: Double, outgoingY: Double, incomingX: Double, incomingY: Double)?

    public init() {}

    public static func == (l: ContentLayers, r: ContentLayers) -> Bool {
        l.alpha?.outgoing == r.alpha?.outgoing && l.alpha?.incoming == r.alpha?.incoming
            && l.scale?.outgoingX == r.scale?.outgoingX && l.scale?.outgoingY == r.scale?.outgoingY
            && l.scale?.incomingX == r.scale?.incomingX && l.scale?.incomingY == r.scale?.incomingY
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(alpha?.outgoing)
        hasher.combine(alpha?.incoming)
        hasher.combine(scale?.outgoingX)
        hasher.combine(scale?.incomingX)
    }
}
