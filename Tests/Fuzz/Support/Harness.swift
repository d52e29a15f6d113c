// Shared by the fuzz targets: a byte source for structured inputs, a router that keeps
// what the session host sends, and the checks every output must pass.
//
// These files are compiled as one module with the server's I/O-free sources
// (Params, Methods, Sessions, Encoding), so the server's internal types are visible.

import JSONRPC
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `FUZZ_VERBOSE=1`: the targets print what they call and what came back (to stderr), to
/// read what a saved input does.
let fuzzVerbose = getenv("FUZZ_VERBOSE") != nil

func fuzzLog(_ text: @autoclosure () -> String) {
    if fuzzVerbose { fputs(text() + "\n", stderr) }
}

/// The session host's limits: the daemon's defaults, except that `FUZZ_MAX_ITEMS` (set
/// by scripts/fuzz.sh) lowers the items per session, so that no single input spends
/// seconds laying out millions of items. The regression runner uses the real limits.
let fuzzLimits: ServiceLimits = {
    var limits = ServiceLimits()
    if let text = getenv("FUZZ_MAX_ITEMS"), let n = Int(String(cString: text)), n > 0 {
        limits.maxItemsPerSession = n
    }
    return limits
}()

/// Stops the run with a message; libFuzzer (or the regression runner) reports the input.
func fuzzFailure(_ message: String, _ context: [UInt8] = []) -> Never {
    var text = "FUZZ INVARIANT VIOLATED: \(message)"
    if !context.isEmpty {
        let shown = context.prefix(2000)
        text += "\n--- output ---\n" + String(decoding: shown, as: UTF8.self)
        if context.count > shown.count { text += "\n... (\(context.count) bytes)" }
    }
    fatalError(text)
}

/// Reads the fuzzer's bytes as choices; past the end every read is 0.
struct FuzzBytes {
    let data: [UInt8]
    private(set) var position = 0

    init(_ data: [UInt8]) { self.data = data }

    var isExhausted: Bool { position >= data.count }

    mutating func byte() -> UInt8 {
        guard position < data.count else { return 0 }
        defer { position += 1 }
        return data[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(byte()) % n }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    mutating func uint16() -> Int { Int(byte()) << 8 | Int(byte()) }
}

/// Keeps every message the session host emits, as the daemon's connections would send them.
final class RecordingRouter {
    struct Delivery {
        var body: [UInt8]
        var session: String
        var connection: ConnectionID
        var isTick: Bool
    }
    let host: SessionHost
    private var recorded: [Delivery] = []

    init(_ host: SessionHost) {
        self.host = host
    }

    /// Every emission is encoded as the daemon encodes it, once per emission.
    func record(_ emissions: [Emission]) {
        for e in emissions {
            let body = e.body()
            var isTick = false
            if case .tick = e.payload { isTick = true }
            for c in e.audience { recorded.append(Delivery(body: body, session: e.session, connection: c, isTick: isTick)) }
        }
    }

    /// What was emitted so far (including what waits in the host's outbox).
    var deliveries: [Delivery] {
        get {
            record(host.takeEmissions())
            return recorded
        }
        set { recorded = newValue }
    }
}

enum OutputCheck {
    static let parser = JSONParser(maximumDepth: 512)

    /// Parses a body the daemon wrote; every body must be one valid JSON text.
    static func parse(_ body: [UInt8], what: String) -> JSONValue {
        do {
            return try parser.parse(body)
        } catch {
            fuzzFailure("\(what) is not valid JSON: \(error)", body)
        }
    }

    /// A `null` where a number (or anything else) belongs: the writer turns a non-finite
    /// double into `null`, so a `null` in a tick, a didEnd or a result means the engine
    /// computed NaN or an infinity. The only `null`s allowed are the holes of the compact
    /// encoding's `id` and `values` columns.
    static func firstNull(in value: JSONValue) -> String? {
        hasForbiddenNull(value) ? firstNull(in: value, path: "") : nil
    }

    /// The same walk without building paths (outputs hold many thousands of numbers).
    private static func hasForbiddenNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null:
            return true
        case .array(let items):
            return items.contains(where: hasForbiddenNull)
        case .object(let object):
            for member in object.members {
                if member.key == "attributes", case .object(let columns) = member.value {
                    if firstNullInColumns(columns, path: "") != nil { return true }
                    continue
                }
                if hasForbiddenNull(member.value) { return true }
            }
            return false
        default:
            return false
        }
    }

    private static func firstNull(in value: JSONValue, path: String) -> String? {
        switch value {
        case .null:
            return path.isEmpty ? "(top)" : path
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let p = firstNull(in: item, path: path + "[\(i)]") { return p }
            }
            return nil
        case .object(let object):
            for member in object.members {
                let child = path + "." + member.key
                if member.key == "attributes", case .object(let columns) = member.value {
                    if let p = firstNullInColumns(columns, path: child) { return p }
                    continue
                }
                if let p = firstNull(in: member.value, path: child) { return p }
            }
            return nil
        default:
            return nil
        }
    }

    /// The compact encoding: `id` and the arrays under `values` may hold `null`.
    private static func firstNullInColumns(_ columns: JSONObject, path: String) -> String? {
        for member in columns.members {
            let child = path + "." + member.key
            switch member.key {
            case "id":
                guard case .array = member.value else { return child + " (not an array)" }
            case "values":
                guard case .object(let names) = member.value else { return child + " (not an object)" }
                for name in names.members {
                    guard case .array = name.value else { return child + "." + name.key + " (not an array)" }
                }
            default:
                if hasForbiddenNull(member.value) { return firstNull(in: member.value, path: child) }
            }
        }
        return nil
    }

    /// A notification the host routed: valid JSON, a known method, and no `null` in its params.
    static func checkNotification(_ body: [UInt8]) {
        let message = parse(body, what: "a routed notification")
        guard case .string(let method)? = message["method"],
            method == "transition/tick" || method == "transition/didEnd"
        else {
            fuzzFailure("a routed message is neither transition/tick nor transition/didEnd", body)
        }
        guard let params = message["params"] else { fuzzFailure("\(method) without params", body) }
        if let path = firstNull(in: params) {
            fuzzFailure("\(method) has null (a non-finite number) at params\(path)", body)
        }
    }

    /// A result the host returned, encoded as the dispatcher would: no `null` inside.
    static func checkResult<T: JSONEncodable>(_ result: T, method: String) {
        var w = JSONByteWriter()
        result.encode(to: &w)
        let body = w.bytes
        let value = parse(body, what: "the result of \(method)")
        if case .null = value { return }  // NullResult
        if let path = firstNull(in: value) {
            fuzzFailure("the result of \(method) has null (a non-finite number) at result\(path)", body)
        }
    }

    /// Every number of a tick, checked on the values before encoding.
    static func checkTick(_ tick: TickPayload) {
        var bad: [String] = []
        func check(_ v: Double, _ name: @autoclosure () -> String) { if !v.isFinite { bad.append("\(name()) = \(v)") } }
        check(tick.time, "time")
        check(tick.sample.fraction, "fraction")
        check(tick.sample.progress, "progress")
        check(tick.sample.velocity, "velocity")
        check(tick.contentOffset.x, "contentOffset.x")
        check(tick.contentOffset.y, "contentOffset.y")
        for v in tick.accessory {
            if case .number(let n) = v.value { check(n, "accessory.\(v.name)") }
        }
        for (i, a) in tick.attributes.enumerated() {
            func at() -> String { "attributes[\(i)] (\(a.indexPath.section),\(a.indexPath.item))" }
            for (r, name) in [(a.frame, "frame"), (a.nextFrame ?? a.frame, "nextFrame")] {
                check(r.minX, "\(at()).\(name).x")
                check(r.minY, "\(at()).\(name).y")
                check(r.size.width, "\(at()).\(name).width")
                check(r.size.height, "\(at()).\(name).height")
            }
            check(a.alpha, "\(at()).alpha")
            check(a.transitionProgress, "\(at()).transitionProgress")
            if let t = a.transform {
                for (v, n) in [(t.a, "a"), (t.b, "b"), (t.c, "c"), (t.d, "d"), (t.tx, "tx"), (t.ty, "ty")] {
                    check(v, "\(at()).transform.\(n)")
                }
            }
            for v in a.values {
                if case .number(let n) = v.value { check(n, "\(at()).values.\(v.name)") }
            }
            if !bad.isEmpty { break }
        }
        if !bad.isEmpty {
            var w = JSONByteWriter()
            tick.encode(to: &w)
            fuzzFailure("tick has non-finite numbers: " + bad.prefix(8).joined(separator: ", "), w.bytes)
        }
    }
}
