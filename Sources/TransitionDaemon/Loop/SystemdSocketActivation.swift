#if canImport(Glibc)
    import Glibc
#endif

/// The Linux `SocketActivation` (see `Platform.swift`): systemd's socket activation
/// (`LISTEN_PID`/`LISTEN_FDS`, as `sd_listen_fds` reads them), checked without
/// libsystemd: the listening socket systemd passed as fd 3.
enum SystemdSocketActivation {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: Int32 = 3

    /// Why a passed socket cannot be served.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The listening socket passed to this process, or nil when none was (the variables
    /// are absent, or name another process). The variables are removed either way, so
    /// children do not take them for their own.
    static func inheritedSocket() throws(Failure) -> Int32? {
        let pid = environment("LISTEN_PID")
        let count = environment("LISTEN_FDS")
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        guard let pid, let count, Int32(pid) == getpid() else { return nil }
        guard let n = Int(count), n >= 0 else {
            throw Failure(description: "LISTEN_FDS is '\(count)', not a number")
        }
        guard n > 0 else { return nil }
        guard n == 1 else {
            throw Failure(
                description: "systemd passed \(n) sockets (LISTEN_FDS); transitiond serves one")
        }
        let fd = firstDescriptor
        try checkListeningUnixStream(fd)
        // Not passed on to anything the daemon might start.
        let flags = fcntl(fd, F_GETFD)
        guard flags >= 0, fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0 else {
            throw Failure(
                description: "fd \(fd): cannot set FD_CLOEXEC: \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// The path `fd` is bound to, for logs.
    static func boundPath(_ fd: Int32) -> String {
        var address = sockaddr_un()
        var size = socklen_t(MemoryLayout<sockaddr_un>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        guard status == 0 else { return "fd \(fd)" }
        let path = withUnsafeBytes(of: &address.sun_path) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return path.isEmpty ? "fd \(fd)" : path
    }

    /// A Unix stream socket in the listening state, as the socket unit makes.
    private static func checkListeningUnixStream(_ fd: Int32) throws(Failure) {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, name, &value, &size) == 0 ? value : nil
        }
        guard let type = option(SO_TYPE) else {
            throw Failure(
                description:
                    "fd \(fd) from systemd is not a socket: \(String(cString: strerror(errno)))")
        }
        guard type == Int32(SOCK_STREAM.rawValue) else {
            throw Failure(
                description: "fd \(fd) from systemd is not a stream socket (ListenStream=)")
        }
        guard option(SO_ACCEPTCONN) == 1 else {
            throw Failure(
                description: "fd \(fd) from systemd is not listening (Accept=no is needed)")
        }
        var address = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        guard status == 0, Int32(address.ss_family) == AF_UNIX else {
            throw Failure(description: "fd \(fd) from systemd is not a Unix socket")
        }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
