// Fuzz target: raw bytes -> FrameReader -> Dispatcher with the daemon's method table
// and a SessionHost, as one connection of the daemon sees them.
//
// Input: the first byte is a control byte, the rest is the client's byte stream.
//   bit 0      prepend a framed `initialize` + `initialized`, so the session methods
//              are reached without the fuzzer having to find the lifecycle first;
//   bits 1...7 how the stream is cut into reads (0: one read; else pseudo-random
//              chunk sizes), to exercise every split of headers and bodies.
// The fake monotonic clock moves 1 ms per message; realtime sessions tick as the
// daemon's tick timer would make them.
//
// Checks: no trap; every body written is valid JSON-RPC 2.0 (a response object, or an
// array of them); no result and no routed tick or didEnd contains `null` outside the
// compact encoding's id/values columns (a non-finite number is written as `null`).

import JSONRPC
import TransitionEngine

enum FramingFuzz {
    static let connection: ConnectionID = 1

    static let initializePrefix: [UInt8] =
        FrameWriter.frame(
            Array(
                #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null}}"#.utf8)
        )
        + FrameWriter.frame(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))

    /// Chunk size ceilings selected by the control byte.
    static let chunkCeilings = [1, 2, 3, 5, 8, 13, 64, 512]

    static func run(_ data: [UInt8]) {
        guard let control = data.first else { return }
        let stream = (control & 1 == 1 ? initializePrefix : []) + data.dropFirst()

        let host = SessionHost(limits: fuzzLimits)
        let router = RecordingRouter(host)
        var now: UInt64 = 1_000_000_000
        var initializeCount = 0
        let registry = MethodTable.registry(
            host: host, now: { now }, onInitialize: { _, _ in initializeCount += 1 })
        var dispatcher = Dispatcher(registry: registry, connection: connection)
        var reader = FrameReader()
        var closed = false

        func drainRouter() {
            for d in router.deliveries {
                guard d.connection == connection else {
                    fuzzFailure(
                        "a message routed to connection \(d.connection), not \(connection)", d.body)
                }
                OutputCheck.checkNotification(d.body)
            }
            router.deliveries.removeAll(keepingCapacity: true)
        }

        func perform(_ outgoing: [Outgoing]) {
            for action in outgoing {
                switch action {
                case .send(let body):
                    checkResponse(body)
                case .close, .exit:
                    closed = true
                case .diagnostic:
                    break
                }
            }
            drainRouter()
        }

        func pumpTicks() {
            router.record(host.tickRealtime(now: now).emissions)
            drainRouter()
        }

        // Reads, as the event loop delivers them.
        var offset = 0
        let seed = Int(control >> 1)
        var lcg = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        while offset < stream.count && !closed {
            var size = stream.count - offset
            if seed != 0 {
                lcg = lcg &* 1_664_525 &+ 1_013_904_223
                let ceiling = chunkCeilings[(seed - 1) % chunkCeilings.count]
                size = min(size, 1 + Int(lcg >> 8) % ceiling)
            }
            reader.append(stream[offset..<offset + size])
            offset += size
            // One message at a time, like Connection.received.
            while !closed, let event = reader.next() {
                perform(dispatcher.handle([event]))
                now += 1_000_000
                pumpTicks()
            }
        }
        if !closed {
            // Let realtime transitions run a little, then end the input.
            for _ in 0..<4 {
                now += 50_000_000
                pumpTicks()
            }
            _ = reader.finish()
            perform(dispatcher.handleEndOfInput())
        }
        host.connectionClosed(connection, now: now)
        drainRouter()
        if initializeCount > 1 { fuzzFailure("initialize was handled \(initializeCount) times") }
        if host.ordered.contains(where: { !$0.keepAlive }) {
            fuzzFailure("a session without keepAlive outlived its connection")
        }
    }

    /// A body the dispatcher wrote: a response object or a non-empty array of them.
    static func checkResponse(_ body: [UInt8]) {
        let value = OutputCheck.parse(body, what: "a response")
        switch value {
        case .object:
            checkResponseObject(value, body)
        case .array(let items):
            if items.isEmpty { fuzzFailure("an empty batch response", body) }
            for item in items { checkResponseObject(item, body) }
        default:
            fuzzFailure("a response that is neither an object nor an array", body)
        }
    }

    static func checkResponseObject(_ value: JSONValue, _ body: [UInt8]) {
        guard case .object(let object) = value else {
            fuzzFailure("a batch member that is not an object", body)
        }
        guard case .string("2.0")? = object["jsonrpc"] else {
            fuzzFailure("a response without \"jsonrpc\": \"2.0\"", body)
        }
        guard let id = object["id"] else { fuzzFailure("a response without id", body) }
        switch id {
        case .null, .integer, .double, .string: break
        default: fuzzFailure("a response whose id is not a string, number or null", body)
        }
        let hasResult = object["result"] != nil
        let error = object["error"]
        guard hasResult != (error != nil) else {
            fuzzFailure("a response needs exactly one of result and error", body)
        }
        if let error {
            guard case .integer? = error["code"], case .string? = error["message"] else {
                fuzzFailure("an error without an integer code and a string message", body)
            }
        }
        if case .object? = object["result"], let path = OutputCheck.firstNull(in: object["result"]!)
        {
            fuzzFailure("a result has null (a non-finite number) at result\(path)", body)
        }
    }
}

/// The entry point libFuzzer calls (and the regression runner, for each saved input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FramingFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
