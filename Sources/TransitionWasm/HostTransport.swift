import JSONRPC
import TransitionService

/// A connection's bytes as the host passes them: what it reads arrives through
/// `receive(_:)`, what the service writes goes into the `Outbox` for the host to send.
/// A host with a buffer of its own (a Node socket) says how much of it is still unsent
/// (`hostWrote(remaining:)`), which is this transport's backlog, as libuv's queue is the
/// native daemon's: so a client that does not read is congested, its ticks coalesce and
/// `exit` waits for its last answers. A host that takes every write at once (a page)
/// never queues. While the service does not read (a turn used up), what arrives waits
/// here and `HostedDaemon` hands it over once reading resumes, never from inside a call
/// of the service.
package final class HostTransport: ConnectionTransport {
    package let kind: String
    /// The connection's id, set once the hub opened it.
    var id: UInt32 = 0
    private let outbox: OutboxRef
    package var onBytes: ((UnsafeRawBufferPointer) -> Void)?
    package var onInputEnd: ((Int32?) -> Void)?
    package var onOutputError: ((Int32) -> Void)?
    package var onWritten: (() -> Void)?
    /// Whether the host reports its unsent bytes.
    private let hostQueues: Bool
    /// Bytes written and, as far as the host has said, not yet sent.
    private var hostQueued = 0
    package private(set) var isReading = false
    package private(set) var isClosed = false
    /// Chunks received while not reading, in order, and whether the input ended after them.
    private var waiting: [[UInt8]] = []
    private var endWaits = false

    init(kind: String, hostQueues: Bool, outbox: OutboxRef) {
        self.kind = kind
        self.hostQueues = hostQueues
        self.outbox = outbox
    }

    /// Whether something received waits for reading to resume.
    var hasWaitingInput: Bool { isReading && !isClosed && (!waiting.isEmpty || endWaits) }

    /// The host read `bytes` from the client.
    func receive(_ bytes: UnsafeRawBufferPointer) {
        guard !isClosed else { return }
        if isReading && waiting.isEmpty && !endWaits {
            onBytes?(bytes)
        } else {
            waiting.append([UInt8](copyingBytes: bytes))
        }
    }

    /// The client's input ended.
    func receiveEnd() {
        guard !isClosed, !endWaits else { return }
        if isReading && waiting.isEmpty {
            endWaits = true
            deliverWaiting()
        } else {
            endWaits = true
        }
    }

    /// Hands over what waited, while reading lasts.
    func deliverWaiting() {
        while isReading, !isClosed, !waiting.isEmpty {
            let chunk = waiting.removeFirst()
            chunk.withUnsafeBytes { onBytes?($0) }
        }
        if isReading, !isClosed, waiting.isEmpty, endWaits {
            endWaits = false
            isReading = false
            onInputEnd?(nil)
        }
    }

    package func startReading() {
        guard !isReading else { return }
        isReading = true
        // Opening starts reading before the id is set; a host reads a new connection anyway.
        if !isClosed && id != 0 { outbox.value.append(.resumeReading, subject: id) }
    }

    package func stopReading() {
        guard isReading else { return }
        isReading = false
        if !isClosed { outbox.value.append(.pauseReading, subject: id) }
    }

    package func write(_ chunks: [[UInt8]]) {
        guard !isClosed else { return }
        outbox.value.append(.bytes, subject: id, chunks: chunks)
        if hostQueues {
            for chunk in chunks { hostQueued += chunk.count }
        }
    }

    package var queuedBytes: Int { hostQueued }

    /// The host's buffer for this connection holds `remaining` unsent bytes.
    func hostWrote(remaining: Int) {
        guard !isClosed, hostQueues else { return }
        let before = hostQueued
        hostQueued = Swift.max(0, remaining)
        if hostQueued < before { onWritten?() }
    }

    package func shutdownWriting() {
        guard !isClosed else { return }
        outbox.value.append(.shutdownWriting, subject: id)
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        waiting.removeAll()
        outbox.value.append(.closed, subject: id)
    }

    package func describe(error: Int32) -> String { HostError.describe(error) }
}
