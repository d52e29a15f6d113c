/// LSP `initialize`: the first request of a connection.
///
/// Only the members the daemon uses are decoded; the rest of the params stay
/// available in `capabilities` and `initializationOptions` as raw JSON.
public struct InitializeRequest: RequestType, Equatable, Sendable {
    public typealias Response = InitializeResult
    /// The method name.
    public static let method = "initialize"

    /// The client's process id, to exit when it dies (`null` when not given).
    public var processId: Int64?
    /// `clientInfo.name`.
    public var clientName: String?
    /// `clientInfo.version`.
    public var clientVersion: String?
    /// The initial trace setting (default `off`).
    public var trace: TraceValue
    /// The client's capabilities, as sent.
    public var capabilities: JSONValue?
    /// `initializationOptions`, as sent.
    public var initializationOptions: JSONValue?
    /// `initializationOptions.unknownMembers`: `"refuse"` (the default) or `"ignore"`,
    /// what the connection does with a params member a method does not know.
    public var unknownMembers: UnknownMembers

    /// Creates the params (for tests and clients).
    public init(
        processId: Int64? = nil, clientName: String? = nil, clientVersion: String? = nil,
        trace: TraceValue = .off, capabilities: JSONValue? = nil,
        initializationOptions: JSONValue? = nil, unknownMembers: UnknownMembers = .refused
    ) {
        self.processId = processId
        self.clientName = clientName
        self.clientVersion = clientVersion
        self.trace = trace
        self.capabilities = capabilities
        self.initializationOptions = initializationOptions
        self.unknownMembers = unknownMembers
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        processId = try json["processId"].decodeIfPresent()
        clientName = try json["clientInfo"]["name"].decodeIfPresent()
        clientVersion = try json["clientInfo"]["version"].decodeIfPresent()
        trace = try json["trace"].decode(default: .off)
        capabilities = json["capabilities"].value
        initializationOptions = json["initializationOptions"].value
        unknownMembers = .refused
        // Options of other kinds (an editor's own) are its business, not ours.
        if case .object? = initializationOptions {
            let option = json["initializationOptions"]["unknownMembers"]
            if option.isPresent {
                let name: String = try option.decode()
                guard let policy = UnknownMembers(rawValue: name) else {
                    throw JSONDecodingError(
                        path: option.pathSteps, expected: "one of refuse, ignore",
                        found: "\"\(name)\"")
                }
                unknownMembers = policy
            }
        }
    }
}
