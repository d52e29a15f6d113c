import JSONRPC

/// Tuning of a connection's backpressure.
struct BackpressureLimits: Sendable {
    /// Above this many unwritten bytes in the transport, ticks wait (and coalesce) in the
    /// queue and reading pauses: 4 MiB is about half a second of a 120 fps stream of
    /// 200-item ticks, so a client that reads but hiccups loses nothing.
    var highWater = 4 << 20
    /// A connection whose unwritten bytes pass this is closed.
    var hardCap = 64 << 20

    init(highWater: Int = 4 << 20, hardCap: Int = 64 << 20) {
        self.highWater = Swift.min(highWater, hardCap / 2)
        self.hardCap = hardCap
    }
}

/// A notification for one connection: a tick may be coalesced, anything else is kept.
struct SessionNotification {
    var body: [UInt8]
    var session: String
    var isTick: Bool
}

/// One client: bytes in through its `WireFormat` (LSP or WebSocket) and `Dispatcher`,
/// messages out framed by the same format. It owns the connection's corking (one write per burst), its
/// coalescing (`OutboundQueue`) and its turns; it reads no clock of its own.
package final class Connection {
    package let id: ConnectionID
    private let transport: any ConnectionTransport
    private var wire: any WireFormat
    package var dispatcher: Dispatcher
    /// The dispatcher's actions for one message, kept empty between messages.
    private var spareOutgoing: [Outgoing] = []
    private var queue = OutboundQueue()
    private let limits: BackpressureLimits
    private let logger: Logger
    /// Monotonic nanoseconds, for the length of a turn.
    private let now: () -> UInt64
    package private(set) var isClosed = false
    private var readingPaused = false
    /// Bytes written while corked, sent together when the cork is taken out: one system
    /// call for a burst of pipelined replies or the ticks of one wake-up.
    private var corked: OutgoingBytes?
    /// A cork this large is sent at once.
    private static let corkLimit = 256 << 10
    /// Called with the Dispatcher's outgoing actions that are not writes (exit, close).
    var onAction: ((Connection, Outgoing) -> Void)?
    /// Called once when the connection is gone.
    var onClosed: ((Connection) -> Void)?
    /// Called when the wire ended the exchange (a WebSocket close, an HTTP reply) and the
    /// connection waits for its client to read that reply: the daemon bounds the wait.
    var onDraining: ((Connection) -> Void)?
    /// Called when that reply is written and the connection waits for the client to end
    /// its input (see `end(reply:reason:)`): the daemon bounds this wait by `lingerBound`.
    var onLingering: ((Connection) -> Void)?
    /// Called after each message was handled, before its reply is written: the daemon
    /// delivers what the message caused (ticks, didEnd), which goes out first.
    var onDispatched: (() -> Void)?
    /// Called after input was handled (the daemon reschedules its tick timer).
    var onHandled: (() -> Void)?
    /// Called after a message of `largeMessageBytes` or more (the daemon hands freed
    /// memory back to the system).
    var onLargeMessage: (() -> Void)?
    /// Called when the connection stopped handling its input to let others have a turn;
    /// the daemon calls `continueHandling()` on a later loop iteration. Without it, a
    /// connection handles all its input at once.
    var onYield: ((Connection) -> Void)?
    /// Whether handling waits for its next turn (reading is paused meanwhile).
    private(set) var isYielding = false
    /// One turn: at most this many messages, or this much time, before others are served.
    static let messagesPerTurn = 256
    static let turnNanoseconds: UInt64 = 4_000_000
    static let largeMessageBytes = 1 << 20

    init(
        id: ConnectionID, transport: any ConnectionTransport, wire: any WireFormat,
        dispatcher: Dispatcher,
        limits: BackpressureLimits, now: @escaping () -> UInt64, logger: Logger
    ) {
        self.id = id
        self.transport = transport
        self.wire = wire
        self.dispatcher = dispatcher
        self.limits = limits
        self.now = now
        self.logger = logger
    }

    func start() {
        transport.onBytes = { [unowned self] bytes in self.received(bytes) }
        transport.onInputEnd = { [unowned self] error in self.inputEnded(error) }
        transport.onWritten = { [unowned self] in self.flush() }
        transport.onOutputError = { [unowned self] error in
            guard !self.isClosed else { return }
            self.logger.info("connection \(self.id): output error \(self.transport.describe(error: error))")
            if self.closesAfterWriting {
                self.close()
                return
            }
            self.onAction?(self, .exit(code: 1))
        }
        transport.startReading()
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        // A closing connection reads nothing more (a file as stdin is read on regardless).
        guard !isClosed, !closesAfterWriting else { return }
        wire.append(bytes)
        handleBufferedMessages()
    }

    /// Handles the messages already read, one at a time, so that what a message causes
    /// goes out after the replies to earlier messages and before its own. Stops while
    /// the client is not reading its replies: the rest waits in the wire format until
    /// the backlog drains.
    private func handleBufferedMessages() {
        guard !isYielding else { return }
        var handled = 0
        let turnEnds = now() + Self.turnNanoseconds
        var largeMessage = false
        var relieved = true
        while relieved {
            let corkedHere = cork()
            handleUntilPressure(&handled, turnEnds: turnEnds, largeMessage: &largeMessage)
            let stoppedByPressure = !isClosed && !isYielding && isCongested
            if corkedHere {
                uncork()
                // What the cork held counted as backlog until it was written.
                checkPressure()
            }
            // Writing what the cork held can end the pressure at once (the client was
            // reading): then go on, as no write completion will come to resume the rest.
            relieved = stoppedByPressure && !isClosed && !isCongested
        }
        if largeMessage { onLargeMessage?() }
        if handled > 0 { onHandled?() }
        if isYielding && !isClosed {
            checkPressure()
            onYield?(self)
            return
        }
        if !isClosed, let end = pendingEnd, !isCongested {
            pendingEnd = nil
            finishInput(end.error)
        }
    }

    /// Handles buffered messages until none is complete, the client falls behind, or the
    /// turn ends (then `isYielding`).
    private func handleUntilPressure(
        _ handled: inout Int, turnEnds: UInt64, largeMessage: inout Bool
    ) {
        while !isClosed, !closesAfterWriting, !isCongested, let event = wire.next() {
            switch event {
            case .message(let body):
                if body.count >= Self.largeMessageBytes { largeMessage = true }
                // One array serves every message, emptied after use (taken out while in
                // use, so that a re-entrant call makes its own).
                var outgoing = spareOutgoing
                spareOutgoing = []
                dispatcher.handle(body: body, into: &outgoing)
                wire.reuse(body)
                onDispatched?()
                perform(outgoing)
                outgoing.removeAll(keepingCapacity: true)
                spareOutgoing = outgoing
            case .error(let error):
                perform(dispatcher.handle([.error(error)]))
            case .reply(let bytes):
                writeRaw(bytes)
            case .end(let reply, let reason):
                end(reply: reply, reason: reason)
            }
            handled += 1
            // A client with a long pipeline (or costly requests) takes turns with the
            // others instead of holding the loop until its input is used up.
            if onYield != nil, wire.bufferedByteCount > 0,
                handled >= Self.messagesPerTurn || now() >= turnEnds
            {
                isYielding = true
                break
            }
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

    /// The client's input ended: what it sent before is handled first (now, or when the
    /// backlog drains or its turn comes), then the end. A broken connection (a reset)
    /// ends at once: nothing more can reach the client, and waiting for its backlog to
    /// drain would wait for ever.
    private func inputEnded(_ error: Int32?) {
        guard !isClosed else { return }
        // The client sends nothing more: closing can no longer reset it.
        inputHasEnded = true
        guard error == nil, wire.bufferedByteCount > 0 else {
            finishInput(error)
            return
        }
        pendingEnd = (error, ())
        handleBufferedMessages()
    }

    private func finishInput(_ error: Int32?) {
        if let error {
            logger.info("connection \(id): input error \(transport.describe(error: error))")
            inputFailed = true
        }
        if closesAfterWriting {
            // What is owed still goes out after a clean end of input, not after a reset.
            if error != nil || backlog == 0 { close() }
            return
        }
        if let problem = wire.finish() {
            logger.info("connection \(id): input ended inside a message: \(problem)")
        }
        perform(dispatcher.handleEndOfInput())
    }

    /// Carries out what the dispatcher asked for.
    private func perform(_ outgoing: [Outgoing]) {
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

    // MARK: Output

    /// Sends a message that is never dropped: a reply, or a notification of `session`
    /// (a didEnd), which ends that session's coalescing window.
    func send(_ body: [UInt8], session: String? = nil) {
        guard !isClosed, !closesAfterWriting else { return }
        if queue.isEmpty && backlog < limits.highWater {
            write(body)
        } else {
            queue.push(message: framed(body), session: session)
        }
        checkPressure()
    }

    /// Sends a tick; while the client is behind, only the newest per session waits.
    func sendTick(_ body: [UInt8], session: String) {
        guard !isClosed, !closesAfterWriting else { return }
        if queue.isEmpty && backlog < limits.highWater {
            write(body)
        } else {
            queue.push(tick: framed(body), session: session)
        }
        checkPressure()
    }

    /// Sends notifications together, in one write when the client keeps up.
    func send(_ notifications: [SessionNotification]) {
        let corkedHere = cork()
        for n in notifications {
            if n.isTick {
                sendTick(n.body, session: n.session)
            } else {
                send(n.body, session: n.session)
            }
        }
        if corkedHere {
            uncork()
            checkPressure()
        }
    }

    /// Sessions with a tick waiting unsent (a newer one would only replace it).
    var sessionsWithPendingTicks: [String] { queue.sessionsWithTicks }

    /// Ticks replaced before they could be written.
    var skippedTicks: Int { queue.replacedTicks }

    /// Whether the client is behind on its replies.
    var isCongested: Bool { !queue.isEmpty || backlog >= limits.highWater }

    private var backlog: Int { transport.queuedBytes + (corked?.count ?? 0) }

    /// Holds what is written from now on, to send it in one write; false when a cork
    /// was in already (its owner takes it out).
    private func cork() -> Bool {
        guard corked == nil else { return false }
        corked = OutgoingBytes()
        return true
    }

    /// Sends what the cork holds, and stops holding.
    private func uncork() {
        guard var held = corked else { return }
        corked = nil
        if !held.isEmpty { transport.write(held.take()) }
    }

    private func framed(_ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + 32)
        wire.frame(body, into: &bytes)
        return bytes
    }

    /// Frames and writes `body` now (into the cork when one is in).
    private func write(_ body: [UInt8]) {
        guard corked != nil else {
            var one = OutgoingBytes()
            one.append(message: body, wire: wire)
            transport.write(one.take())
            return
        }
        corked!.append(message: body, wire: wire)
        sendCorkWhenFull()
    }

    /// Writes bytes the wire format produced itself, in order with the rest.
    private func writeRaw(_ bytes: [UInt8]) {
        guard corked != nil else {
            transport.write(bytes)
            return
        }
        corked!.append(bytes)
        sendCorkWhenFull()
    }

    private func sendCorkWhenFull() {
        guard corked!.count >= Self.corkLimit else { return }
        transport.write(corked!.take())
    }

    /// Writes queued messages while the backlog allows, then handles requests that
    /// waited for it.
    private func flush() {
        if closesAfterWriting {
            if backlog == 0 { writtenBeforeClosing() }
            return
        }
        while !isClosed, backlog < limits.highWater, let next = queue.pop() { writeRaw(next) }
        checkPressure()
        if !isCongested && (wire.bufferedByteCount > 0 || pendingEnd != nil) {
            handleBufferedMessages()
        }
    }

    private func checkPressure() {
        guard !isClosed, !closesAfterWriting else { return }
        // What waits beyond the transport's backlog grows only while the client does not
        // read; past the cap the client is given up on. (A single large reply in the
        // transport does not count: it drains as fast as the client reads.)
        if queue.byteCount > limits.hardCap {
            logger.warning(
                "connection \(id): \(queue.byteCount) bytes waiting (cap \(limits.hardCap)); closing it"
            )
            close()
            return
        }
        // Stop reading requests from a client that does not read its replies.
        let congested = isCongested || isYielding
        if congested && !readingPaused {
            readingPaused = true
            transport.stopReading()
        } else if !congested && readingPaused {
            readingPaused = false
            transport.startReading()
        }
    }

    // MARK: The wire's own end

    /// Set once the wire ended: what is written goes out, then the connection closes.
    private var closesAfterWriting = false
    /// Whether the input ended with an error (a reset): the client is gone, and nothing
    /// owed to it can reach it.
    package private(set) var inputFailed = false
    /// Above this much unwritten, an ending wire does not wait for the client.
    private static let closeDrainLimit = 256 << 10
    /// Whether the connection, once its last bytes are written, waits for the client to
    /// end its input before it closes (the wire ended the exchange).
    package private(set) var lingers = false
    /// Whether the client's input ended (cleanly or not).
    private var inputHasEnded = false
    /// How long a lingering connection waits for its client's end of input after its
    /// last bytes were written (RFC 6455 7.1.1 leaves it to the server).
    package static let lingerBound: UInt64 = 2_000

    /// The wire format is done with this client (a WebSocket close, an HTTP response
    /// that ends the exchange): its reply goes out, the sending side is shut (the client
    /// reads the end of its input), and what the client still sends is read and
    /// discarded until its input ends, within the daemon's bounds. Closing at once would
    /// leave the rest of its message unread, and the kernel answers unread input with a
    /// reset that can destroy the reply before the client reads it.
    private func end(reply: [UInt8], reason: String) {
        logger.info("connection \(id): \(reason)")
        // Ticks waiting for a client that is leaving are not worth sending.
        queue = OutboundQueue()
        uncork()
        transport.write(reply)
        closesAfterWriting = true
        guard !inputHasEnded || backlog > 0, backlog <= Self.closeDrainLimit else {
            close()
            return
        }
        lingers = true
        transport.shutdownWriting()
        if readingPaused {
            readingPaused = false
            transport.startReading()
        }
        if backlog > 0 {
            onDraining?(self)
        } else {
            onLingering?(self)
        }
    }

    /// The last bytes owed are written: a lingering connection waits for its client's
    /// end of input, any other closes.
    private func writtenBeforeClosing() {
        guard lingers, !inputHasEnded else {
            close()
            return
        }
        onLingering?(self)
    }

    /// Stops reading, writes what is owed (the replies and newest ticks still waiting,
    /// then a WebSocket's close frame) and closes once the client has read it: a client
    /// that ends its input or sends `exit` behind a slow reader still gets every answer.
    package func closeAfterWriting() {
        guard !isClosed, !closesAfterWriting else { return }
        closesAfterWriting = true
        if !readingPaused {
            readingPaused = true
            transport.stopReading()
        }
        uncork()
        while let next = queue.pop() { transport.write(next) }
        if let farewell = wire.farewell { transport.write(farewell) }
        if backlog == 0 { close() }
    }

    /// Closes both directions at once, dropping what is unwritten; `onClosed` runs once.
    package func close() {
        guard !isClosed else { return }
        // A WebSocket client is told why (when the transport takes it at once).
        if !closesAfterWriting, let farewell = wire.farewell {
            uncork()
            transport.write(farewell)
        }
        isClosed = true
        transport.close()
        onClosed?(self)
        onClosed = nil
        onDraining = nil
        onLingering = nil
        onAction = nil
        onHandled = nil
        onYield = nil
        onDispatched = nil
        onLargeMessage = nil
    }
}
