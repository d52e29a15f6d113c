/// The LSP `window/logMessage` severity.
public enum MessageType: Int, Equatable, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}
