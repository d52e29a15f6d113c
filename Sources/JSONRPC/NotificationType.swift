/// A notification the server handles: its method name and params.
public protocol NotificationType: JSONDecodable {
    /// The JSON-RPC method name, e.g. `initialized`.
    static var method: String { get }
}
