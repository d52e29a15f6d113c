import CLibUV
import JSONRPC

/// Where a connection reads from and writes to.
enum ConnectionInput {
    case stream(Stream)
    case file(FileInput)
}

enum ConnectionOutput {
    case stream(Stream)
    case blocking(BlockingOutput)
}

/// Tuning of a connection's backpressure.
struct BackpressureLimits: Sendable {
    /// Above this many unwritten bytes in libuv, ticks wait (and coalesce) in the queue
    /// and reading pauses: 4 MiB is about half a second of a 120 fps stream of 200-item
    /// ticks, so a client that reads but hiccups loses nothing.
    var highWater = 4 << 20
    /// A connection whose unwritten bytes pass this is closed.
    var hardCap = 64 << 20

    init(highWater: Int = 4 << 20, hardCap: Int = 64 << 20) {
        self.highWater = Swift.min(highWater, hardCap / 2)
        self.hardCap = hardCap
    }
}

/// One client: bytes in through a `WireFormat` and a `Dispatcher`, framed messages
/// out, with ticks coalesced while the client does not keep up.
final class Connection {
    let id: ConnectionID
    private let input: ConnectionInput
    private let output: ConnectionOutput
    private var wire: any WireFormat
    var dispatcher: Dispatcher
    private var queue = OutboundQueue()
    private let limits: BackpressureLimits
    private let logger: Logger
    private(set) var isClosed = false
    private var readingPaused = false
    /// Messages written while the messages of one read are handled, sent together at
    /// the end: one system call for a burst of pipelined replies instead of one each.
    private var corked: [UInt8]?
    /// A cork this large is sent at once.
    private static let corkLimit = 256 << 10
    /// Called with the Dispatcher's outgoing actions that are not writes (exit, close).
    var onAction: ((Connection, Outgoing) -> Void)?
    /// Called once when the connection is gone.
    var onClosed: ((Connection) -> Void)?
    /// Called after input was handled (the daemon reschedules its tick timer).
    var onHandled: (() -> Void)?
    /// Called when the connection stopped handling its input to let others have a turn;
    /// the daemon calls `continueHandling()` on a later loop iteration.
    var onYield: ((Connection) -> Void)?
    /// Whether handling waits for its next turn (reading is paused meanwhile).
    private(set) var isYielding = false
    /// One turn: at most this many messages, or this much time, before others are served.
    static let messagesPerTurn = 256
    static let turnNanoseconds: UInt64 = 4_000_000
    /// After a message this large, freed memory is handed back to the system.
    static let largeMessageBytes = 1 << 20

    init(
        id: ConnectionID, input: ConnectionInput, output: ConnectionOutput, dispatcher: Dispatcher,
        wire: any WireFormat, limits: BackpressureLimits, logger: Logger
    ) {
        self.id = id
        self.input = input
        self.output = output
        self.dispatcher = dispatcher
        self.wire = wire
        self.limits = limits
        self.logger = logger
    }

    func start() {
        switch input {
        case .stream(let s):
            s.onBytes = { [unowned self] bytes in self.received(bytes) }
            s.onEnd = { [unowned self] error in self.inputEnded(error) }
            s.startReading()
        case .file(let f):
            f.onBytes = { [unowned self] bytes in self.received(bytes) }
            f.onEnd = { [unowned self] error in self.inputEnded(error) }
            f.startReading()
        }
        if case .stream(let out) = output {
            out.onWriteCompleted = { [unowned self] in self.flush() }
            if case .stream(let inStream) = input, inStream === out {
                // One handle: its end is the input's end.
            } else {
                // A separate output (stdio): a write error ends the connection.
                out.onEnd = { [unowned self] error in
                    guard let error, !self.isClosed else { return }
                    self.logger.info("connection \(self.id): output error \(UVError.describe(error))")
                    self.onAction?(self, .exit(code: 1))
                }
            }
        }
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        guard !isClosed else { return }
        wire.append(bytes)
        handleBufferedMessages()
    }

    /// Handles the messages already read, one at a time, so that what a message causes
    /// (ticks, didEnd, sent at once by the session host) goes out after the replies to
    /// earlier messages. Stops while the client is not reading its replies: the rest
    /// waits in the reader until the backlog drains.
    private func handleBufferedMessages() {
        guard !isYielding else { return }
        var handled = 0
        let turnEnds = uv_hrtime() + Self.turnNanoseconds
        cork()
        var largeMessage = false
        while !isClosed, !isCongested, let wireEvent = wire.next() {
            guard case .frame(let event) = wireEvent else {
                handleWireEvent(wireEvent)
                continue
            }
            if case .message(let body) = event, body.count >= Self.largeMessageBytes { largeMessage = true }
            perform(dispatcher.handle([event]))
            handled += 1
            // A client with a long pipeline (or costly requests) takes turns with the
            // others instead of holding the loop until its input is used up.
            if onYield != nil, wire.bufferedByteCount > 0,
                handled >= Self.messagesPerTurn || uv_hrtime() >= turnEnds
            {
                isYielding = true
                break
            }
        }
        uncork()
        // glibc keeps the memory a large message was parsed into; give it back.
        if largeMessage { malloc_trim(0) }
        if handled > 0 { onHandled?() }
        if isYielding && !isClosed {
            checkPressure()
            onYield?(self)
            return
        }
        if !isClosed, let end = pendingEnd, !isCongested {
            pendingEnd = nil
            inputEnded(end.error)
        }
    }

    /// Handles the next turn of input that waited (see `onYield`).
    func continueHandling() {
        guard isYielding, !isClosed else { return }
        isYielding = false
        checkPressure()
        handleBufferedMessages()
    }

    /// The end of input, held back while buffered messages still wait.
    private var pendingEnd: (error: Int32?, Void)?

    private func inputEnded(_ error: Int32?) {
        guard !isClosed else { return }
        if (isCongested || isYielding) && wire.bufferedByteCount > 0 {
            pendingEnd = (error, ())
            return
        }
        if let error { logger.info("connection \(id): input error \(UVError.describe(error))") }
        if closesAfterWriting {
            close()
            return
        }
        if let problem = wire.finish() {
            logger.info("connection \(id): input ended inside a message: \(problem)")
        }
        perform(dispatcher.handleEndOfInput())
    }

    /// Carries out what the dispatcher asked for.
    func perform(_ outgoing: [Outgoing]) {
        for action in outgoing {
            switch action {
            case .send(let body):
                send(body)
            case .diagnostic(let text):
                logger.debug("connection \(id): \(text)")
            case .close, .exit:
                // What was answered before goes out before the connection ends.
                uncork()
                onAction?(self, action)
            }
        }
    }

    private var backlog: Int {
        let held = corked?.count ?? 0
        switch output {
        case .stream(let s): return s.queuedBytes + held
        case .blocking: return held
        }
    }

    /// Holds what is written from now on until `uncork`, to send it in one write.
    func cork() {
        if corked == nil { corked = [] }
    }

    /// Sends what the cork holds, and stops holding.
    func uncork() {
        guard let held = corked else { return }
        corked = nil
        if !held.isEmpty { writeNow(held) }
    }

    private func write(_ framed: [UInt8]) {
        if corked != nil {
            corked!.append(contentsOf: framed)
            if corked!.count >= Self.corkLimit {
                let held = corked!
                corked = []
                writeNow(held)
            }
            return
        }
        writeNow(framed)
    }

    private func writeNow(_ framed: [UInt8]) {
        switch output {
        case .stream(let s): s.write(framed)
        case .blocking(let b):
            if !b.write(framed) { logger.warning("connection \(id): output refused a write") }
        }
    }

    /// Sends a message that is never dropped (responses, didEnd).
    func send(_ body: [UInt8], session: String? = nil) {
        guard !isClosed else { return }
        let framed = wire.frame(body)
        if queue.isEmpty && backlog < limits.highWater {
            write(framed)
        } else {
            queue.push(message: framed, session: session)
        }
        checkPressure()
    }

    /// Sends a framed tick; while the client is behind, only the newest per session waits.
    func sendTick(framed lspFramed: [UInt8], session: String) {
        guard !isClosed, !closesAfterWriting else { return }
        let framed = wire.reframe(lspFramed: lspFramed)
        if queue.isEmpty && backlog < limits.highWater {
            write(framed)
        } else {
            queue.push(tick: framed, session: session)
        }
        checkPressure()
    }

    /// Writes queued messages while the backlog allows, then handles requests that
    /// waited for it.
    private func flush() {
        if closesAfterWriting {
            if backlog == 0 { close() }
            return
        }
        while !isClosed, backlog < limits.highWater, let next = queue.pop() { write(next) }
        checkPressure()
        if !isCongested && wire.bufferedByteCount > 0 { handleBufferedMessages() }
    }

    /// Whether the client is behind on its replies.
    var isCongested: Bool { !queue.isEmpty || backlog >= limits.highWater }

    private func checkPressure() {
        guard !isClosed else { return }
        // What waits beyond libuv's backlog grows only while the client does not read;
        // past the cap the client is given up on. (A single large reply in libuv does
        // not count: it drains as fast as the client reads.)
        if queue.byteCount > limits.hardCap {
            logger.warning("connection \(id): \(queue.byteCount) bytes waiting (cap \(limits.hardCap)); closing it")
            close()
            return
        }
        // Stop reading requests from a client that does not read its replies.
        guard case .stream(let inStream) = input else { return }
        let congested = isCongested || isYielding
        if congested && !readingPaused {
            readingPaused = true
            inStream.stopReading()
        } else if !congested && readingPaused {
            readingPaused = false
            inStream.startReading()
        }
    }

    /// Whether a tick of `session` is waiting to be written.
    func hasPendingTick(of session: String) -> Bool { queue.hasTick(of: session) }

    /// Ticks replaced before they could be written.
    var skippedTicks: Int { queue.replacedTicks }

    // MARK: What the wire answers itself

    /// Set once the wire ended: what is written goes out, then the connection closes.
    private var closesAfterWriting = false
    /// Above this much unwritten, an ending wire does not wait for the client.
    private static let closeDrainLimit = 256 << 10

    private func handleWireEvent(_ event: WireEvent) {
        switch event {
        case .frame(let e):
            perform(dispatcher.handle([e]))
        case .reply(let bytes):
            write(bytes)
        case .end(let reply, let reason):
            logger.info("connection \(id): \(reason)")
            // Ticks waiting for a client that is leaving are not worth sending.
            queue = OutboundQueue()
            uncork()
            writeNow(reply)
            closesAfterWriting = true
            if backlog == 0 || backlog > Self.closeDrainLimit { close() }
        }
    }

    /// Closes both directions; `onClosed` runs once.
    func close() {
        guard !isClosed else { return }
        // A WebSocket client is told (when the socket takes it at once).
        if !closesAfterWriting, case .stream(let out) = output, let farewell = wire.farewell {
            uncork()
            out.write(farewell)
        }
        isClosed = true
        switch input {
        case .stream(let s): s.close()
        case .file(let f): f.stop()
        }
        if case .stream(let out) = output, case .stream(let inStream) = input, out === inStream {
            // Same handle: already closed.
        } else if case .stream(let out) = output {
            out.close()
        }
        onClosed?(self)
        onClosed = nil
        onAction = nil
        onHandled = nil
        onYield = nil
    }
}
