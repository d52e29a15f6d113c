/// The result of `initialize`: the server's capabilities and identity.
public struct InitializeResult: JSONEncodable, Equatable, Sendable {
    /// The server's capabilities object.
    public var capabilities: JSONObject
    /// `serverInfo.name`, when given.
    public var serverName: String?
    /// `serverInfo.version`, when given.
    public var serverVersion: String?

    /// Creates a result.
    public init(
        capabilities: JSONObject = [:], serverName: String? = nil, serverVersion: String? = nil
    ) {
        self.capabilities = capabilities
        self.serverName = serverName
        self.serverVersion = serverVersion
    }

    public func encode(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.writeKey("capabilities")
        writer.write(.object(capabilities))
        if let serverName {
            writer.writeKey("serverInfo")
            writer.beginObject()
            writer.writeKey("name")
            writer.write(serverName)
            if let serverVersion {
                writer.writeKey("version")
                writer.write(serverVersion)
            }
            writer.endObject()
        }
        writer.endObject()
    }
}
