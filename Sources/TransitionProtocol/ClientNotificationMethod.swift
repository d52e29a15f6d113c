/// The notifications a client sends (each has a `<method>.params.json` and no result
/// schema in `Protocol/schema`).
public enum ClientNotificationMethod: String, CaseIterable, Sendable {
    case cancelRequest = "$/cancelRequest"
    case exit
    case initialized
    case setTrace = "$/setTrace"
}
