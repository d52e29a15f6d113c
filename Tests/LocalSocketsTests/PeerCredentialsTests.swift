import Testing

@testable import LocalSockets

#if canImport(Glibc)
    import Glibc
#endif

/// Both ways of asking who is at the other end of a Unix socket name this process's
/// user and group; only `SO_PEERCRED` names its pid.
@Suite struct PeerCredentialsTests {
    @Test func bothQueriesNameThisUser() throws {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { for fd in fds { close(fd) } }
        let portable = try #require(GetPeerEIDQuery.credentials(of: fds[0]))
        #expect(portable.uid == geteuid() && portable.gid == getegid() && portable.pid == nil)
        #if os(Linux)
            let linux = try #require(SOPeerCredQuery.credentials(of: fds[0]))
            #expect(linux.uid == geteuid() && linux.gid == getegid() && linux.pid == getpid())
        #endif
    }

    @Test func bothSocketCallsCloseOnExec() throws {
        var made = [FcntlCloseOnExecSocket.unixStream()]
        #if os(Linux)
            made.append(AtomicCloseOnExecSocket.unixStream())
        #endif
        for fd in made {
            try #require(fd >= 0)
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
            close(fd)
        }
    }

    @Test func aNotSocketHasNoPeer() {
        #expect(GetPeerEIDQuery.credentials(of: -1) == nil)
    }
}
