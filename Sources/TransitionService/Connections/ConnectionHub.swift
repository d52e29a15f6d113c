import JSONRPC

/// Sets the one deadline of the realtime ticks: a `DeadlineTimer` in the daemon, a
/// variable in tests.
package protocol TickScheduling: AnyObject {
    func schedule(at deadline: UInt64)
    func stop()
}

/// Gives the connections that yielded their next turn on a later loop iteration: an
/// `IdleCallback` in the daemon, a call of `giveTurns()` in tests.
package protocol TurnScheduling: AnyObject {
    func start()
    func stop()
}


/// The connections and the session host between them: opens connections, hands each
/// emission to its audience (encoded once, one write per connection and round), paces
/// the realtime ticks around the saturated readers and gives turns. It reads no clock
/// and owns no libuv handle, so tests drive it with fake transports and a manual clock.
package final class ConnectionHub {
    package let host: SessionHost
    private let limits: ServiceLimits
    private let logger: Logger
    /// Monotonic nanoseconds.
    private let now: () -> UInt64
    package private(set) var connections = OpenConnections()
    private var nextConnectionID = 1
    /// The id the next connection gets.
    package var nextID: ConnectionID { nextConnectionID }
    /// Connections waiting for their next turn of input, in order.
    private var waitingTurns: [ConnectionID] = []
    package var ticks: (any TickScheduling)?
    package var turns: (any TurnScheduling)?
    /// Set once the daemon stops: no more ticks.
    package var stopping = false

    /// Called with a connection's outgoing actions that are not writes (exit, close).
    package var onAction: ((Connection, Outgoing) -> Void)?
    /// Called when a client's `initialize` succeeded.
    package var onInitialize: ((ConnectionID, InitializeRequest) -> Void)?
    /// Called after a message of `Connection.largeMessageBytes` or more.
    package var onLargeMessage: (() -> Void)?
    /// Called after a connection closed and its sessions' emissions went out.
    package var onClosed: ((Connection) -> Void)?
    /// A connection waits for its client to read its last reply (see `Connection`).
    package var onDraining: ((Connection) -> Void)?
    /// A connection whose last reply is written waits for its client's end of input.
    package var onLingering: ((Connection) -> Void)?

    package init(host: SessionHost, logger: Logger, now: @escaping () -> UInt64) {
        self.host = host
        self.limits = host.limits
        self.logger = logger
        self.now = now
    }

    /// Opens a connection over `transport`; it takes turns with the others unless it
    /// is the only client (stdio).
    @discardableResult
    package func open(_ transport: any ConnectionTransport, wire: any WireFormat, takesTurns: Bool)
        -> Connection
    {
        let id = nextConnectionID
        nextConnectionID += 1
        let registry = MethodTable.registry(
            host: host, connection: id, now: { [unowned self] in self.now() }
        ) { [unowned self] request in self.onInitialize?(id, request) }
        let connection = Connection(
            id: id, transport: transport, wire: wire,
            dispatcher: Dispatcher(
                registry: registry, maximumDepth: limits.maxDepth,
                maximumBatchLength: limits.maxBatch),
            limits: BackpressureLimits(hardCap: limits.maxBacklogBytes),
            now: { [unowned self] in self.now() }, logger: logger)
        connection.onAction = { [unowned self] c, action in self.onAction?(c, action) }
        connection.onDispatched = { [unowned self] in self.deliver(self.host.takeEmissions()) }
        connection.onHandled = { [unowned self] in self.pumpTicks() }
        connection.onLargeMessage = { [unowned self] in self.onLargeMessage?() }
        if takesTurns {
            connection.onYield = { [unowned self] c in
                self.waitingTurns.append(c.id)
                self.turns?.start()
            }
        }
        connection.onClosed = { [unowned self] c in self.closed(c) }
        connection.onDraining = { [unowned self] c in self.onDraining?(c) }
        connection.onLingering = { [unowned self] c in self.onLingering?(c) }
        connections.append(connection)
        connection.start()
        return connection
    }

    private func closed(_ c: Connection) {
        connections.remove(c.id)
        host.connectionClosed(c.id, now: now())
        deliver(host.takeEmissions())
        if c.skippedTicks > 0 {
            logger.info("connection \(c.id): \(c.skippedTicks) ticks coalesced")
        }
        logger.info("connection \(c.id) closed")
        onClosed?(c)
        pumpTicks()
    }

    /// One turn each for the connections that yielded (their I/O and everyone else's
    /// was polled in between).
    package func giveTurns() {
        let waiting = waitingTurns
        waitingTurns.removeAll(keepingCapacity: true)
        for id in waiting { connections[id]?.continueHandling() }
        if waitingTurns.isEmpty { turns?.stop() }
    }

    /// Closes every connection.
    func closeAll() {
        for c in connections.all { c.close() }
    }

    /// A connection that only waits for its client to read its last answers: its
    /// sessions end now, as when it closes (their other readers hear it), rather than
    /// ticking for nobody until it does.
    package func releaseSessions(of c: Connection) {
        host.connectionClosed(c.id, now: now())
        deliver(host.takeEmissions())
    }

    // MARK: Emissions

    /// Emissions made while others were being handed out (a connection closed by its
    /// backlog cap disposes its sessions mid-delivery): they go out after those, so a
    /// didEnd never overtakes the tick of the same round.
    private var deferredEmissions: [Emission] = []
    private var isDelivering = false

    /// Encodes each emission once and hands it to its audience; each connection gets
    /// its share in one call, so it can write it at once.
    private func deliver(_ emissions: [Emission]) {
        guard !isDelivering else {
            deferredEmissions += emissions
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        var round = emissions
        while !round.isEmpty {
            handOut(round)
            round = deferredEmissions
            deferredEmissions = []
        }
    }

    private func handOut(_ emissions: [Emission]) {
        guard !emissions.isEmpty else { return }
        if emissions.count == 1 {
            let e = emissions[0]
            let body = e.body()
            for id in e.audience {
                guard let c = connections[id] else { continue }
                if case .tick = e.payload {
                    c.sendTick(body, session: e.session)
                } else {
                    c.send(body, session: e.session)
                }
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
                    SessionNotification(body: body, session: e.session, isTick: isTick))
            }
        }
        for id in order { connections[id]?.send(shares[id]!) }
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

    private var isPumping = false
    /// Set when a connection closed while ticks were handed out: its sessions are
    /// gone, so the next deadline is computed again.
    private var pumpsAgain = false

    /// Emits due ticks and sets the timer for the next deadline.
    package func pumpTicks() {
        guard !stopping, let ticks else { return }
        guard !isPumping else {
            pumpsAgain = true
            return
        }
        isPumping = true
        defer { isPumping = false }
        repeat {
            pumpsAgain = false
            let round = host.tickRealtime(now: now(), saturated: saturatedReaders)
            // The ticks of one wake-up reach each connection in one write.
            deliver(round.emissions)
            guard !stopping else { return }
            if let next = round.next {
                // A deadline already past fires on the next loop iteration, after the
                // I/O that is ready then, so a session that falls behind cannot starve
                // clients.
                ticks.schedule(at: next)
            } else {
                ticks.stop()
            }
        } while pumpsAgain
    }
}
