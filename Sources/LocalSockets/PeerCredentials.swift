#if canImport(Glibc)
    import Glibc
#endif

/// Who is at the other end of a connected Unix socket (`SO_PEERCRED`); laid out as
/// Linux's `struct ucred`, which Glibc hides behind `_GNU_SOURCE`.
package struct PeerCredentials {
    package var pid: pid_t = 0
    package var uid: uid_t = 0
    package var gid: gid_t = 0

    /// The peer of socket `fd`, or nil when the kernel does not say.
    package static func of(_ fd: Int32) -> PeerCredentials? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return nil
        }
        return credentials
    }
}
