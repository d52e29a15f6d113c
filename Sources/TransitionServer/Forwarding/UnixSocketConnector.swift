import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// Connects to a Unix stream socket with plain system calls (the forwarder needs no loop).
enum UnixSocketConnector {
    /// Why a connection failed.
    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// A connected, blocking socket (close-on-exec) to `path`.
    static func connect(_ path: String) throws(Failure) -> Int32 {
        guard path.utf8.count <= UnixSocketListener.maximumPathBytes else {
            throw Failure(code: ENAMETOOLONG)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
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

    /// Whether a daemon answers on `path`: it replies to a request.
    ///
    /// A connection alone proves nothing: a daemon being killed releases our connection
    /// to it before its listening socket, so for a moment a new connection still lands
    /// in the dying listener's backlog. That one is reset instead of answered.
    static func answers(_ path: String) -> Bool {
        guard let fd = try? connect(path) else { return false }
        defer { close(fd) }
        // Before `initialize` every request is answered with an error (Protocol 4.1);
        // a daemon that does not answer in 10 s counts as gone.
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let probe = FrameWriter.frame(#"{"jsonrpc":"2.0","id":0,"method":"$/probe"}"#)
        // A fresh socket's buffer takes the whole probe in one send.
        let sent = probe.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == probe.count else { return false }
        _ = shutdown(fd, Int32(SHUT_WR))
        var byte: UInt8 = 0
        while true {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            return n == 1
        }
    }
}
