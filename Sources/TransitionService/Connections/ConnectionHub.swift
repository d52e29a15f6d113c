import JSONRPC

/// The connections and the session host between them: it takes what happened on the
/// wire (bytes read, input ended, bytes written, the tick timer, a turn) and drives the
/// connections: each message is dispatched, what it caused (ticks, didEnd) is handed to
/// its audience, then its reply is written, and the ticks due go out in the same write.
/// Nothing calls back into it while it works: the connections answer through return
/// values and states, and what the daemon must know goes out as `ServiceEvent`s once a
/// call has done its work. It reads no clock and owns no libuv handle, so tests drive it
/// with fake transports and a manual clock.
package final class ConnectionHub {
    package let host: SessionHost
    private let limits: ServiceLimits
    private let logger: Logger
    /// Monotonic nanoseconds.
    private let now: () -> UInt64
    package private(set) var connections = OpenConnections()
    private var nextConnectionID = 1
    /// Connections waiting for their next turn of input, in order.
    private var waitingTurns: [ConnectionID] = []
    package var ticks: (any TickScheduling)?
    package var turns: (any TurnScheduling)?
    /// Set once the daemon stops: no more ticks.
    package private(set) var stopping = false
    /// Called with what the daemon must know, after the call that caused it.
    package var onEvent: ((ServiceEvent) -> Void)?
    private var events: [ServiceEvent] = []
    /// Called at the end of a call that changed durable sessions at rest; it takes the
    /// changes (their states to write, the disposed ones to remove) with
    /// `host.takeStateChanges()`, so only a host that keeps state files links their
    /// encoding (the WebAssembly module does not). nil: nobody keeps state files.
    package var onStateChanges: ((SessionHost) -> Void)?
    /// Connections closed so far, and as many when the ticks were last pumped: a
    /// connection closed since took its sessions along, so the next deadline moves.
    private var closedCount = 0
    private var closedWhenPumped = 0
    /// The methods, made once: each connection's dispatcher tags its requests with the
    /// connection's id.
    #if hasFeature(Embedded)
        private lazy var registry = MethodTable.registry(host: host, now: now) {
            // The table lives inside the hub (and the dispatchers it hands it to, which it
            // drives), so the hub outlives every call of it.
            [unowned(unsafe) self] connection, request in
            self.events.append(.initialized(connection, request))
        }
    #else
        private lazy var registry: MethodRegistry = {
            var registry = MethodTable.registry(
                host: host, now: now, addedCapabilities: addedCapabilities
            ) {
                [unowned(unsafe) self] connection, request in
                self.events.append(.initialized(connection, request))
            }
            addingMethods?(&registry)
            return registry
        }()
        /// Registers the methods a host serves beside the table's own (the daemon's
        /// `document/check` and language server, which the WebAssembly module leaves
        /// out); set before the first connection opens.
        package var addingMethods: ((inout MethodRegistry) -> Void)?
        /// What `initialize` advertises for those methods, beside the service's capabilities.
        package var addedCapabilities: JSONObject = [:]
        /// Told of a connection that is leaving, before its sessions end, in the same turn:
        /// what the added methods keep for it (the language server's documents) can end
        /// with it, and what that causes goes out with the rest of the turn. Told again as
        /// the connection goes from draining or lingering to closed.
        package var onConnectionLeaving: ((ConnectionID) -> Void)?
    #endif

    package init(host: SessionHost, logger: Logger, now: @escaping () -> UInt64) {
        self.host = host
        self.limits = host.limits
        self.logger = logger
        self.now = now
    }

    /// Opens a connection over `transport` and starts reading. The daemon's only client
    /// (stdio) takes no turns, and its end is the daemon's.
    @discardableResult
    package func open(
        _ transport: any ConnectionTransport, wire: any WireFormat,
        kind: ConnectionKind = .unixSocket, backpressure: BackpressureLimits? = nil
    ) -> Connection {
        let id = nextConnectionID
        nextConnectionID += 1
        // The closures below hold the hub and the connection strongly (Embedded Swift has
        // no weak or unowned references); `forget(_:)` detaches them when it closes.
        let c = Connection(
            id: id, transport: transport, wire: wire,
            dispatcher: Dispatcher(
                registry: registry, connection: id, maximumDepth: limits.maxDepth,
                maximumBatchLength: limits.maxBatch),
            kind: kind,
            limits: backpressure ?? BackpressureLimits(hardCap: limits.maxBacklogBytes),
            now: now, logger: logger)
        transport.onBytes = { bytes in self.read(bytes, by: c) }
        transport.onInputEnd = { error in self.inputEnded(c, error) }
        transport.onWritten = { self.written(c) }
        transport.onOutputError = { error in self.outputFailed(c, error) }
        connections.append(c)
        if wire.carriesBinary { host.noteBinaryFrames(on: id) }
        transport.startReading()
        return c
    }

    // MARK: What happened on the wire

    /// The client sent bytes.
    private func read(_ bytes: UnsafeRawBufferPointer, by c: Connection) {
        // A closing connection discards what it reads.
        guard c.state.handlesInput else { return }
        c.append(bytes)
        serve(c)
        finish()
    }

    /// The client's input ended (an error: it was reset).
    private func inputEnded(_ c: Connection, _ error: Int32?) {
        perform(c.inputEnded(error), from: c)
        if c.hasInputToHandle { serve(c) }
        check(c)
        finish()
    }

    /// Queued bytes of `c` were written.
    private func written(_ c: Connection) {
        if c.written() { serve(c) }
        check(c)
        finish()
    }

    /// A separate output (stdio's) failed while the input goes on.
    private func outputFailed(_ c: Connection, _ error: Int32) {
        guard !c.isClosed else { return }
        logger.info("connection \(c.id): output error \(c.describe(error: error))")
        if c.state.handlesInput {
            perform([.exit(code: 1)], from: c)
        } else {
            c.close()
        }
        check(c)
        finish()
    }

    /// The tick timer fired.
    package func timerFired() {
        pumpTicks()
        finish()
    }

    /// One turn each for the connections that yielded (their I/O and everyone else's
    /// was polled in between).
    package func giveTurns() {
        let waiting = waitingTurns
        waitingTurns.removeAll(keepingCapacity: true)
        for id in waiting {
            guard let c = connections[id] else { continue }
            c.giveTurn()
            if c.hasInputToHandle { serve(c) }
        }
        if waitingTurns.isEmpty { turns?.stop() }
        finish()
    }

    // MARK: What the daemon decides

    /// Whether a new connection of `kind` fits its budget of `limit` places. Only
    /// connections that still handle input hold a place (one that closes has left), and
    /// when a web budget is full, its oldest connection that has not shown the token
    /// makes room.
    /// - Complexity: O(n) in the open connections.
    package func admission(of kind: ConnectionKind, limit: Int) -> Admission {
        var holding = 0
        var oldestUnproven: Connection?
        for c in connections.all where c.kind == kind && c.holdsBudget {
            holding += 1
            if oldestUnproven == nil, !c.isAuthenticated { oldestUnproven = c }
        }
        guard holding >= limit else { return .admit }
        if kind == .web, let oldestUnproven { return .admitEvicting(oldestUnproven) }
        return .refuse
    }

    /// Closes every socket connection that has not got past `initialize` (for a web
    /// client: sent a complete request head, shown the token and initialized) within
    /// `timeout` nanoseconds of opening. Returns when the next such deadline falls, if a
    /// connection still has one ahead.
    /// - Complexity: O(n) in the open connections.
    package func closeOverdueHandshakes(timeout: UInt64) -> UInt64? {
        let time = now()
        var next: UInt64?
        for c in connections.all where !c.isSoleClient && c.holdsBudget && !c.hasInitialized {
            let deadline = c.openedAt &+ timeout
            if deadline <= time {
                logger.warning(
                    "connection \(c.id) did not initialize within \(timeout / 1_000_000) ms: closing"
                )
                c.close()
                check(c)
            } else {
                next = min(next ?? deadline, deadline)
            }
        }
        finish()
        return next
    }

    /// Closes `c` at once, dropping what is unwritten (its client's process died, or it
    /// did not read its last answers in time).
    package func close(_ c: Connection) {
        c.close()
        check(c)
        finish()
    }

    /// Every connection writes what it owes and closes; no more ticks.
    package func stop() {
        guard !stopping else { return }
        stopping = true
        ticks?.stop()
        for c in connections.all { closeAfterWriting(c) }
        finish()
    }

    // MARK: Handling input

    /// Handles `c`'s input for one turn: each message is dispatched, what it caused goes
    /// to its audience, then its reply; the ticks that became due follow in the same
    /// write. While the write ends the client's backlog at once (it reads), it goes on.
    private func serve(_ c: Connection) {
        var relieved = true
        while relieved {
            let corkedHere = c.cork()
            var turn = c.beginTurn()
            while let step = c.next(in: &turn) {
                switch step {
                case .message(let body):
                    let outgoing = c.dispatch(body)
                    deliver(host.takeEmissions())
                    perform(outgoing, from: c)
                    c.recycle(outgoing)
                    if c.holdsLargeAnswers {
                        // The client reads a large answer while the next message is
                        // handled; the state it changed is kept first, as at a turn's end.
                        reportStateChanges()
                        c.sendCorked()
                    }
                case .batchMessage:
                    let outgoing = c.continueBatch()
                    deliver(host.takeEmissions())
                    perform(outgoing, from: c)
                    c.recycle(outgoing)
                    // The ticks that waited for the batch's response follow it.
                    c.releaseHeldNotifications()
                case .actions(let outgoing):
                    perform(outgoing, from: c)
                }
            }
            if turn.sawLargeMessage { events.append(.largeMessageHandled) }
            if turn.handled > 0 { pumpTicks() }
            let stoppedByPressure = c.state == .congested
            // The state a request changed is kept before its reply goes out.
            reportStateChanges()
            if corkedHere { c.uncork() }
            // Writing what the cork held can end the pressure at once (the client was
            // reading): then go on, as no write completion will come to resume the rest.
            relieved = stoppedByPressure && c.state == .reading
        }
        if c.state == .yielding {
            waitingTurns.append(c.id)
            turns?.start()
        } else if let end = c.takeEndOfInput() {
            perform(end, from: c)
        }
        check(c)
    }

    /// Carries out what the dispatcher asked for.
    private func perform(_ outgoing: [Outgoing], from c: Connection) {
        for action in outgoing {
            switch action {
            case .send(let body):
                c.send(body)
            case .diagnostic(let text):
                logger.debug("connection \(c.id): \(text)")
            case .exit(let code):
                if c.isSoleClient {
                    events.append(.stop(code: code))
                } else {
                    logger.info("connection \(c.id) exited (\(code))")
                }
                closeAfterWriting(c)
            case .close(let error):
                logger.warning("connection \(c.id): closing after a framing error: \(error)")
                if c.isSoleClient {
                    events.append(.stop(code: 1))
                    closeAfterWriting(c)
                } else {
                    // What was answered before (the error itself) goes out first.
                    c.uncork()
                    c.close()
                }
            }
        }
    }

    /// What `c` was answered still reaches its client before it closes (the daemon
    /// bounds the wait); a client whose input was reset is gone: it closes at once.
    private func closeAfterWriting(_ c: Connection) {
        if c.inputFailed {
            c.close()
        } else {
            c.closeAfterWriting()
        }
        check(c)
    }

    /// Reacts to `c`'s new state: a connection that only writes what it owes ends its
    /// sessions now (their other readers hear it) rather than ticking for nobody; a
    /// closed one is forgotten.
    private func check(_ c: Connection) {
        guard let state = c.takeStateChange() else { return }
        switch state {
        case .draining:
            releaseSessions(of: c)
            events.append(.draining(c))
        case .lingering:
            releaseSessions(of: c)
            events.append(.lingering(c))
        case .closed:
            forget(c)
        case .reading, .yielding, .congested:
            break
        }
    }

    private func releaseSessions(of c: Connection) {
        #if !hasFeature(Embedded)
            onConnectionLeaving?(c.id)
        #endif
        host.connectionClosed(c.id, now: now())
    }

    private func forget(_ c: Connection) {
        guard connections[c.id] != nil else { return }
        connections.remove(c.id)
        c.detach()
        closedCount += 1
        releaseSessions(of: c)
        if c.skippedTicks > 0 {
            logger.info("connection \(c.id): \(c.skippedTicks) ticks coalesced")
        }
        logger.info("connection \(c.id) closed")
        events.append(.closed(c))
    }

    /// The end of each call from the wire or the daemon: what the call caused is handed
    /// out (a connection closed meanwhile ended its sessions), then the daemon hears the
    /// events.
    private func finish() {
        deliver(host.takeEmissions())
        if closedCount != closedWhenPumped { pumpTicks() }
        reportStateChanges()
        guard !events.isEmpty, let onEvent else {
            events.removeAll()
            return
        }
        let happened = events
        events.removeAll()
        for event in happened { onEvent(event) }
    }

    /// Hands the durable sessions' changes at rest to whoever keeps their files.
    private func reportStateChanges() {
        guard let onStateChanges, host.hasStateChanges else { return }
        onStateChanges(host)
    }

    // MARK: Emissions

    /// Encodes each emission once and hands it to its audience; each connection gets
    /// its share in one call, so it can write it at once. A connection closed while they
    /// are handed out (its backlog passed the cap) ends its sessions, and their didEnd
    /// goes out after this round.
    private func deliver(_ emissions: [Emission], _ cause: EmissionCause = .request) {
        var round = emissions
        var roundCause = cause
        while !round.isEmpty {
            handOut(round, roundCause)
            // What handing out caused (a closed connection's didEnds) goes out at once.
            roundCause = .request
            round = host.takeEmissions()
        }
    }

    private func handOut(_ emissions: [Emission], _ cause: EmissionCause) {
        if emissions.count == 1 {
            let e = emissions[0]
            let body = e.body()
            for id in e.audience {
                guard let c = connections[id] else { continue }
                if cause == .pacing, c.dispatcher.hasBatchInProgress {
                    var isTick = false
                    if case .tick = e.payload { isTick = true }
                    c.holdUntilBatchEnds(
                        [
                            SessionNotification(
                                body: body, session: e.session, isTick: isTick, frame: e.frame)
                        ])
                } else if case .tick = e.payload {
                    c.sendTick(body, session: e.session, frame: e.frame)
                } else {
                    c.send(body, session: e.session)
                }
                check(c)
            }
            return
        }
        var shares: [ConnectionID: [SessionNotification]] = [:]
        var order: [ConnectionID] = []
        for e in emissions {
            let body = e.body()
            var isTick = false
            if case .tick = e.payload { isTick = true }
            for id in e.audience {
                if shares[id] == nil { order.append(id) }
                shares[id, default: []].append(
                    SessionNotification(
                        body: body, session: e.session, isTick: isTick, frame: e.frame))
            }
        }
        for id in order {
            guard let c = connections[id] else { continue }
            if cause == .pacing, c.dispatcher.hasBatchInProgress {
                c.holdUntilBatchEnds(shares[id]!)
            } else {
                c.send(shares[id]!)
            }
            check(c)
        }
    }

    /// The readers that still hold an unsent tick of a session.
    private var saturatedReaders: Set<TickReader> {
        var readers: Set<TickReader> = []
        for c in connections.all where c.isCongested {
            for session in c.sessionsWithPendingTicks {
                readers.insert(TickReader(connection: c.id, session: session))
            }
        }
        return readers
    }

    // MARK: Time

    /// Emits due ticks and sets the timer for the next deadline. A connection closed
    /// while they are handed out took its sessions along: the deadline is then computed
    /// again.
    private func pumpTicks() {
        guard !stopping, let ticks else { return }
        repeat {
            closedWhenPumped = closedCount
            let round = host.tickRealtime(now: now(), saturated: saturatedReaders)
            // The ticks of one wake-up reach each connection in one write.
            deliver(round.emissions, .pacing)
            if let next = round.next {
                // A deadline already past fires on the next loop iteration, after the
                // I/O that is ready then, so a session that falls behind cannot starve
                // clients.
                ticks.schedule(at: next)
            } else {
                ticks.stop()
            }
        } while closedCount != closedWhenPumped
    }
}
