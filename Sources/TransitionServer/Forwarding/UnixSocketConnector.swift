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

    /// Whether something accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        guard let fd = try? connect(path) else { return false }
        close(fd)
        return true
    }
}
