/// Recognising JSON-RPC 2.0 messages in parsed JSON.
extension Message {
    /// Classifies and checks one message object.
    ///
    /// - An object with `method` is a request when it has an `id` member (even
    ///   `"id": null`), else a notification. `method` must be a string; `params`,
    ///   when present, an object or an array (`null` is read as absent, as many LSP
    ///   clients send it).
    /// - An object with `result` or `error` (and no `method`) is a response; it
    ///   needs an `id` member and exactly one of the two.
    /// - `jsonrpc` must be exactly `"2.0"`; other members are ignored.
    ///
    /// - Throws: `InvalidMessage` carrying the message's id when it had a valid one
    ///   (so `{"id":1}` is answered with id 1), else id `null`.
    public init(json: JSONValue) throws(InvalidMessage) {
        guard case .object(let object) = json else {
            throw InvalidMessage(
                id: .null, reason: "expected a request object, found \(json.typeName)")
        }
        try self.init(envelope: MessageEnvelope(object))
    }

    /// Classifies and checks the members of one message object, by the rules of
    /// `init(json:)`.
    public init(envelope: consuming MessageEnvelope) throws(InvalidMessage) {
        // Members are taken out, not copied: the envelope is not used again.
        let idMember = envelope.id.take()
        var id = RequestID.null
        if let idMember {
            guard let valid = RequestID(json: idMember) else {
                throw InvalidMessage(id: .null, reason: "id must be a string, a number or null")
            }
            id = valid
        }
        guard envelope.jsonrpc == .string("2.0") else {
            throw InvalidMessage(id: id, reason: "jsonrpc must be \"2.0\"")
        }
        if let methodMember = envelope.method.take() {
            guard case .string(let method) = methodMember else {
                throw InvalidMessage(id: id, reason: "method must be a string")
            }
            var params = envelope.params.take()
            if let given = params {
                switch given {
                case .object, .array: break
                // Many LSP clients send `"params": null` for "no params": read it as absent.
                case .null: params = nil
                default:
                    throw InvalidMessage(
                        id: id, reason: "params must be an object, an array or null")
                }
            }
            if idMember != nil {
                self = .request(RequestMessage(id: id, method: method, params: params))
            } else {
                self = .notification(NotificationMessage(method: method, params: params))
            }
            return
        }
        let result = envelope.result.take()
        let error = envelope.error.take()
        guard result != nil || error != nil else {
            throw InvalidMessage(id: id, reason: "missing method")
        }
        guard idMember != nil else {
            throw InvalidMessage(id: .null, reason: "a response needs an id")
        }
        if let result {
            guard error == nil else {
                throw InvalidMessage(id: id, reason: "a response has either result or error")
            }
            self = .response(ResponseMessage(id: id, outcome: .success(result)))
            return
        }
        do {
            let decoded = try JSONCursor(error, path: "error").decode(ResponseError.self)
            self = .response(ResponseMessage(id: id, outcome: .failure(decoded)))
        } catch {
            throw InvalidMessage(id: id, reason: error.description)
        }
    }
}
