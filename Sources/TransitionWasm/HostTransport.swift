import TransitionService

/// A connection's bytes as the host passes them: what it reads arrives through
/// `receive(_:)`, what the service writes goes into the `Outbox` for the host to send.
/// The host takes every write at once (it queues on its side), so nothing is ever
/// queued here. While the service does not read (a turn used up), what arrives waits
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
    package private(set) var isReading = false
    package private(set) var isClosed = false
    /// Chunks received while not reading, in order, and whether the input ended after them.
    private var waiting: [[UInt8]] = []
    private var endWaits = false

    init(kind: String, outbox: OutboxRef) {
        self.kind = kind
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
            waiting.append(Array(bytes))
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

    package func startReading() { isReading = true }
    package func stopReading() { isReading = false }

    package func write(_ chunks: [[UInt8]]) {
        guard !isClosed else { return }
        outbox.value.append(.bytes, subject: id, chunks: chunks)
    }

    package var queuedBytes: Int { 0 }

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

    package func describe(error: Int32) -> String { "host error \(error)" }
}
