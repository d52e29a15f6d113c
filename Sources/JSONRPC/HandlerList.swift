/// Handlers of one kind (requests or notifications) by method name: a `MethodIndex`
/// and the handlers at its positions.
struct HandlerList<Handler> {
    private var index: MethodIndex
    private var handlers: [Handler] = []

    init(capacity: Int = 0) {
        index = MethodIndex(capacity: capacity)
        handlers.reserveCapacity(capacity)
    }

    /// The method names, in the order they were first registered.
    var names: [String] { index.names }

    subscript(method: String) -> Handler? {
        index.position(of: method).map { handlers[$0] }
    }

    /// Registers `handler` for `method`, replacing an earlier one.
    mutating func insert(_ method: String, _ handler: Handler) {
        let position = index.insert(method)
        if position < handlers.count {
            handlers[position] = handler
        } else {
            handlers.append(handler)
        }
    }
}
