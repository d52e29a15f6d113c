/// Typed handlers keyed by method name.
///
/// Register each method once, in one alphabetical list:
///
/// ```swift
/// var registry = MethodRegistry()
/// registry.register(InitializeRequest.self) { request, _ in InitializeResult(capabilities: [:]) }
/// registry.register(ScrollRequest.self) { request, context throws(ResponseError) in
///     try server.scroll(request)
/// }
/// ```
///
/// Registering a method again replaces its handler. The lifecycle methods
/// (`initialize`, `shutdown`, `exit`, `$/cancelRequest`) are enforced by the
/// `Dispatcher`; handlers registered for `initialize` and `shutdown` supply their
/// results, `exit` and `$/cancelRequest` handlers are never called.
public struct MethodRegistry {
    /// A request handler with its params and result types erased: it writes the whole
    /// response into the writer and returns nil, or returns the error to answer with,
    /// having written nothing. Each result is written by its own type's code, with no
    /// `any JSONEncodable` in between (Embedded Swift has no such existentials).
    typealias ErasedRequestHandler = (JSONCursor, RequestContext, inout JSONByteWriter) ->
        ResponseError?
    /// A notification handler with its params type erased; it learns its connection
    /// and may add messages to send on it.
    typealias ErasedNotificationHandler = (JSONCursor, Int, inout [Outgoing]) ->
        JSONDecodingError?

    /// A request handler in a struct of its own: an array of the bare function type would
    /// make the runtime build that type, with its `Result`, before the first reply.
    struct RequestHandler {
        let call: ErasedRequestHandler
    }

    /// A notification handler in a struct of its own (see `RequestHandler`).
    struct NotificationHandler {
        let call: ErasedNotificationHandler
    }

    var requests: HandlerList<RequestHandler>
    var notifications = HandlerList<NotificationHandler>()

    /// Creates an empty registry with room for `capacity` request methods (the daemon
    /// makes its one before the first reply: growing the table step by step was a tenth
    /// of the time to that reply).
    public init(capacity: Int = 0) {
        requests = HandlerList(capacity: capacity)
    }

    /// The handler for a request method, if one was registered.
    func requestHandler(for method: String) -> ErasedRequestHandler? { requests[method]?.call }

    /// The handler for a notification method, if one was registered.
    func notificationHandler(for method: String) -> ErasedNotificationHandler? {
        notifications[method]?.call
    }

    /// Registers the handler for a request type.
    /// - Parameter handler: Called with the decoded params; returns the result or
    ///   throws a `ResponseError`. Params that do not decode are answered with
    ///   -32602 naming the field, without calling the handler; so are params with a
    ///   member the type never read, when the dispatcher checks members.
    public mutating func register<Request: RequestType>(
        _ type: Request.Type,
        handler: @escaping (Request, RequestContext) throws(ResponseError) -> Request.Response
    ) {
        insert(Request.method) { params, context, writer in
            Self.invoke(handler, params: params, context: context, writer: &writer)
        }
    }

    /// The table's one insert, not generic: each specialization of `register` would
    /// otherwise look up the table's type metadata (by demangling its name) for itself,
    /// a sixth of the daemon's time to its first reply.
    @inline(never)
    mutating func insert(_ method: String, _ handler: @escaping ErasedRequestHandler) {
        requests.insert(method, RequestHandler(call: handler))
    }

    /// Decodes the params, calls a typed request handler and writes its response.
    /// - Returns: the error to answer with instead (nothing written).
    static func invoke<Request: RequestType>(
        _ handler: (Request, RequestContext) throws(ResponseError) -> Request.Response,
        params: JSONCursor, context: RequestContext, writer: inout JSONByteWriter
    ) -> ResponseError? {
        let request: Request
        do throws(JSONDecodingError) {
            request = try Request(json: params)
        } catch {
            return .invalidParams(params.misspelling(behind: error) ?? error)
        }
        if let unknown = params.unknownMember() { return .invalidParams(unknown) }
        let result: Request.Response
        do throws(ResponseError) {
            result = try handler(request, context)
        } catch {
            return error
        }
        writer.writeResponse(id: context.id, result: result)
        return nil
    }

    /// Registers the handler for a notification type. Params that do not decode are
    /// dropped (notifications are never answered) and reported as a diagnostic.
    public mutating func register<Notification: NotificationType>(
        _ type: Notification.Type, handler: @escaping (Notification) -> Void
    ) {
        insert(Notification.method) { params, _, _ in
            Self.invoke(handler, params: params)
        }
    }

    /// Registers a handler for a notification that answers with messages of its own,
    /// sent on the connection it came from, in order, before anything it caused later
    /// (a language server's `textDocument/publishDiagnostics` after `didChange`).
    /// - Parameter handler: Called with the params and the connection's tag; returns the
    ///   bodies of the messages to send.
    public mutating func register(
        notification method: String, handler: @escaping (JSONCursor, Int) -> [[UInt8]]
    ) {
        insert(method) { params, connection, outgoing in
            for body in handler(params, connection) { outgoing.append(.send(body)) }
            return nil
        }
    }

    /// Answers a request in the process, as a connection's dispatcher would after
    /// `initialize` (params decoded and unknown members refused the same way), so that a
    /// handler can build on other methods.
    /// - Returns: The response's body; -32601 for a method without a handler.
    public func respond(method: String, params: JSONValue?, context: RequestContext) -> [UInt8] {
        var writer = JSONByteWriter()
        guard let handler = requestHandler(for: method) else {
            writer.writeErrorResponse(id: context.id, error: .methodNotFound(method))
            return writer.bytes
        }
        if let error = handler(JSONCursor(params, checkingMembers: true), context, &writer) {
            writer.writeErrorResponse(id: context.id, error: error)
        }
        return writer.bytes
    }

    @inline(never)
    mutating func insert(_ method: String, _ handler: @escaping ErasedNotificationHandler) {
        notifications.insert(method, NotificationHandler(call: handler))
    }

    /// Decodes the params and calls a typed notification handler.
    static func invoke<Notification: NotificationType>(
        _ handler: (Notification) -> Void, params: JSONCursor
    ) -> JSONDecodingError? {
        do throws(JSONDecodingError) {
            handler(try Notification(json: params))
            return nil
        } catch {
            return error
        }
    }

    /// The request methods with handlers, sorted.
    public var requestMethods: [String] { requests.names.sorted() }

    /// The notification methods with handlers, sorted.
    public var notificationMethods: [String] { notifications.names.sorted() }
}
