/// Answering requests under the LSP lifecycle rules.
extension Dispatcher {
    /// The result or error for one request, applying lifecycle and cancellation.
    mutating func answer(_ request: RequestMessage, cancelledLater: Bool) -> Result<
        any JSONEncodable, ResponseError
    > {
        let cancelledEarlier = cancellations.takeCancellation(of: request.id)
        let cancelled = cancelledEarlier || cancelledLater
        switch lifecycle {
        case .uninitialized:
            guard request.method == InitializeRequest.method else {
                return .failure(.serverNotInitialized())
            }
            if cancelled { return .failure(.requestCancelled()) }
            return initialize(request)
        case .initialized:
            if cancelled { return .failure(.requestCancelled()) }
            switch request.method {
            case InitializeRequest.method:
                return .failure(.invalidRequest("initialize may be sent only once"))
            case ShutdownRequest.method:
                let result = call(request) ?? .success(NullResult())
                if case .success = result { lifecycle = .shutDown }
                return result
            default:
                return call(request) ?? .failure(.methodNotFound(request.method))
            }
        case .shutDown, .exited:
            return .failure(.invalidRequest("the server is shutting down; only exit is accepted"))
        }
    }

    /// Runs `initialize`: the registered handler, or an empty capabilities result.
    mutating func initialize(_ request: RequestMessage) -> Result<any JSONEncodable, ResponseError>
    {
        let params: InitializeRequest
        do throws(JSONDecodingError) {
            params = try InitializeRequest(json: JSONCursor(request.params))
        } catch {
            return .failure(.invalidParams(error))
        }
        // Taken apart and made again rather than copied: a copy of the whole `Result`
        // needs its type built at run time, before the first reply.
        switch call(request) {
        case .some(.failure(let error)):
            return .failure(error)
        case .some(.success(let result)):
            lifecycle = .initialized
            trace = params.trace
            return .success(result)
        case nil:
            lifecycle = .initialized
            trace = params.trace
            return .success(InitializeResult())
        }
    }

    /// Calls the registered handler for the request's method, if there is one.
    func call(_ request: RequestMessage) -> Result<any JSONEncodable, ResponseError>? {
        guard let handler = registry.requestHandler(for: request.method) else { return nil }
        return handler(
            JSONCursor(request.params),
            RequestContext(id: request.id, method: request.method, connection: connection))
    }
}
