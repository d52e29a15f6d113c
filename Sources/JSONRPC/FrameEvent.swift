/// What a `FrameReader` yields: a whole message body, or a framing error.
public enum FrameEvent: Equatable, Sendable {
    /// The bytes of one message body (the JSON text, not yet parsed).
    case message([UInt8])
    /// A framing problem; see `FramingError.isFatal`.
    case error(FramingError)
}
