/// One connection's JSON-RPC engine: bodies in, bytes and actions out. No I/O.
///
/// The daemon feeds it what the `FrameReader` yields and performs the returned
/// `Outgoing` actions in order (frame and write each `.send`, close on `.close`,
/// exit on `.exit`):
///
/// ```swift
/// var reader = FrameReader()
/// var dispatcher = Dispatcher(registry: registry)
/// // on each chunk read from the client:
/// for action in dispatcher.handle(reader.read(chunk)) { perform(action) }
/// // on end of input:
/// for action in dispatcher.handleEndOfInput() { perform(action) }
/// ```
///
/// It parses each body, splits batches (JSON-RPC 2.0 §6: one response array per
/// batch, nothing for a batch of notifications, one -32600 object for `[]`), checks
/// each message, enforces the LSP lifecycle, applies `$/cancelRequest`, calls the
/// typed handlers of its `MethodRegistry` and writes the responses.
///
/// Lifecycle: before a successful `initialize` every request gets -32002 and
/// notifications other than `exit` are dropped; a second `initialize` is -32600;
/// after `shutdown` (answered `null`) requests get -32600; `exit` gives
/// `.exit(code: 0)` after `shutdown`, else `.exit(code: 1)`, and ends all handling.
///
/// - Important: Not thread-safe; use one dispatcher per connection on the loop
///   thread.
public struct Dispatcher {
    /// The handlers.
    public var registry: MethodRegistry
    /// The server's tag for this connection, handed to every handler in its
    /// `RequestContext`.
    public let connection: Int
    /// The parser (and its nesting limit) used for every body.
    public let parser: JSONParser
    /// Where the connection is in the LSP lifecycle.
    public internal(set) var lifecycle: LifecycleState = .uninitialized
    /// The trace setting from `initialize` or the latest `$/setTrace`.
    public internal(set) var trace: TraceValue = .off
    /// What happens to a params member of a server method that its type does not read:
    /// refused, unless `initialize` asked to ignore it (`InitializeRequest.unknownMembers`).
    public internal(set) var unknownMembers: UnknownMembers = .refused
    /// Cancels waiting for their request, and recently answered ids.
    var cancellations: CancellationMemory
    /// Parser memory and key cache kept across this connection's messages.
    let workspace = JSONParserWorkspace()
    /// The writer of single messages' answers, kept across this connection's messages.
    let answers = AnswerWriter()
    /// The batch being handled a message at a time (`begin(body:into:)`).
    var batch: BatchInProgress?
    /// The most messages one batch may hold (a larger batch is refused whole).
    public let maximumBatchLength: Int
    public static let defaultMaximumBatchLength = 1000

    /// Creates a dispatcher for one connection.
    /// - Parameters:
    ///   - registry: The method handlers.
    ///   - connection: The server's tag for the connection (`RequestContext.connection`).
    ///   - maximumDepth: Nesting limit for incoming JSON.
    ///   - cancellationMemory: How many early cancels (and answered ids) to remember.
    ///   - maximumBatchLength: The most messages one batch may hold (`handle` takes a
    ///     batch in one go; `begin` and `continueBatch` a message at a time).
    public init(
        registry: MethodRegistry, connection: Int = 0,
        maximumDepth: Int = JSONParser.defaultMaximumDepth,
        cancellationMemory: Int = 1024, maximumBatchLength: Int = defaultMaximumBatchLength
    ) {
        self.registry = registry
        self.connection = connection
        self.maximumBatchLength = maximumBatchLength
        self.parser = JSONParser(maximumDepth: maximumDepth)
        self.cancellations = CancellationMemory(capacity: cancellationMemory)
    }

    /// Handles one message body: the same as `handle(bodies: [body])`, without the
    /// look-ahead for cancels that a single message (not a batch) cannot need.
    public mutating func handle(body: [UInt8]) -> [Outgoing] {
        var outgoing: [Outgoing] = []
        handle(body: body, into: &outgoing)
        return outgoing
    }

    /// Handles one message body as `handle(body:)` does, appending what to do to
    /// `outgoing`: a caller that empties and reuses one array (keeping its capacity)
    /// allocates none for each message.
    public mutating func handle(body: [UInt8], into outgoing: inout [Outgoing]) {
        guard lifecycle != .exited else { return }
        let payload = IncomingPayload(
            body: body, parser: parser, workspace: workspace, maximumBatchLength: maximumBatchLength
        )
        var lastCancel: [RequestID: Int] = [:]
        if case .batch = payload { lastCancel = Self.cancelPositions(in: [payload]) }
        var position = 0
        process(payload, position: &position, lastCancel: lastCancel, into: &outgoing)
    }

    /// Handles the bodies of one read, in order.
    ///
    /// They arrived together, so a `$/cancelRequest` among them also cancels a
    /// request that precedes it in the same read (it had not been handled when the
    /// cancel arrived).
    public mutating func handle(bodies: [[UInt8]]) -> [Outgoing] {
        guard lifecycle != .exited, !bodies.isEmpty else { return [] }
        let payloads = bodies.map {
            IncomingPayload(
                body: $0, parser: parser, workspace: workspace,
                maximumBatchLength: maximumBatchLength)
        }
        let lastCancel = Self.cancelPositions(in: payloads)
        var position = 0
        var outgoing: [Outgoing] = []
        for payload in payloads {
            guard lifecycle != .exited else { break }
            process(payload, position: &position, lastCancel: lastCancel, into: &outgoing)
        }
        return outgoing
    }

    /// Handles the events of one read: message bodies, and framing errors (answered
    /// with -32700 and id null; a fatal one also gives `.close`).
    public mutating func handle(_ events: [FrameEvent]) -> [Outgoing] {
        var outgoing: [Outgoing] = []
        var bodies: [[UInt8]] = []
        for event in events {
            switch event {
            case .message(let body):
                bodies.append(body)
            case .error(let error):
                outgoing += handle(bodies: bodies)
                bodies = []
                outgoing += handle(framingError: error)
            }
        }
        outgoing += handle(bodies: bodies)
        return outgoing
    }

    /// Answers a framing error: a -32700 error response with id null and a
    /// diagnostic; for a fatal error also `.close`.
    public mutating func handle(framingError error: FramingError) -> [Outgoing] {
        guard lifecycle != .exited else { return [] }
        var writer = JSONByteWriter()
        writer.writeErrorResponse(id: .null, error: .framing(error))
        var outgoing: [Outgoing] = [
            .send(writer.bytes), .diagnostic("framing: \(error.description)"),
        ]
        if error.isFatal { outgoing.append(.close(error)) }
        return outgoing
    }

    /// The client's input ended: like `exit` (code 0 after `shutdown`, else 1).
    public mutating func handleEndOfInput() -> [Outgoing] {
        guard lifecycle != .exited else { return [] }
        let code: Int32 = lifecycle == .shutDown ? 0 : 1
        lifecycle = .exited
        return [.exit(code: code)]
    }

    /// For each cancelled id, the position (in message order across the read) of
    /// its last `$/cancelRequest`.
    static func cancelPositions(in payloads: [IncomingPayload]) -> [RequestID: Int] {
        var positions: [RequestID: Int] = [:]
        var position = 0
        func note(_ result: Result<Message, InvalidMessage>) {
            if case .success(.notification(let notification)) = result,
                notification.method == CancelRequestNotification.method,
                let cancel = try? CancelRequestNotification(json: JSONCursor(notification.params))
            {
                positions[cancel.id] = position
            }
            position += 1
        }
        for payload in payloads {
            switch payload {
            case .single(let result):
                note(result)
            case .batch(let results):
                results.forEach(note)
            case .emptyBatch, .oversizedBatch, .parseError:
                position += 1
            }
        }
        return positions
    }

    /// Handles one body's payload, appending what to do.
    mutating func process(
        _ payload: IncomingPayload, position: inout Int, lastCancel: [RequestID: Int],
        into outgoing: inout [Outgoing]
    ) {
        var extra: [Outgoing] = []
        switch payload {
        case .parseError(let error):
            outgoing.append(.send(Self.errorResponse(.parseError(error))))
            position += 1
        case .emptyBatch:
            outgoing.append(.send(Self.errorResponse(.invalidRequest("empty batch"))))
            position += 1
        case .oversizedBatch(let count):
            let error = ResponseError.invalidRequest(
                "a batch of \(count) messages; at most \(maximumBatchLength) are taken",
                data: [
                    "limit": .integer(Int64(maximumBatchLength)),
                    "count": .integer(Int64(count)),
                ])
            outgoing.append(.send(Self.errorResponse(error)))
            position += 1
        case .single(let result):
            answers.reset()
            let answered = process(
                result, position: position, lastCancel: lastCancel, writer: &answers.writer,
                extra: &extra)
            position += 1
            if answered { outgoing.append(.send(answers.writer.bytes)) }
        case .batch(let results):
            var writer = JSONByteWriter()
            writer.beginArray()
            var answers = 0
            for result in results {
                guard lifecycle != .exited else { break }
                if process(
                    result, position: position, lastCancel: lastCancel, writer: &writer,
                    extra: &extra)
                {
                    answers += 1
                }
                position += 1
            }
            writer.endArray()
            if answers > 0 { outgoing.append(.send(writer.bytes)) }
        }
        if !extra.isEmpty { outgoing += extra }
    }

    /// An error response with id null, for a body that holds no message to answer.
    static func errorResponse(_ error: ResponseError) -> [UInt8] {
        var writer = JSONByteWriter()
        writer.writeErrorResponse(id: .null, error: error)
        return writer.bytes
    }

    /// Handles one message; writes its response, if it gets one, and returns
    /// whether it did.
    mutating func process(
        _ result: Result<Message, InvalidMessage>, position: Int, lastCancel: [RequestID: Int],
        writer: inout JSONByteWriter, extra: inout [Outgoing]
    ) -> Bool {
        switch result {
        case .failure(let invalid):
            writer.writeErrorResponse(id: invalid.id, error: invalid.responseError)
            return true
        case .success(.response(let response)):
            extra.append(
                .diagnostic(
                    "ignored a response for id \(response.id): this server sends no requests"))
            return false
        case .success(.notification(let notification)):
            handle(notification, extra: &extra)
            return false
        case .success(.request(let request)):
            let cancelledLater = (lastCancel[request.id] ?? -1) > position
            if let error = answer(request, cancelledLater: cancelledLater, into: &writer) {
                writer.writeErrorResponse(id: request.id, error: error)
            }
            cancellations.noteAnswered(request.id)
            return true
        }
    }
}
