import JSONRPC
import LocalSockets
import TransitionFilm
import TransitionProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking JSON-RPC client of transitiond over a pipe pair (a daemon it started
/// with `--stdio`) or a Unix socket.
///
/// Requests are answered in order by `request`; notifications that arrive meanwhile are
/// handed to a callback. `poll(until:watching:)` waits for the next message, a readable
/// keyboard, or a deadline. Every wait returns early with `Interrupted` on SIGINT,
/// SIGTERM or SIGHUP.
///
/// - Important: call `close()` on every path: it sends `shutdown` and `exit` and, for a
///   daemon it started, waits for the process (no orphan is left behind).
final class DaemonClient {
    private let readFD: Int32
    private let writeFD: Int32
    private let child: ChildProcess?
    private var reader = FrameReader()
    /// Messages read but not yet returned.
    private var inbox: [ClientEvent] = []
    private var nextID: Int64 = 1
    private var atEnd = false
    private var isClosed = false
    /// Set while closing: signals no longer cut waits short.
    private var ignoresSignals = false
    let timeout: Double
    /// The result of `initialize`.
    private(set) var initializeResult: JSONValue = .null
    /// What we are talking to, for messages: "transitiond (pid 123)" or the socket path.
    let peer: String

    /// Starts or connects to the daemon and runs `initialize` / `initialized`.
    /// - Throws: `Failure` when the daemon cannot be reached or refuses to initialize;
    ///   `Interrupted`.
    init(_ options: ConnectionOptions) throws {
        timeout = options.timeout
        if let socketPath = options.socketPath {
            let fd = try DaemonClient.connect(socketPath)
            readFD = fd
            writeFD = fd
            child = nil
            peer = "transitiond at \(socketPath)"
        } else {
            let path = try DaemonLocator.find(explicit: options.daemonPath)
            let mode = options.shared ? "--remote=auto" : "--stdio"
            let process = try ChildProcess(
                path: path, arguments: [mode, "--log-level", options.daemonLogLevel])
            child = process
            readFD = process.output
            writeFD = process.input
            peer =
                options.shared
                ? "the shared transitiond (forwarder \(path), pid \(process.pid))"
                : "transitiond (\(path), pid \(process.pid))"
        }
        do {
            // A daemon we started watches our process and exits if we die; a shared one
            // reached through the forwarder closes only our connection; one on a socket
            // we connected to ourselves is not told.
            let pid: JSONValue = child == nil ? .null : .integer(Int64(getpid()))
            let params: JSONValue = [
                "processId": pid,
                "clientInfo": ["name": .string(Version.name), "version": .string(Version.number)],
                "capabilities": [:],
            ]
            switch try request(.initialize, params) {
            case .success(let result):
                initializeResult = result
            case .failure(let error):
                throw Failure(
                    "\(peer) refused initialize: \(error.message) (code \(error.code.rawValue))")
            }
            try notify(.initialized, [:])
        } catch {
            close()
            throw error
        }
    }

    /// Opens a Unix stream socket connected to `path`.
    private static func connect(_ path: String) throws(Failure) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw Failure("socket path too long (at most \(capacity - 1) bytes): \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let fd = CloseOnExecSocket.unixStream()
        guard fd >= 0 else { throw Failure("cannot create a socket: \(FileDescriptor.errorText)") }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            let text = FileDescriptor.errorText
            Glibc.close(fd)
            throw Failure(
                "cannot connect to \(path): \(text) (is transitiond --listen \(path) running?)")
        }
        return fd
    }

    // MARK: Sending

    /// Sends a request and returns its id.
    @discardableResult
    func send(_ method: String, _ params: JSONValue?, id: RequestID? = nil) throws(Failure)
        -> RequestID
    {
        let requestID = id ?? .integer(nextID)
        if case .integer(let n) = requestID, n >= nextID { nextID = n + 1 }
        var w = JSONByteWriter()
        w.writeRequest(id: requestID, method: method, params: params)
        try write(w.bytes)
        return requestID
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue?) throws(Failure) {
        var w = JSONByteWriter()
        w.writeNotification(method: method, params: params)
        try write(w.bytes)
    }

    /// Sends one of the protocol's client notifications.
    func notify(_ method: ClientNotificationMethod, _ params: JSONValue?) throws(Failure) {
        try notify(method.rawValue, params)
    }

    private func write(_ body: [UInt8]) throws(Failure) {
        guard !atEnd, FileDescriptor.writeAll(writeFD, FrameWriter.frame(body)) else {
            throw closedFailure()
        }
    }

    // MARK: Receiving

    /// Sends a request and waits for its response; notifications that arrive first go
    /// to `onNotification`, in order.
    /// - Parameter timeout: Seconds to wait (default: the connection's `--timeout`).
    /// - Returns: The result or the JSON-RPC error.
    /// - Throws: `Failure` (timeout, connection lost), `Interrupted`, or what
    ///   `onNotification` throws.
    func request(
        _ method: String, _ params: JSONValue?, id: RequestID? = nil, timeout: Double? = nil,
        onNotification: (Notification) throws -> Void = { _ in }
    ) throws -> Result<JSONValue, ResponseError> {
        let response = try requestMessage(
            method, params, id: id, timeout: timeout, onNotification: onNotification)
        return response.0.outcome
    }

    /// `request` for one of the protocol's methods.
    func request(
        _ method: RequestMethod, _ params: JSONValue?, timeout: Double? = nil,
        onNotification: (Notification) throws -> Void = { _ in }
    ) throws -> Result<JSONValue, ResponseError> {
        try request(method.rawValue, params, timeout: timeout, onNotification: onNotification)
    }

    /// `request`, also returning the whole response message.
    func requestMessage(
        _ method: String, _ params: JSONValue?, id: RequestID? = nil, timeout: Double? = nil,
        onNotification: (Notification) throws -> Void = { _ in }
    ) throws -> (ResponseMessage, JSONValue) {
        let requestID = try send(method, params, id: id)
        let limit = timeout ?? self.timeout
        let deadline = MonotonicClock.now + limit
        while true {
            switch try poll(until: deadline) {
            case .response(let response, let message):
                if response.id == requestID { return (response, message) }
            case .notification(let n):
                try onNotification(n)
            case .inputReady:
                break
            case .timeout:
                throw Failure(
                    "no response to \(method) within \(Format.seconds(limit)) s from \(peer)")
            }
        }
    }

    /// `request` for a call that must succeed: an error response becomes a `Failure`.
    func call(
        _ method: RequestMethod, _ params: JSONValue?,
        onNotification: (Notification) throws -> Void = { _ in }
    ) throws -> JSONValue {
        switch try request(method, params, onNotification: onNotification) {
        case .success(let result):
            return result
        case .failure(let error):
            throw Failure(
                "\(method) failed: \(error.message) (code \(error.code.rawValue))",
                details: [error.json.jsonText])
        }
    }

    /// Waits for the next message, until `deadline` (monotonic seconds; `nil`: no limit),
    /// also returning when `extra` (such as the keyboard) becomes readable.
    func poll(until deadline: Double?, watching extra: Int32? = nil) throws -> ClientEvent {
        while true {
            if !inbox.isEmpty { return inbox.removeFirst() }
            if atEnd { throw closedFailure() }
            if !ignoresSignals { try Signals.check() }
            var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
            if let extra { fds.append(pollfd(fd: extra, events: Int16(POLLIN), revents: 0)) }
            let n = Glibc.poll(&fds, nfds_t(fds.count), MonotonicClock.pollTimeout(until: deadline))
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure("poll failed: \(FileDescriptor.errorText)")
            }
            if n == 0 {
                if let deadline, MonotonicClock.now >= deadline { return .timeout }
                continue
            }
            if fds[0].revents != 0 { try readAvailable() }
            if !inbox.isEmpty { return inbox.removeFirst() }
            if fds.count > 1, fds[1].revents != 0 { return .inputReady }
        }
    }

    /// Reads what the daemon sent and queues the messages it completes.
    private func readAvailable() throws {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress!, $0.count) }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            atEnd = true
            return
        }
        if n == 0 {
            atEnd = true
            return
        }
        reader.append(buffer[0..<n])
        while let event = reader.next() {
            switch event {
            case .message(let body):
                try accept(body)
            case .error(let error):
                if error.isFatal {
                    atEnd = true
                    throw Failure("unreadable message from \(peer): \(error)")
                }
                Console.error("warning: skipped a malformed message from \(peer): \(error)")
            }
        }
    }

    private func accept(_ body: [UInt8]) throws {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            Console.error("warning: skipped a message that is not JSON from \(peer): \(error)")
            return
        }
        let messages: [JSONValue]
        if case .array(let batch) = json { messages = batch } else { messages = [json] }
        for value in messages {
            let message: Message
            do {
                message = try Message(json: value)
            } catch {
                Console.error("warning: skipped an invalid message from \(peer): \(error.reason)")
                continue
            }
            switch message {
            case .response(let r):
                inbox.append(.response(r, message: value))
            case .notification(let n):
                inbox.append(
                    .notification(Notification(method: n.method, params: n.params, message: value)))
            case .request(let r):
                // transitiond sends no requests; answer any so that it never waits.
                var w = JSONByteWriter()
                w.writeErrorResponse(id: r.id, error: .methodNotFound(r.method))
                _ = FileDescriptor.writeAll(writeFD, FrameWriter.frame(w.bytes))
            }
        }
    }

    private func closedFailure() -> Failure {
        var text = "\(peer) closed the connection"
        if let child, child.poll(), let code = child.exitCode { text += " (exit status \(code))" }
        return Failure(text)
    }

    // MARK: Closing

    /// Ends the session: `shutdown`, `exit`, then waits for a daemon we started (and
    /// terminates it if it does not exit). Safe to call more than once.
    /// - Returns: The daemon's exit code, when we started it.
    @discardableResult
    func close() -> Int32? {
        guard !isClosed else { return child?.exitCode }
        isClosed = true
        ignoresSignals = true
        if !atEnd {
            _ = try? request(.shutdown, nil, timeout: Swift.min(timeout, 5))
            _ = try? notify(.exit, nil)
        }
        if let child {
            return child.reap(timeout: 3)
        }
        Glibc.close(readFD)
        return nil
    }

    deinit {
        close()
    }
}
