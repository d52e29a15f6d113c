import JSONRPC

/// Every limit the service enforces, with its default and the range the command line
/// accepts: `DaemonOptions`, `--help`, the man page, the session host, the connections
/// and `initialize`'s capabilities all read them from here.
public struct ServiceLimits: Sendable, Equatable {
    /// Largest message body (`--max-message-bytes`). A message is read whole, so the
    /// default keeps reading one (and handling the request it holds) under 100 ms for the
    /// other clients (Protocol 2.4); a daemon for larger messages raises it.
    public var maxMessageBytes = 1 << 20
    /// Largest header section or HTTP request head (`--max-header-bytes`).
    public var maxHeaderBytes = FrameReader.defaultMaximumHeaderLength
    /// Deepest JSON nesting (`--max-depth`).
    public var maxDepth = JSONParser.defaultMaximumDepth
    /// Messages in one JSON-RPC batch (`--max-batch`).
    public var maxBatch = Dispatcher.defaultMaximumBatchLength
    /// Sessions one connection may own (`--max-sessions`).
    public var maxSessionsPerConnection = 64
    /// Items in one session (`--max-items`). One request is handled whole, so the default
    /// keeps the largest (a `session/create` with ids and sizes, a `transition/start` to
    /// new items) under 100 ms for the other clients (Protocol 2.4); a daemon for larger
    /// sessions raises it, and other clients then wait longer.
    public var maxItemsPerSession = 10_000
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
