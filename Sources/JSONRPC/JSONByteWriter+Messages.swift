/// Writing JSON-RPC envelopes straight into a `JSONByteWriter`.
extension JSONByteWriter {
    /// Writes `{"jsonrpc":"2.0","<key>":` in one copy of a literal (every message
    /// starts so): the value of `key` comes next.
    @inline(__always)
    mutating func beginEnvelope(then key: EnvelopeKey) {
        separate()
        switch key {
        case .id: appendASCII(#"{"jsonrpc":"2.0","id":"#)
        case .method: appendASCII(#"{"jsonrpc":"2.0","method":"#)
        }
        needsComma = false
    }

    /// The member that follows `jsonrpc` in a message written.
    enum EnvelopeKey { case id, method }

    /// Writes `{"jsonrpc":"2.0","id":…,"result":…}`.
    public mutating func writeResponse<Result: JSONEncodable>(id: RequestID, result: Result) {
        beginEnvelope(then: .id)
        id.encode(to: &self)
        writeKey("result")
        result.encode(to: &self)
        endObject()
    }

    /// Writes `{"jsonrpc":"2.0","id":…,"error":{…}}`.
    public mutating func writeErrorResponse(id: RequestID, error: ResponseError) {
        beginEnvelope(then: .id)
        id.encode(to: &self)
        writeKey("error")
        error.encode(to: &self)
        endObject()
    }

    /// Writes the -32601 answer to a request for `method`: the bytes that
    /// `writeErrorResponse(id:error: .methodNotFound(method))` writes, without building
    /// the error's message, data and box first, its constant parts in one copy each (a
    /// client that probes for methods, or speaks a newer protocol, gets this often).
    public mutating func writeMethodNotFound(id: RequestID, method: String) {
        beginEnvelope(then: .id)
        id.encode(to: &self)
        appendASCII(#","error":{"code":-32601,"message":"Method not found: "#)
        appendEscaped(method)
        appendASCII(#"","data":{"method":"#)
        appendQuoted(method)
        appendASCII("}}}")
        needsComma = true
    }

    /// Writes `{"jsonrpc":"2.0","method":…,"params":` and leaves the object open:
    /// write the params value next, then call `endObject()`. The tick stream uses
    /// this to write its params with no intermediate tree.
    public mutating func beginNotification(method: String) {
        beginEnvelope(then: .method)
        write(method)
        writeKey("params")
    }

    /// Writes a whole notification; `params` is omitted when `nil`.
    public mutating func writeNotification<Params: JSONEncodable>(method: String, params: Params?) {
        beginEnvelope(then: .method)
        write(method)
        if let params {
            writeKey("params")
            params.encode(to: &self)
        }
        endObject()
    }

    /// Writes a whole request (for clients such as `transitionctl`).
    public mutating func writeRequest<Params: JSONEncodable>(
        id: RequestID, method: String, params: Params?
    ) {
        beginEnvelope(then: .id)
        id.encode(to: &self)
        writeKey("method")
        write(method)
        if let params {
            writeKey("params")
            params.encode(to: &self)
        }
        endObject()
    }
}
