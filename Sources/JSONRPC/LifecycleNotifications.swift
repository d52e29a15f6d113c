/// LSP `initialized`: the client got the `initialize` result.
public struct InitializedNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "initialized"

    /// Creates the notification.
    public init() {}

    /// Params are ignored.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}

/// LSP `exit`: end the process (code 0 after `shutdown`, else 1). Handled by the
/// `Dispatcher` itself.
public struct ExitNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "exit"

    /// Creates the notification.
    public init() {}

    /// Params are ignored.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}

/// LSP `$/cancelRequest {id}`. Handled by the `Dispatcher` itself.
public struct CancelRequestNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "$/cancelRequest"

    /// The id of the request to cancel.
    public var id: RequestID

    /// Creates the notification for `id`.
    public init(id: RequestID) {
        self.id = id
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        id = try json["id"].decode()
    }
}

/// LSP `$/setTrace {value}`. The `Dispatcher` records the value (see
/// `Dispatcher.trace`) and then calls a registered handler, if any.
public struct SetTraceNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "$/setTrace"

    /// The new trace setting.
    public var value: TraceValue

    /// Creates the notification for `value`.
    public init(value: TraceValue) {
        self.value = value
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        value = try json["value"].decode()
    }
}

/// The LSP trace setting: `off`, `messages` or `verbose`.
public enum TraceValue: String, Equatable, Sendable, JSONDecodable, JSONEncodable {
    case off
    case messages
    case verbose

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let text = try json.decode(String.self)
        guard let value = TraceValue(rawValue: text) else {
            throw json.invalid("\"off\", \"messages\" or \"verbose\"")
        }
        self = value
    }

    public func encode(to writer: inout JSONByteWriter) {
        writer.write(rawValue)
    }
}

/// The LSP `window/logMessage` severity.
public enum MessageType: Int, Equatable, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}
