import JSONRPC
import TransitionService

/// The daemon's shell for a host that owns the I/O and the clock (a page, Node): the
/// same `ConnectionHub` and `SessionHost` as the native daemon, driven by calls that
/// pass the time, with what the host must do (bytes to write, connections to close, log
/// lines, the exit) left in one `Outbox`, and the next time to call back in
/// `nextDeadline`. It reads no clock and does no I/O, so every method, error and limit
/// behaves as in the native daemon.
package final class HostedDaemon {
    /// How a connection's messages are delimited.
    package enum Framing: Int32 {
        /// `Content-Length` headers, as over stdio and Unix sockets.
        case lsp = 0
        /// One whole message per chunk the host passes (`MessageWire`).
        case messages = 1
    }

    package let limits: ServiceLimits
    package let outboxRef = OutboxRef()
    private let logger: Logger
    private let hub: ConnectionHub
    private let tickTimer = HostTickTimer()
    private let turns = HostTurns()
    private var transports: [(id: ConnectionID, transport: HostTransport)] = []
    /// Connections writing what they owe, each until its deadline (as the native daemon's
    /// drain and linger timers).
    private var leaving: [(connection: Connection, deadline: UInt64)] = []
    /// Client processes watched (from `initialize`): with a connection, it closes when the
    /// process dies; without (the sole client), the daemon stops.
    private var watched: [(pid: Int32, connection: ConnectionID?)] = []
    /// Monotonic nanoseconds as of the host's last call, which the hub reads too.
    private let clockReader: ClockReader
    private var clock: UInt64 { clockReader.nanoseconds }
    private var stopping = false
    private var exitCode: Int32 = 0
    private var exitReported = false

    /// As the native daemon's `--initialize-timeout` default.
    package static let defaultInitializeTimeout: UInt64 = 10_000_000_000

    /// `--initialize-timeout`: a socket client that has not initialized this long after
    /// connecting is closed, so idle connections cannot hold the budget.
    package let initializeTimeout: UInt64
    /// When the next handshake deadline comes, while a client has yet to initialize.
    private var handshakeCheckDue: UInt64?
    /// When the log's counts of suppressed lines are due, while it holds some.
    private var logFlushDue: UInt64?
    private static let logWindow = LogRateLimiter.windowNanoseconds

    package init(
        limits: ServiceLimits, logLevel: LogLevel,
        initializeTimeout: UInt64 = HostedDaemon.defaultInitializeTimeout
    ) {
        self.limits = limits
        self.initializeTimeout = initializeTimeout
        let clockReader = ClockReader()
        self.clockReader = clockReader
        // Warnings and errors are rate-limited per reason, as the native daemon's.
        logger = Logger(
            level: logLevel, sink: OutboxLog(outbox: outboxRef),
            clock: { clockReader.nanoseconds })
        let host = SessionHost(limits: limits)
        hub = ConnectionHub(host: host, logger: logger, now: { clockReader.nanoseconds })
        hub.ticks = tickTimer
        hub.turns = turns
        hub.onEvent = { [unowned(unsafe) self] event in self.handle(event) }
        logger.onHeldBack = { [unowned(unsafe) self] in
            if self.logFlushDue == nil { self.logFlushDue = self.clock &+ Self.logWindow }
        }
    }

    // MARK: What the host calls

    /// Opens a connection; nil when `--max-connections` are open (the host closes the
    /// client's end). A sole client (stdio) ends the daemon when it ends. With
    /// `hostQueues`, the host reports its unsent bytes (`written(on:remaining:now:)`).
    package func open(
        framing: Framing, kind: String, isSoleClient: Bool, hostQueues: Bool = false, now: UInt64
    ) -> Int32? {
        advance(to: now)
        guard !stopping else { return nil }
        if !isSoleClient {
            switch hub.admission(of: .unixSocket, limit: limits.maxConnections) {
            case .admit, .admitEvicting:
                // A socket client's user is vouched for: none is evicted for another.
                break
            case .refuse:
                logger.warning(
                    "refused a connection: \(limits.maxConnections) \(kind) connections already (--max-connections)"
                )
                return nil
            }
        }
        let wire: any WireFormat
        switch framing {
        case .lsp:
            wire = LSPFraming(
                maximumBodyLength: limits.maxMessageBytes,
                maximumHeaderLength: limits.maxHeaderBytes)
        case .messages:
            wire = MessageWire(maximumBodyLength: limits.maxMessageBytes)
        }
        let transport = HostTransport(kind: kind, hostQueues: hostQueues, outbox: outboxRef)
        let c = hub.open(transport, wire: wire, kind: isSoleClient ? .stdio : .unixSocket)
        // Opening writes nothing: the transport learns its id before its first write.
        transport.id = UInt32(truncatingIfNeeded: c.id)
        transports.append((c.id, transport))
        logger.info("connection \(c.id) opened (\(kind))")
        if !isSoleClient { expectInitialize(by: c.openedAt) }
        settle()
        return Int32(truncatingIfNeeded: c.id)
    }

    /// The host read `bytes` from connection `id`.
    package func receive(_ bytes: UnsafeRawBufferPointer, on id: ConnectionID, now: UInt64) {
        advance(to: now)
        transport(id)?.receive(bytes)
        settle()
    }

    /// Connection `id`'s input ended: cleanly (`error` nil), or with a `HostError` code
    /// (a reset).
    package func receiveEnd(on id: ConnectionID, error: Int32?, now: UInt64) {
        advance(to: now)
        guard let transport = transport(id) else { return }
        if let error {
            transport.onInputEnd?(error)
        } else {
            transport.receiveEnd()
        }
        settle()
    }

    /// Writing to connection `id` failed (its client is gone) with a `HostError` code.
    package func outputFailed(on id: ConnectionID, error: Int32, now: UInt64) {
        advance(to: now)
        transport(id)?.onOutputError?(error)
        settle()
    }

    /// Connection `id`'s bytes were sent but for `remaining` the host still holds.
    package func written(on id: ConnectionID, remaining: Int, now: UInt64) {
        advance(to: now)
        transport(id)?.hostWrote(remaining: remaining)
        settle()
    }

    /// The time the host was asked to call back at has come (or passed).
    package func timerFired(now: UInt64) {
        advance(to: now)
        let due = leaving.filter { $0.deadline <= clock }
        for (c, _) in due where !c.isClosed {
            logger.info(LeavingBound.expired(c))
            hub.close(c)
        }
        if let due = handshakeCheckDue, due <= clock {
            handshakeCheckDue = hub.closeOverdueHandshakes(timeout: initializeTimeout)
        }
        if let due = logFlushDue, due <= clock {
            logFlushDue = logger.flush() ? clock &+ Self.logWindow : nil
        }
        if let deadline = tickTimer.deadline, deadline <= clock { hub.timerFired() }
        settle()
    }

    /// The host's next event-loop iteration: connections that yielded take their turn.
    package func giveTurns(now: UInt64) {
        advance(to: now)
        hub.giveTurns()
        settle()
    }

    /// A watched client process is gone.
    package func processEnded(_ pid: Int32, now: UInt64) {
        advance(to: now)
        guard let i = watched.firstIndex(where: { $0.pid == pid }) else { return }
        let owner = watched.remove(at: i).connection
        if let owner {
            logger.info("client process \(pid) of connection \(owner) is gone: closing it")
            if let c = hub.connections[owner] { hub.close(c) }
        } else {
            logger.info("client process \(pid) is gone: exiting")
            shutdown(code: 1)
        }
        settle()
    }

    /// Stops as on a signal: every connection writes what it owes, then the exit.
    package func stop(code: Int32, now: UInt64) {
        advance(to: now)
        shutdown(code: code)
        settle()
    }

    /// When the host must call `timerFired` next, in monotonic nanoseconds; nil: no
    /// deadline.
    package var nextDeadline: UInt64? {
        var earliest = tickTimer.deadline
        for due in [handshakeCheckDue, logFlushDue] {
            if let due, earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        for (_, deadline) in leaving where earliest.map({ deadline < $0 }) ?? true {
            earliest = deadline
        }
        return earliest
    }

    /// Whether the host must call `giveTurns` on its next iteration.
    package var wantsTurns: Bool { turns.wanted }

    /// Open connections.
    package var connectionCount: Int { hub.connections.count }

    // MARK: Inside

    private func transport(_ id: ConnectionID) -> HostTransport? {
        transports.first { $0.id == id }?.transport
    }

    private func advance(to now: UInt64) {
        // The host's clock is monotonic; a value from before is taken as the same time.
        if now > clock { clockReader.nanoseconds = now }
    }

    /// Hands over input that waited for a turn, then reports the exit once every
    /// connection is done after a stop.
    private func settle() {
        var delivered = true
        while delivered {
            delivered = false
            for (_, transport) in transports where transport.hasWaitingInput {
                transport.deliverWaiting()
                delivered = true
            }
        }
        if stopping, hub.connections.isEmpty, !exitReported {
            exitReported = true
            outboxRef.value.append(.exit, subject: UInt32(bitPattern: exitCode))
        }
    }

    private func handle(_ event: ServiceEvent) {
        switch event {
        case .initialized(let id, let request):
            if let pid = request.processId, let p = Int32(exactly: pid), p > 0 {
                let isSole = hub.connections[id]?.isSoleClient ?? false
                guard !watched.contains(where: { $0.pid == p }) else { return }
                watched.append((p, isSole ? nil : id))
                outboxRef.value.append(.watchProcess, subject: UInt32(bitPattern: p))
            }
        case .draining(let c):
            boundWait(of: c, milliseconds: LeavingBound.drainMilliseconds)
        case .lingering(let c):
            boundWait(of: c, milliseconds: LeavingBound.lingerMilliseconds)
        case .closed(let c):
            closed(c)
        case .stop(let code):
            shutdown(code: code)
        case .largeMessageHandled:
            break
        }
    }

    /// Makes sure the handshakes are checked by `openedAt` + the initialize timeout.
    private func expectInitialize(by openedAt: UInt64) {
        let deadline = openedAt &+ initializeTimeout
        if let due = handshakeCheckDue, due <= deadline { return }
        handshakeCheckDue = deadline
    }

    private func boundWait(of c: Connection, milliseconds: UInt64) {
        guard !c.isClosed else { return }
        leaving.removeAll { $0.connection === c }
        leaving.append((c, clock + milliseconds * 1_000_000))
    }

    private func closed(_ c: Connection) {
        leaving.removeAll { $0.connection === c }
        transports.removeAll { $0.id == c.id }
        watched.removeAll { $0.connection == c.id }
        // Nobody left to initialize: no check to wake up for.
        if hub.connections.isEmpty { handshakeCheckDue = nil }
        if c.isSoleClient && !stopping {
            // The only client is gone without exit: as LSP's exit, 0 only after shutdown.
            shutdown(code: c.dispatcher.lifecycle == .shutDown ? 0 : 1)
        }
    }

    private func shutdown(code: Int32) {
        guard !stopping else { return }
        stopping = true
        exitCode = code
        hub.stop()
    }
}
