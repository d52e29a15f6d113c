import JSONRPC

/// What a wire format makes of the bytes a client sent.
package enum WireEvent {
    /// One message body (JSON text) for the dispatcher.
    case message([UInt8])
    /// A framing problem, answered with -32700; a fatal one closes the connection.
    case error(FramingError)
    /// Bytes the format answers by itself (a handshake, a pong), written as they are.
    case reply([UInt8])
    /// The format is done with this client: `reply` (a close frame, an HTTP response)
    /// goes out, then the connection closes; `reason` is logged at `level` (a refused
    /// client at `warning`).
    case end(reply: [UInt8], reason: String, level: LogLevel = .info)
}
