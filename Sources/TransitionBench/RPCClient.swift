import JSONRPC

/// A JSON-RPC client over a `Wire`: the same code talks to transitiond, clangd and
/// sourcekit-lsp. Requests from the server (registerCapability, progress) are answered
/// with a null result; notifications go to `onNotification`, ticks to `onTick`.
final class RPCClient {
    let wire: Wire
    let name: String
    private var nextID: Int64 = 1

    /// Called for every `transition/tick` with the time its bytes were read.
    var onTick: ((TickSkim, UInt64) -> Void)? = nil
    /// Called for every other notification: the body and its skim.
    var onNotification: ((UnsafeRawBufferPointer, Skim) -> Void)? = nil

    private(set) var responses = 0
    private(set) var errorResponses = 0
    private(set) var ticks = 0
    private(set) var tickAttributes = 0
    /// The reply being waited for by `call`.
    private var awaitedID: Int64? = nil
    private var awaitedReply: Result<JSONValue, ResponseFailure>? = nil
    /// The id of the newest reply seen.
    private(set) var lastResponseID: Int64 = 0

    init(wire: Wire, name: String) {
        self.wire = wire
        self.name = name
    }

    /// A server's error reply.
    struct ResponseFailure: Error {
        var code: Int64
        var message: String
    }

    /// Sends a request (params as JSON text) and returns its id.
    @discardableResult
    func send(_ method: String, _ params: String = "{}") -> Int64 {
        let id = nextID
        nextID += 1
        wire.send(body: #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        return id
    }

    /// The framed bytes of a request with the next id, for a client that queues many.
    func frame(_ method: String, _ params: String = "{}") -> [UInt8] {
        let id = nextID
        nextID += 1
        return wire.framed(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    func notify(_ method: String, _ params: String = "{}") {
        wire.send(body: #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    /// Reads and handles what has arrived, waiting up to `timeout` seconds for it.
    func poll(timeout: Double) throws(BenchError) {
        wire.pump(timeout: timeout)
        try handleInput()
        if wire.isClosed { throw BenchError("\(name) closed the connection") }
    }

    /// Handles every whole message in the input buffer.
    func handleInput() throws(BenchError) {
        try wire.drain { body throws(BenchError) in
            let tick: TickSkim?
            if wire.bodyIsBinary {
                // Only the ticks of a `binary` session come in binary frames.
                guard let binary = TickSkim(binaryFrame: body) else {
                    throw BenchError("\(name) sent a binary frame that is not a tick")
                }
                tick = binary
            } else {
                tick = TickSkim(body)
            }
            if let tick {
                ticks += 1
                tickAttributes += tick.attributes
                onTick?(tick, wire.lastReadTime)
                return
            }
            guard let skim = Skim(body) else {
                throw BenchError(
                    "\(name) sent a message that is not a JSON object: \(Skim.text(body, 0..<min(body.count, 200)))"
                )
            }
            if skim.isResponse {
                responses += 1
                let id = Skim.integer(body, skim.id!) ?? -1
                lastResponseID = id
                if skim.error != nil { errorResponses += 1 }
                if id == awaitedID {
                    if let e = skim.error {
                        let error = try? JSONParser().parse(
                            UnsafeRawBufferPointer(rebasing: body[e]))
                        awaitedReply = .failure(
                            ResponseFailure(
                                code: error?["code"]?.int64Value ?? 0,
                                message: error?["message"]?.stringValue ?? Skim.text(body, e)))
                    } else if let r = skim.result {
                        do {
                            awaitedReply = .success(
                                try JSONParser().parse(UnsafeRawBufferPointer(rebasing: body[r])))
                        } catch {
                            throw BenchError("\(name) sent a reply that does not parse: \(error)")
                        }
                    } else {
                        awaitedReply = .success(.null)
                    }
                }
            } else if let id = skim.id {
                // A request from the server: say yes and carry on.
                let raw = Skim.text(body, id.lowerBound..<id.upperBound)
                let quoted = body[id.lowerBound] == UInt8(ascii: "\"") ? jsonString(raw) : raw
                wire.send(body: #"{"jsonrpc":"2.0","id":\#(quoted),"result":null}"#)
            } else {
                onNotification?(body, skim)
            }
        }
    }

    /// Sends a request and waits for its reply.
    func call(_ method: String, _ params: String = "{}", timeout: Double = 30) throws(BenchError)
        -> Result<
            JSONValue, ResponseFailure
        >
    {
        let id = send(method, params)
        awaitedID = id
        awaitedReply = nil
        defer { awaitedID = nil }
        let deadline = nowSeconds() + timeout
        while awaitedReply == nil {
            let left = deadline - nowSeconds()
            if left <= 0 {
                throw BenchError("\(name) did not answer \(method) within \(format(timeout)) s")
            }
            try poll(timeout: min(left, 1))
        }
        return awaitedReply!
    }

    /// Sends a request that must succeed and returns its result.
    @discardableResult
    func expect(_ method: String, _ params: String = "{}", timeout: Double = 30) throws(BenchError)
        -> JSONValue
    {
        switch try call(method, params, timeout: timeout) {
        case .success(let value): return value
        case .failure(let f): throw BenchError("\(name): \(method) failed: \(f.code) \(f.message)")
        }
    }

    /// Handles input until `done()` holds, failing after `timeout` seconds.
    func run(timeout: Double, what: String, until done: () -> Bool) throws(BenchError) {
        let deadline = nowSeconds() + timeout
        while !done() {
            let left = deadline - nowSeconds()
            if left <= 0 { throw BenchError("\(name): timed out waiting for \(what)") }
            try poll(timeout: min(left, 1))
        }
    }

    /// Handles input for `seconds`, however much arrives.
    func run(for seconds: Double) throws(BenchError) {
        let deadline = nowSeconds() + seconds
        while true {
            let left = deadline - nowSeconds()
            if left <= 0 { return }
            try poll(timeout: min(left, 1))
        }
    }
}
