import CLibUV
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// How the daemon is run: from the command line.
public struct DaemonOptions: Sendable {
    public enum Mode: Sendable, Equatable {
        /// One client on standard input and output.
        case stdio
        /// A Unix-socket server for many clients.
        case listen(path: String)
        /// Only the WebSocket port (`--ws` alone).
        case webOnly
    }

    public var mode: Mode = .stdio
    /// The HTTP and WebSocket port (`--ws`), besides the mode's transport.
    public var web: WebOptions? = nil
    public var clientProcessID: Int32? = nil
    public var logFile: String? = nil
    /// `info` logs every connection; the default keeps an editor's stderr quiet.
    public var logLevel: String = "warning"
    public var maxMessageBytes: Int = FrameReader.defaultMaximumBodyLength
    public var maxHeaderBytes: Int = FrameReader.defaultMaximumHeaderLength
    public var maxDepth: Int = JSONParser.defaultMaximumDepth
    /// Messages in one JSON-RPC batch.
    public var maxBatch = Dispatcher.defaultMaximumBatchLength
    public var maxSessionsPerConnection = 64
    public var maxItemsPerSession = 10_000_000
    public var maxConnections = 256
    /// Unsent bytes after which a connection is closed.
    public var maxBacklogBytes = 64 << 20

    public init() {}

    public static let logLevels = ["error", "warning", "info", "debug"]
}

/// The daemon: a libuv loop that owns every connection and session.
public final class Daemon: SessionRouter {
    private let options: DaemonOptions
    private let loop = EventLoop()
    private let logger: Logger
    private let host: SessionHost
    private var connections: [ConnectionID: Connection] = [:]
    private var nextConnectionID = 1
    private var listener: Listener?
    private var web: WebEndpoint?
    /// The client on standard input and output, the daemon's reason to live in stdio
    /// mode (other connections, over WebSocket, come and go).
    private var stdioConnection: ConnectionID?
    private var tickTimer: DeadlineTimer?
    private var watchTimer: Timer?
    private var signals: [SignalWatcher] = []
    /// Client processes to watch: with a connection, that connection closes when the
    /// process dies; without (--clientProcessId), the daemon exits.
    private var watchedProcesses: [Int32: ConnectionID?] = [:]
    private var exitCode: Int32 = 0
    /// While realtime ticks are emitted: the connections holding their ticks.
    private var pumping = false
    private var corkedByPump: Set<ConnectionID> = []
    /// Connections waiting for their next turn of input, in order, and the idle handle
    /// that gives them their turns.
    private var waitingTurns: [ConnectionID] = []
    private var turns: IdleCallback?
    private var stopping = false

    private init(options: DaemonOptions, logger: Logger) {
        self.options = options
        self.logger = logger
        host = SessionHost(
            limits: ServerLimits(
                maxSessionsPerConnection: options.maxSessionsPerConnection, maxItemsPerSession: options.maxItemsPerSession))
        host.router = self
        // glibc keeps freed memory for reuse; a large session's arrays (per-item sizes,
        // frames) would otherwise stay in the daemon's RSS after it is gone.
        host.onLargeSessionRemoved = { malloc_trim(0) }
    }

    /// Runs the daemon until it ends; returns the process exit code.
    public static func run(_ options: DaemonOptions) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let level = Logger.Level(name: options.logLevel) ?? .info
        var logger = Logger(level: level)
        if let path = options.logFile {
            guard let fileLogger = Logger.file(path, level: level) else {
                logger.error("cannot open the log file '\(path)': \(String(cString: strerror(errno)))")
                return 1
            }
            logger = fileLogger
        }
        let daemon = Daemon(options: options, logger: logger)
        return daemon.serve()
    }

    private var now: UInt64 { loop.nanoseconds }

    private func serve() -> Int32 {
        guard let ticks = DeadlineTimer(loop: loop) else {
            logger.error("cannot create a timer (timerfd_create): \(String(cString: strerror(errno)))")
            return 1
        }
        ticks.onFire = { [unowned self] in self.pumpTicks() }
        tickTimer = ticks
        let turns = IdleCallback(loop: loop)
        turns.onIdle = { [unowned self] in self.giveTurns() }
        self.turns = turns
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            let watcher = SignalWatcher(loop: loop, signal: sig)
            watcher.onSignal = { [unowned self] s in
                self.logger.info("signal \(s): shutting down")
                self.shutdown(code: self.options.mode == .stdio ? 1 : 0)
            }
            signals.append(watcher)
        }
        if let pid = options.clientProcessID { watch(process: pid, connection: nil) }
        switch options.mode {
        case .stdio:
            guard startStdio() else { return 1 }
        case .listen(let path):
            do {
                let l = try Listener(loop: loop, path: path, backlog: options.maxConnections)
                l.onConnection = { [unowned self] stream in self.accept(stream) }
                listener = l
                logger.info("listening on \(path)")
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
        loop.run()
        let status = loop.close()
        if status != 0 { logger.warning("loop closed with handles left: \(UVError.describe(status))") }
        return exitCode
    }

    // MARK: Connections

    private func startStdio() -> Bool {
        // Protocol bytes go to a private copy of fd 1; fd 1 itself now points at stderr, so
        // a stray print can never corrupt the stream.
        let protocolFD = dup(1)
        guard protocolFD >= 0 else {
            logger.error("cannot duplicate standard output")
            return false
        }
        dup2(2, 1)
        let input: ConnectionInput = Stream.open(loop: loop, fd: 0, readable: true).map { .stream($0) }
            ?? .file(FileInput(loop: loop, fd: 0))
        let output: ConnectionOutput = Stream.open(loop: loop, fd: protocolFD, readable: false).map { .stream($0) }
            ?? .blocking(BlockingOutput(fd: protocolFD))
        logger.debug("stdio: input \(input.kind), output \(output.kind)")
        stdioConnection = open(input: input, output: output).id
        return true
    }

    private func isStdio(_ id: ConnectionID) -> Bool {
        // Before `open` returns, the stdio connection is the first one.
        options.mode == .stdio && (stdioConnection == id || (stdioConnection == nil && id == 1))
    }

    // MARK: Web

    private func startWeb(_ webOptions: WebOptions) -> Bool {
        do {
            let endpoint = try WebEndpoint(loop: loop, options: webOptions, backlog: options.maxConnections, logger: logger)
            endpoint.onConnection = { [unowned self, unowned endpoint] stream in
                let wire = WebSocketWire(
                    router: endpoint.router, maximumMessageLength: self.options.maxMessageBytes,
                    maximumHeadLength: self.options.maxHeaderBytes, note: { [unowned self] in self.logger.debug($0) })
                self.accept(stream, wire: wire)
            }
            web = endpoint
            do {
                let directory = try SocketPaths.runtimeDirectory()
                if !endpoint.writeDiscoveryFile(in: directory) {
                    logger.warning("cannot write \(directory)/web.json: \(String(cString: strerror(errno)))")
                }
            } catch {
                logger.warning("no runtime directory for web.json: \(error)")
            }
            // The token stays out of the log: web.json holds it.
            logger.info("serving HTTP and WebSocket on port \(endpoint.port) (URL with its token in \(endpoint.discoveryPath ?? "nowhere"))")
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }

    private func accept(_ stream: Stream, wire: (any WireFormat)? = nil) {
        guard !stopping else {
            stream.close()
            return
        }
        // Unix sockets name their peer's user; TCP clients show the token instead.
        if wire == nil, let uid = stream.peerUID, uid != geteuid() {
            logger.warning("refused a connection from uid \(uid): only uid \(geteuid()) may connect")
            stream.close()
            return
        }
        guard connections.count < options.maxConnections else {
            logger.warning("refused a connection: \(options.maxConnections) connections already (--max-connections)")
            stream.close()
            return
        }
        let c = open(input: .stream(stream), output: .stream(stream), wire: wire)
        logger.info("connection \(c.id) opened")
    }

    @discardableResult
    private func open(input: ConnectionInput, output: ConnectionOutput, wire: (any WireFormat)? = nil) -> Connection {
        let id = nextConnectionID
        nextConnectionID += 1
        let registry = MethodTable.registry(host: host, connection: id, now: { [unowned self] in self.now }) { [unowned self] request in
            if let pid = request.processId, let p = Int32(exactly: pid), p > 0 {
                // In stdio mode the client is the daemon's only reason to live.
                self.watch(process: p, connection: self.isStdio(id) ? nil : id)
            }
        }
        let connection = Connection(
            id: id, input: input, output: output,
            dispatcher: Dispatcher(registry: registry, maximumDepth: options.maxDepth, maximumBatchLength: options.maxBatch),
            wire: wire ?? LSPWire(reader: FrameReader(maximumBodyLength: options.maxMessageBytes, maximumHeaderLength: options.maxHeaderBytes)),
            limits: BackpressureLimits(hardCap: options.maxBacklogBytes), logger: logger)
        connection.onAction = { [unowned self] c, action in self.handle(action, from: c) }
        connection.onHandled = { [unowned self] in self.pumpTicks() }
        if !isStdio(id) {
            // Turns matter only between clients.
            connection.onYield = { [unowned self] c in
                self.waitingTurns.append(c.id)
                self.turns?.start()
            }
        }
        connection.onClosed = { [unowned self] c in self.closed(c) }
        connections[id] = connection
        connection.start()
        return connection
    }

    private func handle(_ action: Outgoing, from c: Connection) {
        switch action {
        case .exit(let code):
            if isStdio(c.id) {
                shutdown(code: code)
            } else {
                logger.info("connection \(c.id) exited (\(code))")
                c.close()
            }
        case .close(let error):
            logger.warning("connection \(c.id): closing after a framing error: \(error)")
            if isStdio(c.id) { shutdown(code: 1) } else { c.close() }
        default:
            break
        }
    }

    private func closed(_ c: Connection) {
        if isStdio(c.id) && !stopping {
            // The only client is gone without exit: as LSP's exit, 0 only after shutdown.
            shutdown(code: c.dispatcher.lifecycle == .shutDown ? 0 : 1)
        }
        connections[c.id] = nil
        watchedProcesses = watchedProcesses.filter { $0.value != c.id }
        host.connectionClosed(c.id, now: now)
        if c.skippedTicks > 0 { logger.info("connection \(c.id): \(c.skippedTicks) ticks coalesced") }
        logger.info("connection \(c.id) closed")
        pumpTicks()
    }

    /// One turn each for the connections that yielded (their I/O and everyone else's
    /// was polled in between).
    private func giveTurns() {
        let waiting = waitingTurns
        waitingTurns.removeAll(keepingCapacity: true)
        for id in waiting { connections[id]?.continueHandling() }
        if waitingTurns.isEmpty { turns?.stop() }
    }

    // MARK: Router

    func deliver(_ body: [UInt8], session: String, to connection: ConnectionID) {
        connections[connection]?.send(body, session: session)
    }

    func deliverTick(framed: [UInt8], session: String, to connection: ConnectionID) {
        guard let c = connections[connection] else { return }
        if pumping && corkedByPump.insert(connection).inserted { c.cork() }
        c.sendTick(framed: framed, session: session)
    }

    func wantsTick(of session: String, connection: ConnectionID) -> Bool {
        connections[connection].map { !$0.hasPendingTick(of: session) } ?? false
    }

    // MARK: Time

    /// Ticks due this soon are emitted together with those due now: one wake-up serves
    /// sessions whose deadlines nearly coincide, at the cost of that much earliness.
    static let tickSlack: UInt64 = 500_000

    /// Emits due ticks and sets the timer for the next deadline.
    private func pumpTicks() {
        guard !stopping, let timer = tickTimer else { return }
        // The ticks of one wake-up reach each connection in one write.
        pumping = true
        let next = host.tickRealtime(now: now, slack: Self.tickSlack)
        pumping = false
        for id in corkedByPump { connections[id]?.uncork() }
        corkedByPump.removeAll(keepingCapacity: true)
        guard let next else {
            timer.stop()
            return
        }
        // A deadline already past fires on the next loop iteration, after the I/O that
        // is ready then, so a session that falls behind cannot starve clients.
        timer.schedule(at: next)
    }

    /// Watches `pid`: when it dies, closes `connection`, or exits when there is none (an
    /// editor that crashed leaves no daemon behind).
    private func watch(process pid: Int32, connection: ConnectionID?) {
        guard watchedProcesses[pid] == nil else { return }
        watchedProcesses[pid] = connection
        guard watchTimer == nil else { return }
        let t = Timer(loop: loop)
        t.onFire = { [unowned self] in
            for (p, owner) in self.watchedProcesses where kill(p, 0) != 0 && errno == ESRCH {
                self.watchedProcesses[p] = nil
                if let owner {
                    self.logger.info("client process \(p) of connection \(owner) is gone: closing it")
                    self.connections[owner]?.close()
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
        tickTimer?.close()
        turns?.close()
        watchTimer?.close()
        for s in signals { s.close() }
        listener?.close()
        web?.close()
        for c in connections.values { c.close() }
    }
}

extension ConnectionInput {
    var kind: String {
        switch self {
        case .stream(let s): return s.kind
        case .file: return "file"
        }
    }
}

extension ConnectionOutput {
    var kind: String {
        switch self {
        case .stream(let s): return s.kind
        case .blocking: return "file"
        }
    }
}
