import JSONRPC

/// Every limit the service enforces, with its default and the range the command line
/// accepts: `DaemonOptions`, `--help`, the man page, the session host, the connections
/// and `initialize`'s capabilities all read them from here.
public struct ServiceLimits: Sendable, Equatable {
    /// Largest message body (`--max-message-bytes`).
    public var maxMessageBytes = FrameReader.defaultMaximumBodyLength
    /// Largest header section or HTTP request head (`--max-header-bytes`).
    public var maxHeaderBytes = FrameReader.defaultMaximumHeaderLength
    /// Deepest JSON nesting (`--max-depth`).
    public var maxDepth = JSONParser.defaultMaximumDepth
    /// Messages in one JSON-RPC batch (`--max-batch`).
    public var maxBatch = Dispatcher.defaultMaximumBatchLength
    /// Sessions one connection may own (`--max-sessions`).
    public var maxSessionsPerConnection = 64
    /// Items in one session (`--max-items`).
    public var maxItemsPerSession = 10_000_000
    /// Concurrent Unix-socket clients (`--max-connections`).
    public var maxConnections = 256
    /// Concurrent TCP clients of `--ws` (`--max-web-connections`): a budget of their own,
    /// so a flood of TCP connections never takes the Unix socket's places.
    public var maxWebConnections = 64
    /// Unsent bytes after which a connection is closed (`--max-backlog-bytes`).
    public var maxBacklogBytes = 64 << 20
    /// Ticks a second of a realtime session.
    public var maxFPS = 240
    /// Attributes in one response (layout/attributes, transition/sample, export).
    public var maxAttributesPerResponse = 100_000
    /// Attributes in one tick; a tick cut there says `"truncated": true`.
    public var maxAttributesPerTick = 10_000

    public init() {}
}
