import JSONRPC

/// One client: bytes in through its `WireFormat` (LSP or WebSocket) become message
/// bodies for the `ConnectionHub` to dispatch; messages out are framed by the same format,
/// corked into one write per burst and coalesced while the client is behind. Its
/// lifecycle is one `ConnectionState`. It calls nobody back: the hub drives it, and
/// learns what changed from what its methods return and from `takeStateChange()`.
package final class Connection {
    package let id: ConnectionID
    private let transport: any ConnectionTransport
    private let wire: any WireFormat
    package var dispatcher: Dispatcher
    /// The transport it came through, whose budget it takes.
    package let kind: ConnectionKind
    /// The daemon's only client (stdio): its end ends the daemon, and it takes no turns.
    package var isSoleClient: Bool { kind == .stdio }
    /// When it opened (monotonic nanoseconds): `initialize` is due within a bound of it.
    package let openedAt: UInt64
    package private(set) var state: ConnectionState = .reading
    /// The state the hub has not heard of yet.
    private var unreportedState: ConnectionState?
    private var inputEnd: InputEnd = .notYet
    private var queue = OutboundQueue()
    private let limits: BackpressureLimits
    private let logger: Logger
    /// Monotonic nanoseconds, for the length of a turn.
    private let now: () -> UInt64
    /// Bytes written while corked, sent together when the cork is taken out: one system
    /// call for a burst of pipelined replies, the first tick they cause, or the ticks of
    /// one wake-up.
    private var corked: OutgoingBytes?
    /// The dispatcher's actions for one message, kept empty between messages.
    private var spareOutgoing: [Outgoing] = []
    /// Realtime notifications that came while a batch was handled across turns: they
    /// follow its response array (the newest tick of each session only).
    private var heldForBatch: [SessionNotification] = []
    /// Whether the log has said that this client fell behind (once per connection: a
    /// client that hovers at the limit would otherwise fill it).
    private var reportedFallingBehind = false

    /// One turn: at most this many messages, or this much time, before others are served.
    package static let messagesPerTurn = 256
    package static let turnNanoseconds: UInt64 = 4_000_000
    package static let largeMessageBytes = 1 << 20
    /// A cork this large is sent at once.
    private static let corkLimit = 256 << 10
    /// A cork holding this much when a message has been answered is sent then: the
    /// client starts reading large answers (ticks) while the next messages are handled,
    /// instead of waiting for the end of the turn. Two ticks of 200 cells a write rather
    /// than one: each write wakes the reader, and at 16 KiB the wake-ups took a tenth of
    /// the daemon's time on the tick path (brief replies: 170 ns an attribute, 159 at
    /// 64 KiB, 157 at 256 KiB, where default replies, twice the bytes, slowed by 14%).
    private static let answeredCorkLimit = 64 << 10
    /// Above this much unwritten, an ending wire does not wait for the client.
    private static let closeDrainLimit = 256 << 10

    package init(
        id: ConnectionID, transport: any ConnectionTransport, wire: any WireFormat,
        dispatcher: Dispatcher, kind: ConnectionKind = .unixSocket,
        limits: BackpressureLimits, now: @escaping () -> UInt64, logger: Logger
    ) {
        self.id = id
        self.transport = transport
        self.wire = wire
        self.dispatcher = dispatcher
        self.kind = kind
        self.limits = limits
        self.now = now
        openedAt = now()
        self.logger = logger
    }

    package var isClosed: Bool { state == .closed }

    /// Whether its client proved who it may be: the kernel named its user (a Unix socket,
    /// stdio), or it showed the token (a web client).
    package var isAuthenticated: Bool { wire.isAuthenticated }

    /// Whether its wire carries binary frames (a binary session's ticks).
    package var carriesBinary: Bool { wire.carriesBinary }

    /// Whether its client got past `initialize`.
    package var hasInitialized: Bool { dispatcher.lifecycle != .uninitialized }

    /// Whether it takes a place in its transport's budget: a connection that only writes
    /// what it owes, or waits for its client's end, has left it.
    package var holdsBudget: Bool { state.handlesInput }

    /// Describes an error code of the transport, for the log.
    package func describe(error: Int32) -> String { transport.describe(error: error) }

    /// Whether the input ended with an error (a reset): the client is gone, and nothing
    /// owed to it can reach it.
    package var inputFailed: Bool { inputEnd == .ended(failed: true) }

    /// The state entered since the last call, if it changed: the hub reacts to
    /// `draining`, `lingering` and `closed`.
    package func takeStateChange() -> ConnectionState? {
        defer { unreportedState = nil }
        return unreportedState
    }

    private func enter(_ next: ConnectionState) {
        guard next != state else { return }
        let wasReading = state.readsInput
        state = next
        unreportedState = next
        guard next != .closed else { return }
        if next.readsInput && !wasReading {
            transport.startReading()
        } else if !next.readsInput && wasReading {
            transport.stopReading()
        }
    }

    // MARK: Input

    /// Adds a chunk the client sent; a connection that is closing discards it (a file as
    /// stdin is read on regardless).
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard state.handlesInput else { return }
        wire.append(bytes)
    }

    /// What the hub handles of one connection before others get their turn.
    package struct Turn {
        fileprivate let endsAt: UInt64
        /// Wire events taken this turn.
        package fileprivate(set) var handled = 0
        /// Whether a message of `largeMessageBytes` or more was among them.
        package fileprivate(set) var sawLargeMessage = false
    }

    /// What the hub does next with the connection's input.
    package enum InboundStep {
        /// A message body to dispatch (with `dispatch(_:)`).
        case message([UInt8])
        /// What the dispatcher made of a framing error, to carry out.
        case actions([Outgoing])
        /// The next message of a batch in progress (with `continueBatch()`).
        case batchMessage
    }

    package func beginTurn() -> Turn {
        Turn(endsAt: isSoleClient ? .max : now() + Self.turnNanoseconds)
    }

    /// The next step of this turn, or nil when it is over: no complete message is
    /// buffered, the client is behind on its replies, the connection is closing, or
    /// (taking turns) the turn's share is used, and then the state is `yielding`. Bytes
    /// the wire answers by itself (a handshake, a pong) and the wire's own end are
    /// handled here.
    package func next(in turn: inout Turn) -> InboundStep? {
        while state == .reading, !isCongested {
            // A client with a long pipeline (or costly requests) takes turns with the
            // others instead of holding the loop until its input is used up.
            // A batch is taken a message at a time for the same reason.
            if !isSoleClient, turn.handled > 0, hasWorkWaiting,
                turn.handled >= Self.messagesPerTurn || now() >= turn.endsAt
            {
                enter(.yielding)
                return nil
            }
            if dispatcher.hasBatchInProgress {
                turn.handled += 1
                return .batchMessage
            }
            guard let event = wire.next() else { return nil }
            turn.handled += 1
            switch event {
            case .message(let body):
                if body.count >= Self.largeMessageBytes { turn.sawLargeMessage = true }
                return .message(body)
            case .error(let error):
                return .actions(dispatcher.handle([.error(error)]))
            case .reply(let bytes):
                writeRaw(bytes)
            case .end(let reply, let reason, let level):
                end(reply: reply, reason: reason, level: level)
            }
        }
        return nil
    }

    /// Dispatches a message body; the actions go back with `recycle(_:)` once carried out.
    package func dispatch(_ body: consuming [UInt8]) -> [Outgoing] {
        var outgoing = spareOutgoing
        spareOutgoing = []
        let message = body
        dispatcher.begin(body: message, into: &outgoing)
        wire.reuse(message)
        return outgoing
    }

    /// Handles the next message of the batch in progress; the actions go back with
    /// `recycle(_:)` once carried out.
    package func continueBatch() -> [Outgoing] {
        var outgoing = spareOutgoing
        spareOutgoing = []
        dispatcher.continueBatch(into: &outgoing)
        return outgoing
    }

    /// Keeps realtime notifications until the batch in progress has its response.
    package func holdUntilBatchEnds(_ notifications: [SessionNotification]) {
        for n in notifications {
            if n.isTick,
                let older = heldForBatch.firstIndex(where: { $0.isTick && $0.session == n.session })
            {
                heldForBatch.remove(at: older)
            }
            heldForBatch.append(n)
        }
    }

    /// Sends what waited for a batch's response, once the batch has ended.
    package func releaseHeldNotifications() {
        guard !dispatcher.hasBatchInProgress, !heldForBatch.isEmpty else { return }
        let held = heldForBatch
        heldForBatch = []
        send(held)
    }

    /// Messages wait: buffered input, or the rest of a batch.
    private var hasWorkWaiting: Bool {
        wire.bufferedByteCount > 0 || dispatcher.hasBatchInProgress
    }

    /// Takes back the array of `dispatch(_:)`'s actions, to fill for the next message.
    package func recycle(_ outgoing: consuming [Outgoing]) {
        var emptied = outgoing
        // One action at a time: `removeAll(keepingCapacity:)` destroys them through the
        // general path, several times the cost for the usual one or two.
        while emptied.popLast() != nil {}
        spareOutgoing = emptied
    }

    /// Its next turn, given by the hub: it reads again unless the client is behind.
    package func giveTurn() {
        guard state == .yielding else { return }
        enter(isCongested ? .congested : .reading)
    }

    /// Whether handling should go on now: messages or an end of input wait, and the
    /// connection may read.
    package var hasInputToHandle: Bool {
        guard state == .reading, !isCongested else { return false }
        if case .pending = inputEnd { return true }
        return hasWorkWaiting
    }

    /// The client's input ended. What it sent before is handled first (the hub serves
    /// the connection, then calls `takeEndOfInput()`); a broken connection (a reset) ends
    /// at once: nothing more can reach the client, and waiting for its backlog to drain
    /// would wait for ever. Returns the dispatcher's actions when the end is handled now.
    package func inputEnded(_ error: Int32?) -> [Outgoing] {
        guard state != .closed, inputEnd == .notYet else { return [] }
        if error == nil, state.handlesInput, hasWorkWaiting {
            inputEnd = .pending(error: nil)
            return []
        }
        return finishInput(error)
    }

    /// The end of input that waited behind messages, once they are handled: the
    /// dispatcher's actions, or nil while messages still wait.
    package func takeEndOfInput() -> [Outgoing]? {
        guard case .pending(let error) = inputEnd, state == .reading, !isCongested,
            !dispatcher.hasBatchInProgress
        else {
            return nil
        }
        return finishInput(error)
    }

    private func finishInput(_ error: Int32?) -> [Outgoing] {
        inputEnd = .ended(failed: error != nil)
        if let error {
            logger.info("connection \(id): input error \(transport.describe(error: error))")
        }
        switch state {
        case .draining, .lingering:
            // What is owed still goes out after a clean end of input, not after a reset.
            if error != nil || backlog == 0 { close() }
            return []
        case .closed:
            return []
        case .reading, .yielding, .congested:
            if let problem = wire.finish() {
                logger.info("connection \(id): input ended inside a message: \(problem)")
            }
            return dispatcher.handleEndOfInput()
        }
    }

    // MARK: Output

    /// Sends a message that is never dropped: a reply, or a notification of `session`
    /// (a didEnd), which ends that session's coalescing window.
    package func send(_ body: [UInt8], session: String? = nil) {
        guard state.handlesInput else { return }
        if queue.isEmpty && backlog < limits.highWater {
            write(body)
        } else {
            queue.push(message: OutgoingBytes.framed(body, wire: wire), session: session)
        }
        checkPressure()
    }

    /// Sends a tick (a binary session's in a binary frame); while the client is behind,
    /// only the newest per session waits.
    package func sendTick(_ body: [UInt8], session: String, frame: MessageFrame = .text) {
        guard state.handlesInput else { return }
        if queue.isEmpty && backlog < limits.highWater {
            write(body, frame: frame)
        } else {
            queue.push(
                tick: OutgoingBytes.framed(body, wire: wire, frame: frame), session: session)
            reportFallingBehind()
        }
        checkPressure()
    }

    /// Sends notifications together, in one write when the client keeps up.
    package func send(_ notifications: [SessionNotification]) {
        let corkedHere = cork()
        for n in notifications {
            if n.isTick {
                sendTick(n.body, session: n.session, frame: n.frame)
            } else {
                send(n.body, session: n.session)
            }
        }
        if corkedHere { uncork() }
    }

    /// From the first tick that waits, the session's later ticks replace it or are not
    /// built: its client will see a `seq` gap.
    private func reportFallingBehind() {
        guard !reportedFallingBehind else { return }
        reportedFallingBehind = true
        logger.info(
            "connection \(id): the client is behind (\(backlog) bytes unsent); its ticks are coalesced until it catches up"
        )
    }

    /// Sessions with a tick waiting unsent (a newer one would only replace it).
    package var sessionsWithPendingTicks: [String] { queue.sessionsWithTicks }

    /// Ticks replaced before they could be written.
    package var skippedTicks: Int { queue.replacedTicks }

    /// Whether the client is behind on its replies.
    package var isCongested: Bool { !queue.isEmpty || backlog >= limits.highWater }

    private var backlog: Int { transport.queuedBytes + (corked?.count ?? 0) }

    /// Holds what is written from now on, to send it in one write; false when a cork
    /// was in already (its owner takes it out).
    package func cork() -> Bool {
        guard corked == nil else { return false }
        corked = OutgoingBytes()
        return true
    }

    /// Sends what the cork holds, and stops holding.
    package func uncork() {
        guard corked != nil else { return }
        writeCork()
        // What the cork held counted as backlog until it was written.
        checkPressure()
    }

    private func writeCork() {
        guard var held = corked else { return }
        corked = nil
        if !held.isEmpty { transport.write(held.take()) }
    }

    /// Frames and writes `body` now (into the cork when one is in).
    private func write(_ body: [UInt8], frame: MessageFrame = .text) {
        guard corked != nil else {
            var one = OutgoingBytes()
            one.append(message: body, wire: wire, frame: frame)
            transport.write(one.take())
            return
        }
        corked!.append(message: body, wire: wire, frame: frame)
        sendCorkWhenFull()
    }

    /// Writes bytes framed already (or produced by the wire itself), in order with the rest.
    private func writeRaw(_ bytes: [UInt8]) {
        guard corked != nil else {
            transport.write(bytes)
            return
        }
        corked!.append(bytes)
        sendCorkWhenFull()
    }

    /// Whether the cork holds a large answer, to be sent between messages.
    package var holdsLargeAnswers: Bool { (corked?.count ?? 0) >= Self.answeredCorkLimit }

    /// Sends what the cork holds now, and goes on holding.
    package func sendCorked() {
        guard corked != nil, !corked!.isEmpty else { return }
        transport.write(corked!.take())
    }

    private func sendCorkWhenFull() {
        guard corked!.count >= Self.corkLimit else { return }
        sendCorked()
    }

    /// Queued bytes were written: writes what waits while the backlog allows. Returns
    /// whether the hub should handle input now (it waited for the client to catch up).
    package func written() -> Bool {
        switch state {
        case .draining:
            if backlog == 0 { writtenBeforeClosing() }
            return false
        case .reading, .yielding, .congested:
            // What waited goes out in one write, not one write per message: a client
            // behind on a thousand sessions has a thousand small ticks waiting.
            let corkedHere = cork()
            while backlog < limits.highWater, let next = queue.pop() { writeRaw(next) }
            if corkedHere { writeCork() }
            checkPressure()
            return hasInputToHandle
        case .lingering, .closed:
            return false
        }
    }

    /// Moves between `reading` and `congested`; gives up on a client whose queue passed
    /// the cap.
    private func checkPressure() {
        guard state.handlesInput else { return }
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
        if state == .reading && isCongested {
            enter(.congested)
        } else if state == .congested && !isCongested {
            enter(.reading)
        }
    }

    // MARK: Ending

    /// The wire format is done with this client (a WebSocket close, an HTTP response
    /// that ends the exchange): its reply goes out, the sending side is shut (the client
    /// reads the end of its input), and what the client still sends is read and
    /// discarded until its input ends, within the daemon's bounds. Closing at once would
    /// leave the rest of its message unread, and the kernel answers unread input with a
    /// reset that can destroy the reply before the client reads it.
    private func end(reply: [UInt8], reason: String, level: LogLevel) {
        logger.log(level, "connection \(id): \(reason)")
        // Ticks waiting for a client that is leaving are not worth sending.
        queue = OutboundQueue()
        uncork()
        transport.write(reply)
        let inputEnded = inputEnd != .notYet
        guard !inputEnded || backlog > 0, backlog <= Self.closeDrainLimit else {
            close()
            return
        }
        transport.shutdownWriting()
        enter(backlog > 0 ? .draining(thenLingers: true) : .lingering)
    }

    /// Stops reading, writes what is owed (the replies and newest ticks still waiting,
    /// then a WebSocket's close frame) and closes once the client has read it: a client
    /// that ends its input or sends `exit` behind a slow reader still gets every answer.
    package func closeAfterWriting() {
        guard state.handlesInput else { return }
        enter(.draining(thenLingers: false))
        uncork()
        while let next = queue.pop() { transport.write(next) }
        if let farewell = wire.farewell { transport.write(farewell) }
        if backlog == 0 { close() }
    }

    /// The last bytes owed are written: a lingering connection waits for its client's
    /// end of input, any other closes.
    private func writtenBeforeClosing() {
        guard state == .draining(thenLingers: true), inputEnd == .notYet else {
            close()
            return
        }
        enter(.lingering)
    }

    /// Lets go of the hub: the transport's callbacks, which hold it and this connection,
    /// are dropped (the connection is closed; nothing more comes from its transport).
    package func detach() {
        transport.onBytes = nil
        transport.onInputEnd = nil
        transport.onWritten = nil
        transport.onOutputError = nil
        dispatcher.registry = MethodRegistry()
    }

    /// Closes both directions at once, dropping what is unwritten.
    package func close() {
        guard state != .closed else { return }
        // A WebSocket client is told why (when the transport takes it at once).
        if state.handlesInput, let farewell = wire.farewell {
            writeCork()
            transport.write(farewell)
        }
        corked = nil
        enter(.closed)
        transport.close()
    }
}
