#if canImport(Glibc)
    import Glibc
#endif

/// Connects to a Unix stream socket with plain system calls (the forwarder needs no loop).
package enum UnixSocketConnector {
    /// `sun_path` holds 108 bytes with the terminating NUL.
    package static let maximumPathBytes = 107

    /// Why a connection failed.
    package struct Failure: Error, CustomStringConvertible {
        package var code: Int32
        package var description: String { String(cString: strerror(code)) }
    }

    /// A connected, blocking socket (close-on-exec) to `path`.
    package static func connect(_ path: String) throws(Failure) -> Int32 {
        guard path.utf8.count <= maximumPathBytes else {
            throw Failure(code: ENAMETOOLONG)
        }
        let fd = CloseOnExecSocket.unixStream()
        guard fd >= 0 else { throw Failure(code: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure(code: code)
        }
        return fd
    }

    /// Whether something accepts connections on `path` (a daemon there, busy or full, is
    /// alive: its socket is not to be taken over).
    package static func accepts(_ path: String) -> Bool {
        guard let fd = try? connect(path) else { return false }
        close(fd)
        return true
    }

    /// How a daemon took one probe request.
    package enum ProbeOutcome: Equatable {
        /// It replied (or kept the request past the wait: alive, but stopped or busy).
        case answered
        /// It accepted, then closed or reset the connection without a byte: a daemon at
        /// `--max-connections` turning us away, or a killed one's listener for a moment.
        case turnedAway
        /// Nothing accepts connections there.
        case refused
    }

    /// Whether the daemon on `path` still runs after it closed a connection.
    ///
    /// A connection alone proves nothing: a daemon being killed releases our connection
    /// to it before its listening socket, so for a moment a new connection still lands
    /// in the dying listener's backlog (and is then reset). So it must reply to a probe;
    /// when it turns the probe away it is asked again, and the dying one soon refuses
    /// connections, while a full one keeps taking and closing them (alive).
    package static func stillServes(_ path: String, attempts: Int = 20) -> Bool {
        for attempt in 0..<attempts {
            switch probe(path) {
            case .answered: return true
            case .refused: return false
            case .turnedAway: if attempt + 1 < attempts { usleep(50_000) }
            }
        }
        return true
    }

    /// Sends one request and waits up to `waitSeconds` for the first byte of a reply.
    package static func probe(_ path: String, waitSeconds: Int = 10) -> ProbeOutcome {
        guard let fd = try? connect(path) else { return .refused }
        defer { close(fd) }
        // Before `initialize` every request is answered with an error (Protocol 4.1).
        var limit = timeval(tv_sec: waitSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let body = #"{"jsonrpc":"2.0","id":0,"method":"$/probe"}"#
        let request = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        // A fresh socket's buffer takes the whole probe in one send.
        let sent = request.withUnsafeBytes {
            send(fd, $0.baseAddress, $0.count, NoSignalSend.flags)
        }
        guard sent == request.count else { return .turnedAway }
        _ = shutdown(fd, Int32(SHUT_WR))
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n == 1 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) { return .answered }
            return .turnedAway
        }
    }
}
