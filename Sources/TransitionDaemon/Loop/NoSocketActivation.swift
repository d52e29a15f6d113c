#if canImport(Glibc)
    import Glibc
#endif

/// The portable `SocketActivation` (see `Platform.swift`): none. systemd is Linux's;
/// a build for another system serves only sockets it binds. When the variables name
/// this process anyway, the daemon says so and refuses to start rather than bind a path
/// that a socket it was given may be listening on.
enum NoSocketActivation {
    /// Why activation cannot be served.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Always nil, or a failure when `LISTEN_PID` names this process. The variables are
    /// removed either way, as the Linux build does, so children do not take them.
    static func inheritedSocket() throws(Failure) -> Int32? {
        let pid = getenv("LISTEN_PID").map { String(cString: $0) }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        guard let pid, Int32(pid) == getpid() else { return nil }
        throw Failure(
            description:
                "socket activation (LISTEN_PID, LISTEN_FDS) is not supported in this build; give --listen a path"
        )
    }

    /// Never asked: no socket is ever inherited.
    static func boundPath(_ fd: Int32) -> String { "fd \(fd)" }
}
