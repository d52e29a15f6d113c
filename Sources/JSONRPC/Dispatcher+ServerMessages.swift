/// Messages the server sends on its own initiative.
extension Dispatcher {
    /// A notification to send: `{"jsonrpc":"2.0","method":…,"params":…}`.
    public static func notification<Params: JSONEncodable>(method: String, params: Params)
        -> Outgoing
    {
        var writer = JSONByteWriter()
        writer.writeNotification(method: method, params: params)
        return .send(writer.bytes)
    }

    /// `window/logMessage {type, message}`.
    public static func logMessage(_ type: MessageType, _ message: String) -> Outgoing {
        notification(
            method: "window/logMessage",
            params: ["type": .integer(Int64(type.rawValue)), "message": .string(message)]
                as JSONValue)
    }

    /// `$/logTrace {message, verbose?}` when the trace setting allows it: `nil` when
    /// it is `off`; `verbose` is included only when it is `verbose`.
    public func logTrace(_ message: String, verbose: String? = nil) -> Outgoing? {
        guard trace != .off else { return nil }
        var params: JSONObject = ["message": .string(message)]
        if trace == .verbose, let verbose { params["verbose"] = .string(verbose) }
        return Self.notification(method: "$/logTrace", params: params)
    }
}
