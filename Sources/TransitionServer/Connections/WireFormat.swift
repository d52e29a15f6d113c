import JSONRPC

/// How a connection's bytes become message bodies and its messages become bytes: LSP's
/// `Content-Length` framing on stdio and Unix sockets, WebSocket frames for browsers.
protocol WireFormat {
    /// Adds bytes read from the client.
    mutating func append(_ bytes: UnsafeRawBufferPointer)
    /// The next thing the bytes read so far complete, or nil when more are needed.
    mutating func next() -> WireEvent?
    /// Bytes held that may complete more events.
    var bufferedByteCount: Int { get }
    /// The input ended; says what was cut short, if anything.
    mutating func finish() -> String?
    /// One outgoing message body, framed.
    func frame(_ body: [UInt8]) -> [UInt8]
    /// A tick that arrives framed for LSP (the session host frames it once for every
    /// reader), in this wire's framing.
    func reframe(lspFramed: [UInt8]) -> [UInt8]
    /// What to send when the daemon closes the connection (a WebSocket close frame).
    var farewell: [UInt8]? { get }
}

/// What a wire format makes of incoming bytes.
enum WireEvent {
    /// A message body or a framing error, for the dispatcher.
    case frame(FrameEvent)
    /// Bytes the wire itself answers with (a pong, an HTTP response).
    case reply([UInt8])
    /// The wire is done: send `reply` (a close frame, an HTTP error), then close.
    case end(reply: [UInt8], reason: String)
}

/// LSP framing: `Content-Length` headers, as on stdio and Unix sockets.
struct LSPWire: WireFormat {
    var reader: FrameReader

    mutating func append(_ bytes: UnsafeRawBufferPointer) { reader.append(bytes) }
    mutating func next() -> WireEvent? { reader.next().map { .frame($0) } }
    var bufferedByteCount: Int { reader.bufferedByteCount }
    mutating func finish() -> String? { reader.finish().map { "\($0)" } }
    func frame(_ body: [UInt8]) -> [UInt8] { FrameWriter.frame(body) }
    func reframe(lspFramed: [UInt8]) -> [UInt8] { lspFramed }
    var farewell: [UInt8]? { nil }
}
