/// What a `WebSocketFrameDecoder` yields.
public enum WebSocketEvent: Equatable, Sendable {
    /// A whole text message (fragments joined), valid UTF-8.
    case text([UInt8])
    /// A ping: answer with a pong carrying the same bytes.
    case ping([UInt8])
    /// A pong (unsolicited ones are allowed and mean nothing).
    case pong([UInt8])
    /// The peer's close frame: answer with a close frame (echoing `code`) and end.
    case close(code: WebSocketCloseCode?, reason: [UInt8])
    /// The peer broke the protocol: send a close frame with this code and end. The
    /// decoder yields nothing after it.
    case failure(WebSocketCloseCode, String)
}
