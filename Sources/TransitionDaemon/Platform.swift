// The one place this module chooses, when it is compiled, between Linux's own calls and
// the portable fallbacks a macOS or BSD build compiles. `swift build -Xswiftc
// -DTRANSITIOND_PORTABLE` chooses the fallbacks on Linux too, so that they are built and
// tested here (README.md, "Platforms"). Each Linux implementation is compiled on Linux
// only; each fallback is compiled everywhere.

#if os(Linux) && !TRANSITIOND_PORTABLE
    /// The realtime ticks' timer: a timerfd, to the microsecond.
    typealias DeadlineTimer = TimerFDDeadlineTimer
    /// The listening socket systemd passed (`LISTEN_PID`, `LISTEN_FDS`).
    typealias SocketActivation = SystemdSocketActivation
    /// The log's own non-blocking description of standard error, through /proc.
    typealias DescriptorReopening = ProcSelfFDReopening
    /// glibc's `malloc_trim` after a large session or message.
    typealias FreedMemory = MallocTrim

    private let isPortable = false
#else
    /// The realtime ticks' timer: a libuv timer, the deadline rounded up to a millisecond.
    typealias DeadlineTimer = UVDeadlineTimer
    /// None: the daemon refuses to start when systemd's variables name it.
    typealias SocketActivation = NoSocketActivation
    /// None: the log polls standard error before each write instead.
    typealias DescriptorReopening = NoReopening
    /// Nothing to call.
    typealias FreedMemory = NoMallocTrim

    private let isPortable = true
#endif

/// Which of the two this build is.
public enum BuildPlatform {
    /// What `transitiond --version` says after its first line: nil for the Linux build;
    /// the end-to-end tests read it to skip what needs Linux's calls.
    public static let versionNote: String? =
        isPortable
        ? "portable build: libuv tick timer, getpeereid, no socket activation, no /proc" : nil
    /// Whether `--listen` without a path serves a socket systemd passed.
    public static let hasSocketActivation = !isPortable
}
