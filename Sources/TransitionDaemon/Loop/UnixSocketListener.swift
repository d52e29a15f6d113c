import CLibUV
import LocalSockets
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix-socket server: binds the path 0600 (replacing a stale socket, refusing a live
/// one), accepts clients as `Stream`s, and unlinks the path when closed. Or it serves a
/// socket systemd passed (socket activation), whose file it never touches.
final class UnixSocketListener: ClientListener {
    static let maximumPathBytes = UnixSocketConnector.maximumPathBytes

    let path: String
    var address: String { path }
    var namesPeerUser: Bool { true }
    var connectionKind: ConnectionKind { .unixSocket }
    private var handle: LoopHandle<uv_pipe_t>!
    private let loop: EventLoop
    /// Whether the socket file is this listener's to remove (not systemd's).
    private let ownsPath: Bool
    /// Held while the path is this listener's (`SocketPathLock`).
    private var lock: SocketPathLock?
    var onConnection: ((Stream) -> Void)?

    /// - Parameter backlog: connections the kernel queues before they are accepted;
    ///   at least as many as may connect at once, so a burst is not refused while the
    ///   loop is busy.
    init(loop: EventLoop, path: String, backlog: Int = 128) throws(ListenError) {
        let bytes = path.utf8.count
        guard bytes <= UnixSocketListener.maximumPathBytes, bytes > 0 else {
            throw .pathTooLong(path: path, bytes: bytes, limit: UnixSocketListener.maximumPathBytes)
        }
        let lock = try SocketPathLock.acquire(for: path)
        try UnixSocketListener.clearStale(path)
        self.loop = loop
        self.path = path
        ownsPath = true
        self.lock = lock
        try openHandle()
        // Created 0600: only the owner may connect.
        let oldMask = umask(0o177)
        let bound = uv_pipe_bind(handle.raw, path)
        umask(oldMask)
        if bound != 0 {
            handle.close()
            throw .failed(path: path, step: "bind", reason: Self.describeBindFailure(bound, path))
        }
        chmod(path, 0o600)
        try startListening(backlog: backlog)
    }

    /// Serves the listening socket `fd` (from systemd, bound to `path`); closing stops
    /// accepting and leaves the file and its mode to systemd.
    init(loop: EventLoop, inheritedFD fd: Int32, path: String, backlog: Int = 128)
        throws(ListenError)
    {
        self.loop = loop
        self.path = path
        ownsPath = false
        try openHandle()
        let opened = uv_pipe_open(handle.raw, fd)
        if opened != 0 {
            handle.close()
            throw .failed(
                path: path, step: "open the inherited socket", reason: UVError.describe(opened))
        }
        try startListening(backlog: backlog)
    }

    private func openHandle() throws(ListenError) {
        do {
            handle = try LoopHandle(loop: loop, owner: self, "uv_pipe_init") { [loop] in
                uv_pipe_init(loop.raw, $0, 0)
            }
        } catch {
            throw .failed(path: path, step: "open a socket for", reason: error.description)
        }
    }

    private func startListening(backlog: Int) throws(ListenError) {
        let listening = uv_listen(asStream(handle.raw), Int32(clamping: Swift.max(backlog, 128))) {
            server, status in
            guard status == 0 else { return }
            LoopHandle.owner(
                of: server.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: uv_pipe_t.self)
                }, as: UnixSocketListener.self)?
                .accept()
        }
        if listening != 0 {
            close()
            throw .failed(path: path, step: "listen on", reason: UVError.describe(listening))
        }
    }

    /// libuv 1.44 reports a missing directory as EACCES (uv_pipe_bind maps ENOENT so);
    /// say what it is.
    private static func describeBindFailure(_ status: Int32, _ path: String) -> String {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var info = stat()
        if status == UV_EACCES.rawValue, !directory.isEmpty, stat(directory, &info) != 0,
            errno == ENOENT || errno == ENOTDIR
        {
            let code = errno == ENOENT ? "ENOENT" : "ENOTDIR"
            return "\(code): the directory '\(directory)' does not exist"
        }
        return UVError.describe(status)
    }

    /// Removes a socket nobody answers on; refuses a live one, a symlink or a non-socket.
    private static func clearStale(_ path: String) throws(ListenError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there
        guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
        if UnixSocketConnector.accepts(path) { throw .daemonAlive(path: path) }
        guard unlink(path) == 0 else {
            throw .failed(
                path: path, step: "remove the stale socket",
                reason: String(cString: strerror(errno)))
        }
    }

    private func accept() {
        let client = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
        guard uv_pipe_init(loop.raw, client, 0) == 0 else {
            client.deallocate()
            return
        }
        guard uv_accept(asStream(handle.raw), asStream(client)) == 0 else {
            uv_close(asHandle(client)) { $0.map { UnsafeMutableRawPointer($0).deallocate() } }
            return
        }
        onConnection?(Stream(loop: loop, memory: UnsafeMutableRawPointer(client), kind: "unix"))
    }

    /// Whether a connection waits in the kernel's queue: the listening socket is readable.
    var hasWaitingClient: Bool {
        var fd = uv_os_fd_t()
        guard handle.isOpen, uv_fileno(asHandle(handle.raw), &fd) == 0 else { return false }
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) == 1
    }

    /// Stops listening and removes the socket file it created.
    func close() {
        guard handle.isOpen else { return }
        onConnection = nil
        if ownsPath { unlink(path) }
        lock?.release()
        handle.close()
    }
}
