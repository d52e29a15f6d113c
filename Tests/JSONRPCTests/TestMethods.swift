import JSONRPC

/// The JSON-RPC 2.0 specification's example methods, plus a few for params errors.

/// A registry with the specification's methods.
func exampleRegistry(log: NotificationLog = NotificationLog()) -> MethodRegistry {
    var registry = MethodRegistry()
    registry.register(CreateSessionRequest.self) { request, _ in
        [
            "width": .double(request.viewport.width),
            "sections": .integer(Int64(request.sections.count)),
        ]
    }
    registry.register(FailingRequest.self) { _, _ throws(ResponseError) in
        throw ResponseError(
            code: .serverError(-32001), message: "no such session", data: ["session": "s9"])
    }
    registry.register(GetDataRequest.self) { _, _ in ["hello", 5] }
    registry.register(InitializedNotification.self) { _ in log.initialized += 1 }
    registry.register(SubtractRequest.self) { request, _ in request.minuend - request.subtrahend }
    registry.register(SumRequest.self) { request, _ in request.terms.reduce(0, +) }
    registry.register(UpdateNotification.self) { notification in
        log.updates.append(notification.values)
    }
    return registry
}

/// Bodies the dispatcher sends, parsed; fails the test on unparsable output.
func sentJSON(_ outgoing: [Outgoing]) -> [JSONValue] {
    outgoing.compactMap { action in
        guard case .send(let bytes) = action else { return nil }
        return try? JSONParser().parse(bytes)
    }
}

/// Whether the actions include an exit, and with which code.
func exitCode(_ outgoing: [Outgoing]) -> Int32? {
    for action in outgoing {
        if case .exit(let code) = action { return code }
    }
    return nil
}

/// A dispatcher that has completed `initialize`.
func initializedDispatcher(log: NotificationLog = NotificationLog(), cancellationMemory: Int = 1024)
    -> Dispatcher
{
    var dispatcher = Dispatcher(
        registry: exampleRegistry(log: log), cancellationMemory: cancellationMemory)
    _ = dispatcher.handle(
        body: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    return dispatcher
}

extension Dispatcher {
    /// Handles one body given as text; returns the parsed bodies sent.
    mutating func exchange(_ text: String) -> [JSONValue] {
        sentJSON(handle(body: Array(text.utf8)))
    }
}

/// `{"jsonrpc":"2.0","id":id,"result":result}`.
func resultResponse(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id, "result": result]
}

/// `{"jsonrpc":"2.0","id":id,"error":{…}}`.
func errorResponse(_ id: JSONValue, _ code: Int64, _ message: String, data: JSONValue? = nil)
    -> JSONValue
{
    var error: JSONObject = ["code": .integer(code), "message": .string(message)]
    if let data { error["data"] = data }
    return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
}

/// The -32600 response for an invalid message.
func invalidRequest(_ id: JSONValue, _ reason: String) -> JSONValue {
    errorResponse(id, -32600, "Invalid request: \(reason)")
}

/// The -32601 response for an unknown method.
func methodNotFound(_ id: JSONValue, _ method: String) -> JSONValue {
    errorResponse(id, -32601, "Method not found: \(method)", data: ["method": .string(method)])
}
