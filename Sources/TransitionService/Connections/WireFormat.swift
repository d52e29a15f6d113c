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
    /// goes out, then the connection closes.
    case end(reply: [UInt8], reason: String)
}

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
    /// What to send when the daemon closes the connection (a WebSocket close frame).
    var farewell: [UInt8]? { get }
}

extension WireFormat {
    package func reuse(_ body: consuming [UInt8]) {}
}

/// The LSP base protocol: `Content-Length: N\r\n\r\n` then N bytes, both ways.
package final class LSPFraming: WireFormat {
    private var reader: FrameReader

    package init(
        maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength,
        maximumHeaderLength: Int = FrameReader.defaultMaximumHeaderLength
    ) {
        reader = FrameReader(
            maximumBodyLength: maximumBodyLength, maximumHeaderLength: maximumHeaderLength)
    }

    package func append(_ bytes: UnsafeRawBufferPointer) { reader.append(bytes) }

    package func next() -> WireEvent? {
        switch reader.next() {
        case .message(let body)?: return .message(body)
        case .error(let error)?: return .error(error)
        case nil: return nil
        }
    }

    package func reuse(_ body: consuming [UInt8]) { reader.reuse(body) }

    package var bufferedByteCount: Int { reader.bufferedByteCount }

    package func finish() -> String? { reader.finish()?.description }

    package func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        FrameWriter.appendHeader(bodyLength: length, to: &output)
    }

    package var farewell: [UInt8]? { nil }
}
