#if canImport(Glibc)
    import Glibc
#endif

#if os(Linux)
    /// The Linux `PeerCredentialsQuery`: `SO_PEERCRED`, which also names the peer's pid.
    enum SOPeerCredQuery {
        /// Linux's `struct ucred`, which Glibc hides behind `_GNU_SOURCE`.
        private struct UCred {
            var pid: pid_t = 0
            var uid: uid_t = 0
            var gid: gid_t = 0
        }

        static func credentials(of fd: Int32) -> PeerCredentials? {
            var credentials = UCred()
            var length = socklen_t(MemoryLayout<UCred>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
                return nil
            }
            return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
        }
    }
#endif

/// The portable `PeerCredentialsQuery`: `getpeereid`, as the BSDs and macOS have it; the
/// user and group, no pid.
enum GetPeerEIDQuery {
    static func credentials(of fd: Int32) -> PeerCredentials? {
        var uid = uid_t()
        var gid = gid_t()
        guard getpeereid(fd, &uid, &gid) == 0 else { return nil }
        return PeerCredentials(pid: nil, uid: uid, gid: gid)
    }
}

#if os(Linux)
    /// glibc has no `getpeereid`: on Linux the portable build calls this stand-in, written
    /// as musl's (`SO_PEERCRED`), so that the code a BSD or macOS build runs is exercised
    /// here down to the call.
    private func getpeereid(_ fd: Int32, _ uid: inout uid_t, _ gid: inout gid_t) -> Int32 {
        guard let credentials = SOPeerCredQuery.credentials(of: fd) else { return -1 }
        (uid, gid) = (credentials.uid, credentials.gid)
        return 0
    }
#endif
