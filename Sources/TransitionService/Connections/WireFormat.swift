import JSONRPC

/// How one connection's messages are delimited on the wire, both ways: inbound bytes
/// become message bodies, outbound bodies (replies, notifications, ticks) become bytes.
/// `LSPFraming` (Content-Length headers) serves stdio and Unix sockets, `WebSocketWire`
/// browsers; both plug into the same `Connection` and `Dispatcher` unchanged.
package protocol WireFormat: AnyObject {
    /// Adds the next chunk read from the client.
    func append(_ bytes: UnsafeRawBufferPointer)
    /// The next inbound event, or nil when more bytes are needed.
    func next() -> WireEvent?
    /// Takes back a message body the connection is done with, to copy a later one
    /// into (no allocation per message); a format may ignore it.
    func reuse(_ body: consuming [UInt8])
    /// Bytes read but not yet turned into events.
    var bufferedByteCount: Int { get }
    /// The input ended; describes what was cut off, if it ended inside a message.
    func finish() -> String?
    /// Appends what goes before `length` bytes of an outbound message body; the body
    /// follows verbatim (so a large one is written from where it was encoded).
    func appendHeader(bodyLength length: Int, to output: inout [UInt8])
    /// Whether it carries binary frames beside text (a session's binary ticks).
    var carriesBinary: Bool { get }
    /// Appends what goes before `length` bytes of a binary message body.
    func appendBinaryHeader(bodyLength length: Int, to output: inout [UInt8])
    /// What to send when the daemon closes the connection (a WebSocket close frame).
    var farewell: [UInt8]? { get }
    /// Whether the client proved it may connect (a web client showed the token); a
    /// format whose transport vouches for the peer says yes.
    var isAuthenticated: Bool { get }
}

extension WireFormat {
    package var isAuthenticated: Bool { true }

    package func reuse(_ body: consuming [UInt8]) {}

    package var carriesBinary: Bool { false }

    /// A wire without binary frames is never given one: binary sessions and their
    /// subscriptions are refused on it.
    package func appendBinaryHeader(bodyLength length: Int, to output: inout [UInt8]) {
        appendHeader(bodyLength: length, to: &output)
    }
}
