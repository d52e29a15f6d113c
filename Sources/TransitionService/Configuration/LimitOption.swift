/// One `--max-*` option of the daemon: its flag, what its help says, the values it
/// takes, and the limit of `ServiceLimits` it sets. The command line's parser and its
/// help (and so the man page and completions) read `ServiceLimits.options`.
public struct LimitOption: Sendable {
    /// The flag without its dashes, e.g. `max-message-bytes`.
    public let name: String
    /// The help's words before the default, e.g. "Largest message body accepted".
    public let summary: String
    public let range: ClosedRange<Int>
    private let read: @Sendable (ServiceLimits) -> Int
    private let write: @Sendable (inout ServiceLimits, Int) -> Void

    init(
        _ name: String, _ summary: String, _ range: ClosedRange<Int>,
        read: @escaping @Sendable (ServiceLimits) -> Int,
        write: @escaping @Sendable (inout ServiceLimits, Int) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.range = range
        self.read = read
        self.write = write
    }

    /// The flag as typed, e.g. `--max-message-bytes`.
    public var flag: String { "--" + name }

    /// The limit's value in `limits`.
    public func value(in limits: ServiceLimits) -> Int { read(limits) }

    /// Sets the limit to `value` (within `range`).
    public func set(_ value: Int, in limits: inout ServiceLimits) { write(&limits, value) }
}

extension ServiceLimits {
    /// The `--max-*` options, in the order `--help` lists them.
    public static let options: [LimitOption] = [
        LimitOption(
            "max-message-bytes",
            "Largest message body accepted; a message is read whole, so a larger one keeps the other clients waiting longer",
            64...(1 << 30),
            read: { $0.maxMessageBytes }, write: { $0.maxMessageBytes = $1 }),
        LimitOption(
            "max-header-bytes", "Largest header section accepted", 64...(1 << 20),
            read: { $0.maxHeaderBytes }, write: { $0.maxHeaderBytes = $1 }),
        LimitOption(
            "max-depth", "Deepest JSON nesting accepted", 2...10_000,
            read: { $0.maxDepth }, write: { $0.maxDepth = $1 }),
        LimitOption(
            "max-batch",
            "Messages in one JSON-RPC batch, handled one at a time in turns with the other clients",
            1...1_000_000,
            read: { $0.maxBatch }, write: { $0.maxBatch = $1 }),
        LimitOption(
            "max-sessions", "Sessions per connection", 1...100_000,
            read: { $0.maxSessionsPerConnection }, write: { $0.maxSessionsPerConnection = $1 }),
        LimitOption(
            "max-items",
            "Items per session; one request is handled whole: at the defaults it keeps the other clients waiting under 100 ms, and raising this lets a request on a large session keep them waiting longer",
            1...100_000_000,
            read: { $0.maxItemsPerSession }, write: { $0.maxItemsPerSession = $1 }),
        LimitOption(
            "max-connections", "Concurrent Unix-socket clients", 1...100_000,
            read: { $0.maxConnections }, write: { $0.maxConnections = $1 }),
        LimitOption(
            "max-web-connections",
            "Concurrent TCP clients of --ws, a budget apart from the Unix socket's; when it is full, the oldest client that has not shown the token is dropped for a new one",
            1...100_000,
            read: { $0.maxWebConnections }, write: { $0.maxWebConnections = $1 }),
        LimitOption(
            "max-backlog-bytes", "Unsent bytes after which a client is disconnected",
            // 16 GiB, or as much as an `Int` holds where it is 32 bits wide (WebAssembly).
            (64 << 10)...Int(truncatingIfNeeded: Swift.min(Int64(1) << 34, Int64(Int.max))),
            read: { $0.maxBacklogBytes }, write: { $0.maxBacklogBytes = $1 }),
    ]

    /// The option named `flag` (with its dashes), if it is a limit.
    public static func option(_ flag: String) -> LimitOption? {
        options.first { $0.flag == flag }
    }
}
