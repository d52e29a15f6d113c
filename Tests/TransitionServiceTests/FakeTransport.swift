import JSONRPC

@testable import TransitionService

/// A transport in memory, as swift-nio's EmbeddedChannel is a channel: the test feeds
/// input, sets how much the peer has not read yet, and sees each write (one write is
/// one system call of the real transport).
final class FakeTransport: ConnectionTransport {
    let kind = "fake"
    var onBytes: ((UnsafeRawBufferPointer) -> Void)?
    var onInputEnd: ((Int32?) -> Void)?
    var onOutputError: ((Int32) -> Void)?
    var onWritten: (() -> Void)?
    private(set) var isReading = false
    private(set) var isClosed = false
    /// Every write, in order.
    private(set) var writes: [[UInt8]] = []
    /// Bytes written but not read by the peer (the real transport's libuv queue).
    var queuedBytes = 0
    /// While false, what is written stays queued.
    var peerReads = true

    func startReading() { isReading = true }
    func stopReading() { isReading = false }

    func write(_ bytes: [UInt8]) {
        writes.append(bytes)
        if !peerReads { queuedBytes += bytes.count }
    }

    /// One write of several arrays (writev): recorded as one.
    func write(_ chunks: [[UInt8]]) { write(Array(chunks.joined())) }

    /// Whether the connection shut its sending side (a half close).
    private(set) var writingShutDown = false

    func shutdownWriting() { writingShutDown = true }

    func close() { isClosed = true }

    func describe(error: Int32) -> String { "error \(error)" }

    /// The client sends `bytes` (delivered only while reading, like a socket).
    func receive(_ bytes: [UInt8]) {
        precondition(isReading, "the connection does not read now")
        bytes.withUnsafeBytes { onBytes?($0) }
    }

    /// Forgets what was written so far.
    func clearWrites() { writes.removeAll() }

    /// The client reads everything queued.
    func drain() {
        peerReads = true
        queuedBytes = 0
        onWritten?()
    }

    /// The client ends its input.
    func end() { onInputEnd?(nil) }

    /// What was written since the last call, as message bodies.
    func takeMessages() -> [JSONValue] {
        var reader = FrameReader()
        let events = reader.read(writes.joined())
        writes.removeAll()
        return events.compactMap { event in
            guard case .message(let body) = event else { return nil }
            return try? JSONParser().parse(body)
        }
    }
}
