// The one place this module chooses, when it is compiled, between Linux's own calls and
// the portable fallbacks a macOS or BSD build compiles. `swift build -Xswiftc
// -DTRANSITIOND_PORTABLE` chooses the fallbacks on Linux too, so that they are built and
// tested here (Sources/TransitionDaemon/README.md, "Platforms").

#if os(Linux) && !TRANSITIOND_PORTABLE
    /// The peer's pid, user and group: `SO_PEERCRED`.
    typealias PeerCredentialsQuery = SOPeerCredQuery
    /// `SOCK_CLOEXEC`.
    package typealias CloseOnExecSocket = AtomicCloseOnExecSocket
    /// `MSG_NOSIGNAL`.
    package typealias NoSignalSend = MSGNoSignal
#else
    /// The peer's user and group: `getpeereid`.
    typealias PeerCredentialsQuery = GetPeerEIDQuery
    /// `socket`, then `FD_CLOEXEC`.
    package typealias CloseOnExecSocket = FcntlCloseOnExecSocket
    /// No flag: SIGPIPE is ignored.
    package typealias NoSignalSend = SIGPIPEIgnored
#endif
