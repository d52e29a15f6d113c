/// A notification a session sends on its own, described once for the daemon that writes
/// it and the clients that read it.
public protocol SessionNotificationType {
    /// The JSON-RPC method name.
    static var method: DaemonNotificationMethod { get }
}
