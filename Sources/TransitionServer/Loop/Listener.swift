import CLibUV

#if canImport(Glibc)
    import Glibc
#endif

/// Why a Unix socket could not be served.
enum ListenError: Error, CustomStringConvertible {
    case pathTooLong(path: String, bytes: Int, limit: Int)
    case daemonAlive(path: String)
    case notASocket(path: String)
    case failed(path: String, step: String, reason: String)

    var description: String {
        switch self {
        case .pathTooLong(let path, let bytes, let limit):
            return "socket path '\(path)' is \(bytes) bytes; the limit is \(limit) (sun_path)"
        case .daemonAlive(let path):
            return "a daemon is already serving '\(path)'; stop it or choose another path"
        case .notASocket(let path):
            return "'\(path)' exists and is not a socket; not replacing it"
        case .failed(let path, let step, let reason):
            return "cannot \(step) '\(path)': \(reason)"
        }
    }
}

/// A Unix-socket server: binds the path 0600 (replacing a stale socket, refusing a live
/// one), accepts clients as `Stream`s, and unlinks the path when closed.
final class Listener {
    /// sun_path holds 108 bytes with the terminating NUL.
    static let maximumPathBytes = 107

    let path: String
    private let handle: UnsafeMutablePointer<uv_pipe_t>
    private let loop: EventLoop
    var onConnection: ((Stream) -> Void)?
    private var isClosed = false

    /// - Parameter backlog: connections the kernel queues before they are accepted;
    ///   at least as many as may connect at once, so a burst is not refused while the
    ///   loop is busy.
    init(loop: EventLoop, path: String, backlog: Int = 128) throws(ListenError) {
        let bytes = path.utf8.count
        guard bytes <= Listener.maximumPathBytes, bytes > 0 else {
            throw .pathTooLong(path: path, bytes: bytes, limit: Listener.maximumPathBytes)
        }
        try Listener.clearStale(path)
        self.loop = loop
        self.path = path
        handle = .allocate(capacity: 1)
        uv_pipe_init(loop.raw, handle, 0)
        // Created 0600: only the owner may connect.
        let oldMask = umask(0o177)
        let bound = uv_pipe_bind(handle, path)
        umask(oldMask)
        if bound != 0 {
            uv_close(asHandle(handle)) { $0.map { UnsafeMutableRawPointer($0).deallocate() } }
            throw .failed(path: path, step: "bind", reason: UVError.describe(bound))
        }
        chmod(path, 0o600)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
        let listening = uv_listen(asStream(handle), Int32(clamping: Swift.max(backlog, 128))) { server, status in
            guard let server, let data = server.pointee.data, status == 0 else { return }
            Unmanaged<Listener>.fromOpaque(data).takeUnretainedValue().accept()
        }
        if listening != 0 {
            close()
            throw .failed(path: path, step: "listen on", reason: UVError.describe(listening))
        }
    }

    /// Removes a socket nobody answers on; refuses a live one, a symlink or a non-socket.
    private static func clearStale(_ path: String) throws(ListenError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there
        guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
        if probe(path) { throw .daemonAlive(path: path) }
        guard unlink(path) == 0 else {
            throw .failed(path: path, step: "remove the stale socket", reason: String(cString: strerror(errno)))
        }
    }

    /// Whether something accepts connections on `path`.
    static func probe(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) }
        }
        return result == 0
    }

    private func accept() {
        let client = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
        uv_pipe_init(loop.raw, client, 0)
        guard uv_accept(asStream(handle), asStream(client)) == 0 else {
            uv_close(asHandle(client)) { $0.map { UnsafeMutableRawPointer($0).deallocate() } }
            return
        }
        onConnection?(Stream(memory: UnsafeMutableRawPointer(client), kind: "unix"))
    }

    /// Stops listening and removes the socket file.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        onConnection = nil
        unlink(path)
        uv_close(asHandle(handle)) { h in
            guard let h else { return }
            if let data = h.pointee.data { Unmanaged<Listener>.fromOpaque(data).release() }
            UnsafeMutableRawPointer(h).deallocate()
        }
    }
}
