import JSONRPC
import TransitionProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// How to reach transitiond.
struct ConnectionOptions {
    /// `--daemon`: the executable to start.
    var daemonPath: String?
    /// `--socket`: connect to a daemon serving this Unix socket instead.
    var socketPath: String?
    /// `--timeout`: the longest wait for a response, in seconds.
    var timeout: Double = 30
    /// The daemon's log level when started by us (its standard error is ours).
    var daemonLogLevel = "warning"
    /// `--shared`: start `transitiond --remote=auto`, a forwarder to the per-user shared
    /// daemon (started when none runs), instead of a daemon of our own.
    var shared = false

    /// What `--daemon-log-level` takes.
    static let daemonLogLevels = ["error", "warning", "info", "debug"]
}
