import JSONRPC
import Testing
import TransitionService

@testable import TransitionWasm

/// A `HostedDaemon` driven as its host drives it: bytes and times in, the outbox read
/// after each call.
final class HostHarness {
    let daemon: HostedDaemon
    /// Monotonic nanoseconds, as the host passes them.
    var now: UInt64 = 1_000_000_000
    /// What each connection was sent, and the other records, as the host read them.
    private(set) var bytes: [Int32: [UInt8]] = [:]
    private(set) var closed: [Int32] = []
    private(set) var halfClosed: [Int32] = []
    private(set) var logs: [(level: UInt32, line: String)] = []
    private(set) var exitCode: Int32?
    private(set) var watched: [Int32] = []
    /// Connections paused and resumed, in order (`-id` paused, `id` resumed).
    private(set) var reading: [Int32] = []

    init(limits: ServiceLimits = ServiceLimits()) {
        daemon = HostedDaemon(limits: limits, logLevel: .debug)
    }

    func open(_ framing: HostedDaemon.Framing = .lsp, sole: Bool = false, queues: Bool = false)
        -> Int32?
    {
        let id = daemon.open(
            framing: framing, kind: "test", isSoleClient: sole, hostQueues: queues, now: now)
        read()
        return id
    }

    func send(_ id: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { daemon.receive($0, on: Int(id), now: now) }
        read()
    }

    func sendFramed(_ id: Int32, _ json: String) {
        send(id, Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8))
    }

    func end(_ id: Int32, error: Int32? = nil) {
        daemon.receiveEnd(on: Int(id), error: error, now: now)
        read()
    }

    func outputFailed(_ id: Int32, error: Int32) {
        daemon.outputFailed(on: Int(id), error: error, now: now)
        read()
    }

    func written(_ id: Int32, remaining: Int) {
        daemon.written(on: Int(id), remaining: remaining, now: now)
        read()
    }

    func fireTimer(at time: UInt64) {
        now = time
        daemon.timerFired(now: now)
        read()
    }

    func giveTurns() {
        daemon.giveTurns(now: now)
        read()
    }

    func stop(code: Int32) {
        daemon.stop(code: code, now: now)
        read()
    }

    func processEnded(_ pid: Int32) {
        daemon.processEnded(pid, now: now)
        read()
    }

    /// The messages connection `id` was sent since the last call, parsed from LSP frames.
    func takeFramedMessages(_ id: Int32) throws -> [JSONValue] {
        var rest = bytes[id] ?? []
        bytes[id] = []
        var messages: [JSONValue] = []
        while let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: rest) {
            let header = String(decoding: rest[..<headerEnd], as: UTF8.self)
            let length = Int(header.split(separator: " ").last ?? "") ?? 0
            let body = Array(rest[(headerEnd + 4)..<(headerEnd + 4 + length)])
            messages.append(try JSONValue(parsing: body))
            rest.removeFirst(headerEnd + 4 + length)
        }
        return messages
    }

    /// The messages connection `id` was sent, each behind its 4-byte length.
    func takeLengthPrefixedMessages(_ id: Int32) throws -> [JSONValue] {
        let all = bytes[id] ?? []
        bytes[id] = []
        var messages: [JSONValue] = []
        var offset = 0
        while offset + 4 <= all.count {
            let length =
                Int(all[offset]) | Int(all[offset + 1]) << 8 | Int(all[offset + 2]) << 16
                | Int(all[offset + 3]) << 24
            messages.append(
                try JSONValue(parsing: Array(all[(offset + 4)..<(offset + 4 + length)])))
            offset += 4 + length
        }
        return messages
    }

    /// Reads the outbox as the host does after each call.
    private func read() {
        let records = daemon.outboxRef.value.bytes
        daemon.outboxRef.value.clear()
        var offset = 0
        func word(_ at: Int) -> UInt32 {
            UInt32(records[at]) | UInt32(records[at + 1]) << 8 | UInt32(records[at + 2]) << 16
                | UInt32(records[at + 3]) << 24
        }
        while offset < records.count {
            let kind = Outbox.Kind(rawValue: records[offset])
            let subject = word(offset + 1)
            let length = Int(word(offset + 5))
            let payload = Array(records[(offset + 9)..<(offset + 9 + length)])
            offset += 9 + length
            switch kind {
            case .bytes?: bytes[Int32(subject), default: []] += payload
            case .closed?: closed.append(Int32(subject))
            case .shutdownWriting?: halfClosed.append(Int32(subject))
            case .log?: logs.append((subject, String(decoding: payload, as: UTF8.self)))
            case .exit?: exitCode = Int32(bitPattern: subject)
            case .watchProcess?: watched.append(Int32(bitPattern: subject))
            case .pauseReading?: reading.append(-Int32(subject))
            case .resumeReading?: reading.append(Int32(subject))
            case nil: Issue.record("unknown record kind \(records[offset])")
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#
}
