#if canImport(Glibc)
    import Glibc
#endif

/// Who is at the other end of a connected Unix socket, as far as the system says
/// (`PeerCredentialsQuery` in `Platform.swift` asks it).
package struct PeerCredentials {
    /// The peer's process id, where the system names it (`SO_PEERCRED`; not `getpeereid`).
    package var pid: pid_t?
    package var uid: uid_t
    package var gid: gid_t

    /// The peer of socket `fd`, or nil when the kernel does not say.
    package static func of(_ fd: Int32) -> PeerCredentials? {
        PeerCredentialsQuery.credentials(of: fd)
    }
}
