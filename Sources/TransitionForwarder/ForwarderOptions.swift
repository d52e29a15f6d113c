/// How `transitiond --remote` is run: where it forwards to, and how it starts the
/// shared daemon when none answers.
public struct ForwarderOptions: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        /// The per-user daemon at the default socket path, started when none answers.
        case auto
        /// A daemon already serving this socket.
        case socket(path: String)
    }

    public var target: Target
    /// The `--listen-timeout` of a daemon the forwarder starts: a shared daemon goes
    /// away a minute after its last client.
    public var listenTimeoutMilliseconds: UInt64 = 60_000
    /// The `--log-level` of a daemon the forwarder starts.
    /// The daemon's `--log-level`, when the forwarder starts one.
    public var logLevel = "warning"

    public init(target: Target) {
        self.target = target
    }
}
