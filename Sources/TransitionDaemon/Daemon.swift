import CLibUV
import JSONRPC
import LocalSockets
import TransitionDocuments
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon: a libuv loop that owns every connection and session.
public final class Daemon {
    private let options: DaemonOptions
    private let loop: EventLoop
    private let logger: Logger
    private let hub: ConnectionHub
    /// Transition documents open in editors on any connection (TransitionDocuments).
    private let languageServer: LanguageServer
    private var host: SessionHost { hub.host }
    private var connections: OpenConnections { hub.connections }
    private var listeners: [any ClientListener] = []
    private var watchTimer: Timer?
    /// Set while no client is connected, with `--listen-timeout`.
    private var idleTimer: Timer?
    /// Connections being written what they are owed, each with the timer that stops
    /// waiting for a client that does not read.
    private var leaving: [(connection: Connection, timer: Timer)] = []
    private var signals: [SignalWatcher] = []
    /// Client processes to watch: with a connection, that connection closes when the
    /// process dies; without (--clientProcessId), the daemon exits.
    private var watchedProcesses: [Int32: ConnectionID?] = [:]
    private var exitCode: Int32 = 0
    /// The timer of the realtime ticks and the idle handle that gives turns (the hub
    /// uses them; the daemon closes them).
    private var tickTimer: DeadlineTimer?
    private var turns: IdleCallback?
    private var stopping = false
    /// The durable sessions' files, when this daemon owns a socket and keeps state.
    private var stateStore: SessionStateStore?

    private init(options: DaemonOptions, logger: Logger, loop: EventLoop) {
        self.options = options
        self.loop = loop
        self.logger = logger
        let host = SessionHost(limits: options.limits)
        // A large session's arrays (per-item sizes, frames) would otherwise stay in the
        // daemon's RSS after it is gone.
        host.onLargeSessionRemoved = { FreedMemory.giveBack() }
        hub = ConnectionHub(host: host, logger: logger, now: { loop.nanoseconds })
        let languageServer = LanguageServer(limits: options.limits, sessions: host)
        self.languageServer = languageServer
        hub.onEvent = { [unowned self] event in self.handle(event) }
        hub.addingMethods = { registry in
            DocumentMethods.register(into: &registry, limits: options.limits)
            languageServer.register(into: &registry)
        }
        hub.addedCapabilities = LanguageServer.capabilities
        hub.onConnectionLeaving = { connection in languageServer.connectionClosed(connection) }
        logger.onHeldBack = { [unowned self] in self.flushLogSoon() }
    }

    /// Retries what the log held back (lines its reader did not take, counts of
    /// suppressed lines) every `logFlushMilliseconds` until nothing is held back.
    private var logFlushTimer: Timer?
    private var logFlushRunning = false
    static let logFlushMilliseconds: UInt64 = 250

    private func flushLogSoon() {
        guard !stopping, !logFlushRunning else { return }
        if logFlushTimer == nil {
            guard let t = try? Timer(loop: loop) else { return }
            t.onFire = { [unowned self, unowned t] in
                if !self.logger.flush() {
                    t.stop()
                    self.logFlushRunning = false
                }
            }
            // The log alone does not keep the daemon running.
            t.unreference()
            logFlushTimer = t
        }
        logFlushRunning = true
        logFlushTimer?.repeatEvery(milliseconds: Self.logFlushMilliseconds)
    }

    /// What the service reports, once the call that caused it has done its work.
    private func handle(_ event: ServiceEvent) {
        switch event {
        case .initialized(let id, let request):
            if let pid = request.processId, let p = Int32(exactly: pid), p > 0 {
                // In stdio mode the client is the daemon's only reason to live.
                let isSole = connections[id]?.isSoleClient ?? false
                watch(process: p, connection: isSole ? nil : id)
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
            // The allocator may keep the memory a large message was parsed into.
            FreedMemory.giveBack()
        }
    }

    /// Runs the daemon until it ends; returns the process exit code.
    public static func run(_ options: DaemonOptions) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let level = options.logLevel
        let clock = { uv_hrtime() }
        var logger = Logger(level: level, sink: DescriptorLog(), clock: clock)
        if let path = options.logFile {
            guard let file = DescriptorLog.file(path) else {
                logger.error(
                    "cannot open the log file '\(path)': \(String(cString: strerror(errno)))")
                return 1
            }
            logger = Logger(level: level, sink: file, clock: clock)
        }
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            logger.error("\(error)")
            return 1
        }
        let daemon = Daemon(options: options, logger: logger, loop: loop)
        return daemon.serve()
    }

    private func serve() -> Int32 {
        do throws(UVFailure) {
            let ticks = try DeadlineTimer(loop: loop)
            ticks.onFire = { [unowned self] in self.hub.timerFired() }
            tickTimer = ticks
            hub.ticks = ticks
            let turns = try IdleCallback(loop: loop)
            turns.onIdle = { [unowned self] in self.hub.giveTurns() }
            self.turns = turns
            hub.turns = turns
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                let watcher = try SignalWatcher(loop: loop, signal: sig)
                watcher.onSignal = { [unowned self] s in
                    self.logger.info("signal \(s): shutting down")
                    self.shutdown(code: self.options.mode == .stdio ? 1 : 0)
                }
                signals.append(watcher)
            }
        } catch {
            logger.error("cannot set up the loop: \(error)")
            shutdown(code: 1)
            _ = loop.close()
            return 1
        }
        if let pid = options.clientProcessID { watch(process: pid, connection: nil) }
        switch options.mode {
        case .stdio:
            guard startStdio() else { return 1 }
        case .listen(let path):
            do {
                listen(on: try unixSocketListener(path: path)) { [options] in
                    LSPFraming(
                        maximumBodyLength: options.limits.maxMessageBytes,
                        maximumHeaderLength: options.limits.maxHeaderBytes)
                }
                // The socket is this daemon's now: its durable sessions too.
                keepState()
            } catch {
                logger.error("\(error)")
                shutdown(code: 1)
                _ = loop.close()
                return 1
            }
        case .webOnly:
            break
        }
        if let webOptions = options.web, !startWeb(webOptions) {
            shutdown(code: 1)
            _ = loop.close()
            return 1
        }
        if options.listenTimeoutMilliseconds != nil, !startIdleTimer() {
            shutdown(code: 1)
            _ = loop.close()
            return 1
        }
        loop.run()
        logger.flush()
        let status = loop.close()
        if status != 0 {
            logger.warning("loop closed with handles left: \(UVError.describe(status))")
        }
        return exitCode
    }

    // MARK: Connections

    /// The socket systemd passed (socket activation), else a socket bound at `path` (the
    /// default path when nil).
    private func unixSocketListener(path: String?) throws -> UnixSocketListener {
        if options.acceptsSocketActivation, let fd = try SocketActivation.inheritedSocket() {
            logger.info("serving the socket systemd passed (fd \(fd))")
            return try UnixSocketListener(
                loop: loop, inheritedFD: fd, path: SocketActivation.boundPath(fd),
                backlog: options.limits.maxConnections)
        }
        let bound: String
        if let path {
            bound = path
        } else {
            do {
                bound = try runtimeDirectory() + "/" + SocketPaths.socketName
            } catch {
                throw ListenError.noDefaultPath(reason: error.description)
            }
        }
        return try UnixSocketListener(
            loop: loop, path: bound, backlog: options.limits.maxConnections)
    }

    /// Restores the durable sessions, before any client is served, and keeps their
    /// files from now on. A directory that cannot be used is logged; the daemon serves
    /// without durable sessions.
    private func keepState() {
        let store: SessionStateStore
        do throws(StateStoreError) {
            guard
                let opened = try SessionStateStore.open(
                    options.stateDirectory, logger: logger, limits: options.limits)
            else { return }
            store = opened
        } catch {
            logger.error("no durable sessions: \(error)")
            return
        }
        let count = store.restore(into: host, now: loop.nanoseconds)
        logger.info("keeping durable sessions in \(store.directory) (\(count) restored)")
        stateStore = store
        host.recordsDurableState = true
        hub.onStateChanges = { [unowned store] host in store.apply(host.takeStateChanges()) }
    }

    /// The private runtime directory, with a warning when `XDG_RUNTIME_DIR` was passed over.
    private func runtimeDirectory() throws(SocketPathError) -> String {
        let choice = try SocketPaths.runtimeDirectoryChoice()
        if let passedOver = choice.passedOver { logger.warning(passedOver) }
        return choice.path
    }

    private func startStdio() -> Bool {
        // Protocol bytes go to a private copy of fd 1; fd 1 itself now points at stderr, so
        // a stray print can never corrupt the stream.
        let protocolFD = dup(1)
        guard protocolFD >= 0 else {
            logger.error("cannot duplicate standard output")
            return false
        }
        dup2(2, 1)
        PipeCapacity.enlarge(protocolFD)
        let input: StdioTransport.Input =
            Stream.open(loop: loop, fd: 0, readable: true).map { .stream($0) }
            ?? .file(FileInput(loop: loop, fd: 0))
        let output: StdioTransport.Output =
            Stream.open(loop: loop, fd: protocolFD, readable: false).map { .stream($0) }
            ?? .blocking(BlockingOutput(fd: protocolFD))
        let transport = StdioTransport(input: input, output: output)
        logger.debug("stdio: \(transport.kind)")
        idleTimer?.stop()
        hub.open(transport, wire: lspFraming(), kind: .stdio)
        return true
    }

    private func lspFraming() -> LSPFraming {
        LSPFraming(
            maximumBodyLength: options.limits.maxMessageBytes,
            maximumHeaderLength: options.limits.maxHeaderBytes)
    }

    /// Accepts clients from `listener`, each speaking the wire format `wire` makes.
    private func listen(on listener: any ClientListener, wire: @escaping () -> any WireFormat) {
        listener.onConnection = { [unowned self, unowned listener] stream in
            self.accept(stream, from: listener, wire: wire)
        }
        listeners.append(listener)
        logger.info("listening on \(listener.address)")
    }

    /// Serves HTTP and WebSocket clients on `webOptions`' port, beside the mode's own
    /// transport, and writes `web.json` for the user's tools.
    private func startWeb(_ webOptions: WebOptions) -> Bool {
        let endpoint: WebEndpoint
        do {
            endpoint = try WebEndpoint(
                loop: loop, options: webOptions, backlog: options.limits.maxConnections,
                logger: logger)
        } catch {
            logger.error("\(error)")
            return false
        }
        listen(on: endpoint) { [unowned self, unowned endpoint] in
            WebSocketWire(
                router: endpoint.router, maximumMessageLength: self.options.limits.maxMessageBytes,
                maximumHeadLength: self.options.limits.maxHeaderBytes,
                note: { [unowned self] in self.logger.debug($0) })
        }
        // Alone, --ws is useless without web.json: nobody else can learn its token.
        let fatal = options.mode == .webOnly
        let problem: String?
        do {
            let directory = try runtimeDirectory()
            problem =
                endpoint.writeDiscoveryFile(in: directory)
                ? nil : "cannot write \(directory)/web.json: \(String(cString: strerror(errno)))"
        } catch {
            problem = "no runtime directory for web.json: \(error)"
        }
        if let problem {
            if fatal {
                logger.error("\(problem); without it nobody can learn the token of --ws")
                endpoint.close()
                return false
            }
            logger.warning(problem)
        }
        // The token stays out of the log: web.json holds it.
        logger.info(
            "serving HTTP and WebSocket on port \(endpoint.port) (URL with its token in \(endpoint.discoveryPath ?? "nowhere"))"
        )
        return true
    }

    private func accept(
        _ stream: Stream, from listener: any ClientListener, wire: () -> any WireFormat
    ) {
        guard !stopping else {
            stream.close()
            return
        }
        // Unix sockets name their peer's user; TCP clients show the token instead.
        if listener.namesPeerUser, let uid = stream.peerUID, uid != geteuid() {
            logger.warning(
                "refused a connection from uid \(uid): only uid \(geteuid()) may connect")
            stream.close()
            return
        }
        let kind = listener.connectionKind
        let (limit, flag) =
            kind == .web
            ? (options.limits.maxWebConnections, "--max-web-connections")
            : (options.limits.maxConnections, "--max-connections")
        switch hub.admission(of: kind, limit: limit) {
        case .admit:
            break
        case .admitEvicting(let unproven):
            logger.warning(
                "connection \(unproven.id) had not shown the token: closed to make room (\(flag) \(limit))"
            )
            hub.close(unproven)
        case .refuse:
            logger.warning(
                "refused a connection: \(limit) \(stream.kind) connections already (\(flag))")
            stream.close()
            return
        }
        idleTimer?.stop()
        let c = hub.open(StreamTransport(stream), wire: wire(), kind: kind)
        logger.info("connection \(c.id) opened (\(stream.kind))")
        expectInitialize(by: c.openedAt)
    }

    // MARK: Handshake deadlines

    /// Closes the connections that have not initialized in time, when the first such
    /// deadline comes.
    private var handshakeTimer: Timer?
    /// When `handshakeTimer` fires (monotonic nanoseconds), while it is armed.
    private var handshakeCheckDue: UInt64?

    /// Makes sure the handshake timer fires by `openedAt` + `--initialize-timeout`.
    private func expectInitialize(by openedAt: UInt64) {
        let timeout = options.initializeTimeoutMilliseconds * 1_000_000
        let deadline = openedAt &+ timeout
        if let due = handshakeCheckDue, due <= deadline { return }
        if handshakeTimer == nil {
            guard let t = try? Timer(loop: loop) else { return }
            t.onFire = { [unowned self] in self.closeOverdueHandshakes() }
            handshakeTimer = t
        }
        armHandshakeTimer(at: deadline)
    }

    private func armHandshakeTimer(at deadline: UInt64) {
        guard !stopping else { return }
        let now = loop.nanoseconds
        // libuv counts whole milliseconds: round up, so the check finds it overdue.
        let milliseconds = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
        handshakeCheckDue = deadline
        handshakeTimer?.fireOnce(afterMilliseconds: milliseconds)
    }

    private func closeOverdueHandshakes() {
        handshakeCheckDue = nil
        let timeout = options.initializeTimeoutMilliseconds * 1_000_000
        if let next = hub.closeOverdueHandshakes(timeout: timeout) {
            armHandshakeTimer(at: next)
        }
    }

    /// A connection writing what it owes (after `exit`, the wire's own end, or while the
    /// daemon stops) waits for its client for at most `milliseconds` from now: 5 s to
    /// read its last answers, then `LeavingBound.lingerMilliseconds` to end its input.
    private func boundWait(of c: Connection, milliseconds: UInt64) {
        guard !c.isClosed else { return }
        if let waiting = leaving.first(where: { $0.connection === c }) {
            waiting.timer.fireOnce(afterMilliseconds: milliseconds)
            return
        }
        do {
            let t = try Timer(loop: loop)
            t.onFire = { [unowned self, unowned c] in
                self.logger.info(LeavingBound.expired(c))
                self.hub.close(c)
            }
            t.fireOnce(afterMilliseconds: milliseconds)
            leaving.append((c, t))
        } catch {
            hub.close(c)
        }
    }

    private func closed(_ c: Connection) {
        if let i = leaving.firstIndex(where: { $0.connection === c }) {
            leaving.remove(at: i).timer.close()
        }
        if c.isSoleClient && !stopping {
            // The only client is gone without exit: as LSP's exit, 0 only after shutdown.
            shutdown(code: c.dispatcher.lifecycle == .shutDown ? 0 : 1)
        }
        watchedProcesses = watchedProcesses.filter { $0.value != c.id }
        if connections.isEmpty { armIdleTimer() }
    }

    // MARK: Time

    /// Starts counting `--listen-timeout` from now: no client has come yet.
    private func startIdleTimer() -> Bool {
        do {
            let t = try Timer(loop: loop)
            t.onFire = { [unowned self] in
                guard self.connections.isEmpty else { return }
                // A client that connected just now (a forwarder of --remote=auto) is
                // accepted on this loop iteration: it gets the daemon, not a closed socket.
                if self.listeners.contains(where: \.hasWaitingClient) {
                    self.armIdleTimer()
                    return
                }
                self.logger.info("no client for the --listen-timeout: exiting")
                self.shutdown(code: 0)
            }
            idleTimer = t
        } catch {
            logger.error("cannot set up --listen-timeout: \(error)")
            return false
        }
        armIdleTimer()
        return true
    }

    /// Counts `--listen-timeout` again from now (the last client left).
    private func armIdleTimer() {
        guard !stopping, let timeout = options.listenTimeoutMilliseconds else { return }
        idleTimer?.fireOnce(afterMilliseconds: timeout)
    }

    /// Watches `pid`: when it dies, closes `connection`, or exits when there is none (an
    /// editor that crashed leaves no daemon behind).
    private func watch(process pid: Int32, connection: ConnectionID?) {
        guard watchedProcesses[pid] == nil else { return }
        watchedProcesses[pid] = connection
        guard watchTimer == nil else { return }
        let t: Timer
        do {
            t = try Timer(loop: loop)
        } catch {
            logger.warning("cannot watch client process \(pid): \(error)")
            return
        }
        t.onFire = { [unowned self] in
            for (p, owner) in self.watchedProcesses where kill(p, 0) != 0 && errno == ESRCH {
                self.watchedProcesses[p] = nil
                if let owner {
                    self.logger.info(
                        "client process \(p) of connection \(owner) is gone: closing it")
                    if let c = self.connections[owner] { self.hub.close(c) }
                } else {
                    self.logger.info("client process \(p) is gone: exiting")
                    self.shutdown(code: 1)
                    return
                }
            }
        }
        t.repeatEvery(milliseconds: 500)
        t.unreference()
        watchTimer = t
    }

    /// Stops everything; the loop then runs out and `serve` returns `code`.
    private func shutdown(code: Int32) {
        guard !stopping else { return }
        stopping = true
        exitCode = code
        // Every connection writes what it owes, within its bound, before the timers close.
        hub.stop()
        tickTimer?.close()
        turns?.close()
        watchTimer?.close()
        idleTimer?.close()
        handshakeTimer?.close()
        logFlushTimer?.close()
        for s in signals { s.close() }
        for l in listeners { l.close() }
    }
}
