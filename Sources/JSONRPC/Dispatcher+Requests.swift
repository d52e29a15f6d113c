/// Answering requests under the LSP lifecycle rules.
extension Dispatcher {
    /// Answers one request, applying lifecycle and cancellation: writes the response
    /// into `writer`, or returns the error to answer with (having written nothing).
    mutating func answer(
        _ request: RequestMessage, cancelledLater: Bool, into writer: inout JSONByteWriter
    ) -> ResponseError? {
        let cancelledEarlier = cancellations.takeCancellation(of: request.id)
        let cancelled = cancelledEarlier || cancelledLater
        switch lifecycle {
        case .uninitialized:
            guard Self.method(request.method, is: InitializeRequest.method) else {
                return .serverNotInitialized()
            }
            if cancelled { return .requestCancelled() }
            return initialize(request, into: &writer)
        case .initialized:
            if cancelled { return .requestCancelled() }
            if Self.method(request.method, is: InitializeRequest.method) {
                return .invalidRequest("initialize may be sent only once")
            }
            if Self.method(request.method, is: ShutdownRequest.method) {
                let error = call(request, into: &writer, orAnswer: NullResult())
                if error == nil { lifecycle = .shutDown }
                return error
            }
            guard let handler = registry.requestHandler(for: request.method) else {
                writer.writeMethodNotFound(id: request.id, method: request.method)
                return nil
            }
            // The server's own methods; the LSP ones above take what LSP clients add.
            return call(
                handler, request, checkingMembers: unknownMembers == .refused, into: &writer)
        case .shutDown, .exited:
            return .invalidRequest("the server is shutting down; only exit is accepted")
        }
    }

    /// Whether `method` is `name`, a method name of lowercase ASCII letters: as `==`
    /// decides (canonical equivalence), but a method of another UTF-8 length is told
    /// apart without comparing strings. No other string is equivalent to such a name (the
    /// only characters that decompose to ASCII letters alone give `K`).
    static func method(_ method: String, is name: String) -> Bool {
        method.utf8.count == name.utf8.count && method == name
    }

    /// Runs `initialize`: the registered handler, or an empty capabilities result.
    mutating func initialize(_ request: RequestMessage, into writer: inout JSONByteWriter)
        -> ResponseError?
    {
        let params: InitializeRequest
        do throws(JSONDecodingError) {
            params = try InitializeRequest(json: JSONCursor(request.params))
        } catch {
            return .invalidParams(error)
        }
        if let error = call(request, into: &writer, orAnswer: InitializeResult()) { return error }
        lifecycle = .initialized
        trace = params.trace
        unknownMembers = params.unknownMembers
        return nil
    }

    /// Calls the registered handler for the request's method, which writes the
    /// response; with none registered, writes `fallback` as the result.
    /// - Returns: the error to answer with instead (nothing written).
    func call<Fallback: JSONEncodable>(
        _ request: RequestMessage, into writer: inout JSONByteWriter, orAnswer fallback: Fallback
    ) -> ResponseError? {
        guard let handler = registry.requestHandler(for: request.method) else {
            writer.writeResponse(id: request.id, result: fallback)
            return nil
        }
        return call(handler, request, checkingMembers: false, into: &writer)
    }

    /// Calls `handler` with the request: it writes the response, or returns the error
    /// to answer with.
    /// - Parameter checkingMembers: Whether a params member the handler's type never
    ///   reads is refused (-32602 naming it).
    func call(
        _ handler: MethodRegistry.ErasedRequestHandler, _ request: RequestMessage,
        checkingMembers: Bool, into writer: inout JSONByteWriter
    ) -> ResponseError? {
        handler(
            JSONCursor(request.params, checkingMembers: checkingMembers),
            RequestContext(id: request.id, method: request.method, connection: connection),
            &writer)
    }
}
