// Fuzz target: `session/create` and `transition/start` params (and the other session
// methods' params) built from the fuzzer's bytes, decoded by the server's request types
// and run through a SessionHost on a manual clock, so the engine's geometry, timing and
// interpolation see edge values.
//
// Input, two forms:
//   - a JSON text starting with `{`: {"create": <session/create params>,
//     "start": <transition/start params>, "steps": [[<method>, <params>], ...]} (seeds
//     come from Protocol/examples; "steps" is optional, the session id is filled in);
//   - anything else: a structured builder reads the bytes as choices (layout types,
//     members present or absent, numbers from a table of edge values) and writes the
//     params as JSON text, which the real parser reads back.
// Then: create, start, a fuzzer-chosen series of methods (advance, sample, scrub,
// finish, cancel, cancelInPlace, retarget, update, scroll, start again ...), and a
// fixed tail: advance a few frames, sample at progresses including the extremes,
// cancelInPlace, start again, advance to the end.
//
// Checks: no trap; every tick's numbers are finite (checked on the values and on the
// encoded bytes: the writer turns a non-finite double into `null`); no `null` in any
// result or didEnd outside the compact encoding's id/values columns.

import JSONRPC
import TransitionEngine

/// A JSON text under construction; numbers are kept as written (`1e400`, `-0`, ...).
indirect enum JText {
    case raw(String)
    case string(String)
    case array([JText])
    case object([(String, JText)])

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .raw(let s): out += s
        case .string(let s):
            out += "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "1") + String(scalar.value & 0xF, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JText.string(key).write(to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}

/// Builds params from fuzzer bytes.
struct ParamsBuilder {
    var bytes: FuzzBytes

    /// Numbers at the edges of what the engine accepts, and past them.
    static let edgeNumbers = [
        "0", "-0", "1", "-1", "0.5", "-0.5", "2", "1e-300", "-1e-300", "5e-324", "2.2250738585072014e-308",
        "1e-7", "0.1", "0.3333333333333333", "0.9999999999999999", "1.0000000000000002",
        "999999999.9999999", "1e9", "-1e9", "1000000000.0000001", "1000000001", "2e9", "-2e9",
        "4294967296", "1e15", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e300", "-1e300",
        "1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "1e-400", "123456789.123456789",
    ]
    /// Not representable as a finite double: the parser refuses the whole text.
    static let outOfRange = ["1e400", "-1e400"]

    /// A number: usually one of `typical`, else an edge value, rarely raw bits or 1e400.
    mutating func number(_ typical: [String]) -> JText {
        let b = bytes.byte()
        switch b {
        case 0..<190 where !typical.isEmpty:
            return .raw(typical[Int(b) % typical.count])
        case 250..<254:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(bytes.byte()) }
            let d = Double(bitPattern: bits)
            return .raw(d.isFinite ? "\(d)" : "0")
        case 254...:
            return .raw(bytes.pick(Self.outOfRange))
        default:
            return .raw(bytes.pick(Self.edgeNumbers))
        }
    }

    static let lengths = ["0", "1", "10", "20", "44", "50", "100", "200", "320", "0.5", "1e9", "1e-300"]
    static let signedLengths = ["0", "-10", "10", "-100", "100", "25.5", "1e9", "-1e9"]
    static let counts = ["0", "1", "2", "3", "5", "8", "20", "100", "1000", "2000", "10000000", "10000001", "-1"]
    static let smallCounts = ["1", "2", "3", "4", "0", "6", "1000000"]
    static let unitNumbers = ["0", "1", "0.5", "0.25", "0.75", "-0.5", "1.5", "2", "0.1", "10"]
    static let durations = ["0", "0.3", "0.5", "1", "0.016666666666666666", "1e-300", "1e9", "-1", "10"]
    static let times = ["0", "0.016666666666666666", "0.05", "0.1", "0.25", "0.5", "1", "5", "1e9", "1e-300"]

    mutating func maybe(_ member: String, into m: inout [(String, JText)], _ value: (inout ParamsBuilder) -> JText) {
        if bytes.bool() { m.append((member, value(&self))) }
    }

    mutating func size(_ typical: [String] = lengths) -> JText {
        .object([("width", number(typical)), ("height", number(typical))])
    }

    mutating func point(_ typical: [String] = signedLengths) -> JText {
        .object([("x", number(typical)), ("y", number(typical))])
    }

    mutating func insets() -> JText {
        var m: [(String, JText)] = []
        for side in ["top", "left", "bottom", "right"] { maybe(side, into: &m) { $0.number(Self.signedLengths) } }
        return .object(m)
    }

    mutating func rect() -> JText {
        .object([
            ("x", number(Self.signedLengths)), ("y", number(Self.signedLengths)),
            ("width", number(Self.lengths)), ("height", number(Self.lengths)),
        ])
    }

    mutating func name(_ names: [String]) -> JText {
        .string(bytes.byte() == 255 ? "nope" : bytes.pick(names))
    }

    mutating func indexPath() -> JText {
        .array([number(["0", "1", "2"]), number(["0", "1", "2", "3", "5", "99"])])
    }

    mutating func sections() -> JText {
        var list: [JText] = []
        for _ in 0..<(1 + bytes.below(3)) {
            var m: [(String, JText)] = [("items", number(Self.counts))]
            let n = bytes.below(6)
            if bytes.bool() {
                var ids: [JText] = []
                for i in 0..<n {
                    ids.append(bytes.bool() ? .raw("\(bytes.below(4) == 0 ? 0 : i)") : .string("id\(bytes.below(3))"))
                }
                m.append(("ids", .array(ids)))
            }
            if bytes.bool() {
                m.append(("sizes", .array((0..<n).map { _ in .array([number(Self.lengths), number(Self.lengths)]) })))
            }
            list.append(.object(m))
        }
        return .array(list)
    }

    mutating func values() -> JText {
        var m: [(String, JText)] = []
        for _ in 0..<(1 + bytes.below(3)) {
            let key = bytes.pick(["rotation", "opacity", "tint", "a"])
            if bytes.bool() {
                m.append((key, .string(bytes.pick(["#ff0000", "#0f08", "#12345678", "#fff", "#zzzzzz", "#"]))))
            } else {
                m.append((key, number(["0", "1", "3.141592653589793", "-90", "1e9"])))
            }
        }
        return .object(m)
    }

    mutating func layout() -> JText {
        var m: [(String, JText)] = []
        let type = bytes.pick(["list", "grid", "flow", "displaySwitch", "explicit", "list", "grid", "circle"])
        m.append(("type", .string(type)))
        switch type {
        case "flow":
            maybe("itemSize", into: &m) { $0.size() }
            maybe("minimumLineSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("minimumInteritemSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("sectionInset", into: &m) { $0.insets() }
            maybe("headerReferenceSize", into: &m) { $0.size() }
            maybe("footerReferenceSize", into: &m) { $0.size() }
            maybe("scrollDirection", into: &m) { $0.name(["vertical", "horizontal"]) }
        case "list":
            m.append(("rowHeight", number(Self.lengths)))
            maybe("spacing", into: &m) { $0.number(Self.lengths) }
            maybe("inset", into: &m) { $0.insets() }
            maybe("headerHeight", into: &m) { $0.number(Self.lengths) }
            maybe("footerHeight", into: &m) { $0.number(Self.lengths) }
        case "grid":
            m.append(("columns", number(Self.smallCounts)))
            maybe("spacing", into: &m) { $0.number(Self.lengths) }
            maybe("lineSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("inset", into: &m) { $0.insets() }
            maybe("aspectRatio", into: &m) { $0.number(["1", "0.5", "2", "1e-300", "1e9", "0"]) }
            maybe("itemHeight", into: &m) { $0.number(Self.lengths) }
            maybe("headerHeight", into: &m) { $0.number(Self.lengths) }
            maybe("footerHeight", into: &m) { $0.number(Self.lengths) }
        case "displaySwitch":
            m.append(("mode", name(["list", "grid"])))
            m.append(("staticCellHeight", number(Self.lengths)))
            maybe("columns", into: &m) { $0.number(Self.smallCounts) }
            maybe("padding", into: &m) { $0.number(Self.lengths) }
        case "explicit":
            let frames = (0..<bytes.below(7)).map { _ in
                JText.array([
                    number(Self.signedLengths), number(Self.signedLengths), number(Self.lengths), number(Self.lengths),
                ])
            }
            m.append(("frames", .array(frames)))
            maybe("contentSize", into: &m) { $0.size() }
        default:
            break
        }
        maybe("values", into: &m) { $0.values() }
        maybe("accessory", into: &m) { $0.values() }
        maybe("state", into: &m) { $0.bytes.bool() ? .string("list") : .string("") }
        return .object(m)
    }

    mutating func timing() -> JText {
        switch bytes.below(7) {
        case 0:
            return name(Easing.allCases.map(\.rawValue))
        case 1:
            return .object([("easing", name(Easing.allCases.map(\.rawValue)))])
        case 2:
            return .object([("cubicBezier", .array((0..<4).map { _ in number(Self.unitNumbers) }))])
        case 3, 4:
            var s: [(String, JText)] = []
            switch bytes.below(3) {
            case 0:
                maybe("mass", into: &s) { $0.number(["1", "0.5", "2", "1e-300", "1e9", "0"]) }
                s.append(("stiffness", number(["100", "170", "1", "1e9", "1e-300", "0"])))
                s.append(("damping", number(["10", "26", "0", "1", "1e9", "1e-300"])))
            case 1:
                s.append(("response", number(["0.5", "0.3", "1", "1e-300", "1e9", "0"])))
                s.append(("dampingFraction", number(["1", "0.5", "0", "0.1", "2", "1e9"])))
                maybe("mass", into: &s) { $0.number(["1", "0.5", "2", "1e-300", "1e9"]) }
            default:
                s.append(("duration", number(["0.5", "0.3", "1", "1e-300", "1e9", "0"])))
                maybe("bounce", into: &s) { $0.number(["0", "0.3", "-0.5", "0.9", "1", "-1"]) }
            }
            maybe("initialVelocity", into: &s) { $0.number(["0", "1", "-5", "100", "1e9"]) }
            return .object([("spring", .object(s))])
        case 5:
            var s: [(String, JText)] = [("count", number(["1", "2", "4", "10", "0", "1000000"]))]
            maybe("position", into: &s) { $0.name(StepPosition.acceptedNames) }
            return .object([("steps", .object(s))])
        default:
            let stops = (0..<bytes.below(6)).map { _ in
                bytes.bool()
                    ? number(Self.unitNumbers)
                    : JText.array([number(Self.unitNumbers), number(["0", "0.5", "1", "0.25", "2", "-1"])])
            }
            return .object([("linear", .array(stops))])
        }
    }

    mutating func offsetTarget() -> JText {
        switch bytes.below(4) {
        case 0:
            return .object([("point", point())])
        case 1:
            return .object([("strategy", name(["automatic", "displaySwitch"]))])
        default:
            var m: [(String, JText)] = [("placement", name(Placement.allCases.map(\.rawValue)))]
            m.append(("items", .array((0..<bytes.below(4)).map { _ in indexPath() })))
            maybe("anchor", into: &m) { $0.point(["0", "0.5", "1", "-1", "2"]) }
            maybe("inset", into: &m) { $0.insets() }
            return .object(m)
        }
    }

    /// The params of `transition/start` (and of retarget and hypothetical samples).
    mutating func transitionSpec(into m: inout [(String, JText)]) {
        m.append(("to", layout()))
        maybe("sections", into: &m) { $0.sections() }
        maybe("viewport", into: &m) { $0.size() }
        maybe("contentInset", into: &m) { $0.insets() }
        maybe("contentOffset", into: &m) { $0.offsetTarget() }
        maybe("appear", into: &m) { $0.name(AppearEffect.allCases.map(\.rawValue)) }
        maybe("disappear", into: &m) { $0.name(AppearEffect.allCases.map(\.rawValue)) }
        maybe("stagger", into: &m) { b in
            var s: [(String, JText)] = [("delay", b.number(["0", "0.01", "0.05", "0.5", "1e9", "-1"]))]
            b.maybe("order", into: &s) { $0.name(["index", "distance"]) }
            b.maybe("from", into: &s) { $0.indexPath() }
            b.maybe("reversed", into: &s) { .raw($0.bytes.bool() ? "true" : "false") }
            return .object(s)
        }
        maybe("colorSpace", into: &m) { $0.name(ColorSpace.allCases.map(\.rawValue)) }
        if bytes.below(4) == 0 { m.append(("interactive", .raw("true"))) }
        maybe("duration", into: &m) { $0.number(Self.durations) }
        maybe("timing", into: &m) { $0.timing() }
    }

    mutating func create() -> JText {
        var m: [(String, JText)] = []
        if bytes.below(16) != 0 { m.append(("viewport", size(["320", "200", "100", "44", "1", "1e9", "0"]))) }
        maybe("contentInset", into: &m) { $0.insets() }
        m.append(("sections", sections()))
        m.append(("layout", layout()))
        maybe("contentOffset", into: &m) { $0.point() }
        m.append(("clock", .string(bytes.below(8) == 0 ? "realtime" : "manual")))
        maybe("fps", into: &m) { $0.number(["60", "1", "240", "30", "0", "241"]) }
        maybe("encoding", into: &m) { $0.name(["objects", "compact"]) }
        maybe("keepAlive", into: &m) { .raw($0.bytes.bool() ? "true" : "false") }
        return .object(m)
    }

    mutating func start(session: String) -> JText {
        var m: [(String, JText)] = [("session", .string(session))]
        transitionSpec(into: &m)
        return .object(m)
    }
}

/// One run: a host with one session, driven through the server's request types.
final class SessionRun {
    let host = SessionHost(limits: fuzzLimits)
    lazy var router = RecordingRouter(host)
    let connection: ConnectionID = 1
    var now: UInt64 = 5_000_000_000
    var session = "s1"


    /// Parses a params text with the daemon's parser; nil when it refuses it.
    func parse(_ text: String) -> JSONValue? {
        try? JSONParser().parse(Array(text.utf8))
    }

    /// Decodes params the way the dispatcher does; nil when they do not decode.
    func decode<R: RequestType>(_ type: R.Type, _ params: JSONValue) -> R? {
        do throws(JSONDecodingError) {
            return try R(json: JSONCursor(params))
        } catch {
            fuzzLog("\(R.method) params refused: \(error)")
            return nil
        }
    }

    func decode<R: RequestType>(_ type: R.Type, _ params: JText) -> R? {
        let text = params.text
        fuzzLog("\(R.method) \(text)")
        guard let value = parse(text) else {
            fuzzLog("  (the parser refuses it)")
            return nil
        }
        return decode(type, value)
    }

    static func encoded<T: JSONEncodable>(_ value: T) -> String {
        var w = JSONByteWriter()
        value.encode(to: &w)
        let text = String(decoding: w.bytes, as: UTF8.self)
        return text.count > 600 ? String(text.prefix(600)) + "..." : text
    }

    func drain() {
        for d in router.deliveries { OutputCheck.checkNotification(d.body) }
        router.deliveries.removeAll(keepingCapacity: true)
    }

    /// Calls a host method; a refusal (ResponseError) is an answer, not a failure.
    func call<T: JSONEncodable>(_ method: String, _ body: () throws(ResponseError) -> T) {
        now += 16_000_000
        do throws(ResponseError) {
            let result = try body()
            if fuzzVerbose { fuzzLog("\(method) -> " + Self.encoded(result)) }
            OutputCheck.checkResult(result, method: method)
        } catch {
            fuzzLog("\(method) -> error \(error.code.rawValue): \(error.message)")
        }
        router.record(host.tickRealtime(now: now).emissions)
        drain()
    }

    func create(_ params: JSONValue) -> Bool {
        fuzzLog("session/create " + Self.encoded(params))
        guard let r = decode(SessionCreateRequest.self, params) else { return false }
        let result: SessionCreated
        do throws(ResponseError) {
            result = try host.create(r, connection: connection, now: now)
        } catch {
            fuzzLog("session/create -> error \(error.code.rawValue): \(error.message)")
            return false
        }
        fuzzLog("session/create -> " + Self.encoded(result))
        OutputCheck.checkResult(result, method: "session/create")
        session = result.session
        return true
    }

    func start(_ params: JSONValue) {
        guard var object = params.objectValue else { return }
        object.updateValue(.string(session), forKey: "session")
        fuzzLog("transition/start " + Self.encoded(JSONValue.object(object)))
        guard let r = decode(TransitionStartRequest.self, .object(object)) else { return }
        call("transition/start") { () throws(ResponseError) in try host.start(r, now: now) }
    }

    func advance(by seconds: String) {
        guard let r = decode(ClockAdvanceRequest.self, .object([("session", .string(session)), ("by", .raw(seconds))]))
        else { return }
        advance(r)
    }

    func advance(_ r: ClockAdvanceRequest) {
        now += 16_000_000
        let result: AdvanceResult
        do throws(ResponseError) {
            result = try host.advance(r, now: now)
        } catch {
            fuzzLog("clock/advance -> error \(error.code.rawValue): \(error.message)")
            return
        }
        if fuzzVerbose { fuzzLog("clock/advance -> " + Self.encoded(result)) }
        if case .tick(let tick) = result { OutputCheck.checkTick(tick.payload) }
        OutputCheck.checkResult(result, method: "clock/advance")
        router.record(host.tickRealtime(now: now).emissions)
        drain()
    }

    func sample(progress: String, extra: [(String, JText)] = []) {
        let params = JText.object([("session", .string(session)), ("progress", .raw(progress))] + extra)
        guard let r = decode(TransitionSampleRequest.self, params) else { return }
        call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now) }
    }

    func cancelInPlace() {
        call("transition/cancelInPlace") { () throws(ResponseError) in try host.cancelInPlace(session, now: now) }
    }

    /// A method by name with its params, the session filled in: the JSON form's "steps".
    func perform(_ method: String, _ given: JSONValue?) {
        var object = given?.objectValue ?? JSONObject()
        object.updateValue(.string(session), forKey: "session")
        let params = JSONValue.object(object)
        fuzzLog("\(method) " + Self.encoded(params))
        switch method {
        case ClockAdvanceRequest.method:
            if let r = decode(ClockAdvanceRequest.self, params) { advance(r) }
        case TransitionSampleRequest.method:
            if let r = decode(TransitionSampleRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.sample(r, now: now) }
            }
        case TransitionStartRequest.method:
            if let r = decode(TransitionStartRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.start(r, now: now) }
            }
        case TransitionRetargetRequest.method:
            if let r = decode(TransitionRetargetRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.retarget(r, now: now) }
            }
        case TransitionScrubRequest.method:
            if let r = decode(TransitionScrubRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.scrub(r, now: now) }
            }
        case TransitionFinishRequest.method:
            if let r = decode(TransitionFinishRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.finish(r.leg, cancel: false, now: now) }
            }
        case TransitionCancelRequest.method:
            if let r = decode(TransitionCancelRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.finish(r.leg, cancel: true, now: now) }
            }
        case TransitionCancelInPlaceRequest.method:
            cancelInPlace()
        case TransitionStatusRequest.method:
            call(method) { () throws(ResponseError) in try host.status(session, now: now) }
        case SessionUpdateRequest.method:
            if let r = decode(SessionUpdateRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.update(r) }
            }
        case SessionScrollRequest.method:
            if let r = decode(SessionScrollRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.scroll(r) }
            }
        case LayoutAttributesRequest.method:
            if let r = decode(LayoutAttributesRequest.self, params) {
                call(method) { () throws(ResponseError) in try host.attributes(r) }
            }
        default:
            fuzzLog("  (not a session method this target runs)")
        }
    }

    /// What the fuzzer chooses after the first start.
    func step(_ b: inout ParamsBuilder) {
        let s = JText.string(session)
        switch b.bytes.below(14) {
        case 0, 1:
            var m: [(String, JText)] = [("session", s)]
            m.append(b.bytes.below(4) == 0 ? ("to", b.number(ParamsBuilder.times)) : ("by", b.number(ParamsBuilder.times)))
            if let r = decode(ClockAdvanceRequest.self, .object(m)) { advance(r) }
        case 2:
            var extra: [(String, JText)] = []
            if b.bytes.bool() { extra.append(("rect", b.rect())) }
            if b.bytes.below(4) == 0 { extra.append(("all", .raw("true"))) }
            sample(progress: b.number(ParamsBuilder.unitNumbers).text, extra: extra)
        case 3:
            let params = JText.object([("session", s), ("time", b.number(ParamsBuilder.times))])
            if let r = decode(TransitionSampleRequest.self, params) {
                call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now) }
            }
        case 4:
            var m: [(String, JText)] = [("session", s), ("progress", b.number(ParamsBuilder.unitNumbers))]
            b.transitionSpec(into: &m)
            if let r = decode(TransitionSampleRequest.self, .object(m)) {
                call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now) }
            }
        case 5:
            cancelInPlace()
        case 6:
            if let r = decode(TransitionStartRequest.self, b.start(session: session)) {
                call("transition/start") { () throws(ResponseError) in try host.start(r, now: now) }
            }
        case 7:
            let params = JText.object([("session", s), ("progress", b.number(ParamsBuilder.unitNumbers))])
            if let r = decode(TransitionScrubRequest.self, params) {
                call("transition/scrub") { () throws(ResponseError) in try host.scrub(r, now: now) }
            }
        case 8:
            var m: [(String, JText)] = [("session", s)]
            b.maybe("duration", into: &m) { $0.number(ParamsBuilder.durations) }
            b.maybe("timing", into: &m) { $0.timing() }
            b.maybe("velocity", into: &m) { $0.number(["0", "1", "-1", "100", "1e9"]) }
            if b.bytes.bool() {
                if let r = decode(TransitionFinishRequest.self, .object(m)) {
                    call("transition/finish") { () throws(ResponseError) in try host.finish(r.leg, cancel: false, now: now) }
                }
            } else if let r = decode(TransitionCancelRequest.self, .object(m)) {
                call("transition/cancel") { () throws(ResponseError) in try host.finish(r.leg, cancel: true, now: now) }
            }
        case 9:
            var m: [(String, JText)] = [("session", s)]
            b.transitionSpec(into: &m)
            if let r = decode(TransitionRetargetRequest.self, .object(m)) {
                call("transition/retarget") { () throws(ResponseError) in try host.retarget(r, now: now) }
            }
        case 10:
            var m: [(String, JText)] = [("session", s)]
            b.maybe("viewport", into: &m) { $0.size() }
            b.maybe("contentInset", into: &m) { $0.insets() }
            b.maybe("sections", into: &m) { $0.sections() }
            b.maybe("layout", into: &m) { $0.layout() }
            if let r = decode(SessionUpdateRequest.self, .object(m)) {
                call("session/update") { () throws(ResponseError) in try host.update(r) }
            }
        case 11:
            if let r = decode(SessionScrollRequest.self, .object([("session", s), ("contentOffset", b.point())])) {
                call("session/scroll") { () throws(ResponseError) in try host.scroll(r) }
            }
        case 12:
            var m: [(String, JText)] = [("session", s)]
            b.maybe("rect", into: &m) { $0.rect() }
            if b.bytes.below(4) == 0 { m.append(("all", .raw("true"))) }
            if let r = decode(LayoutAttributesRequest.self, .object(m)) {
                call("layout/attributes") { () throws(ResponseError) in try host.attributes(r) }
            }
            call("transition/status") { () throws(ResponseError) in try host.status(session, now: now) }
        default:
            // A realtime session moves with the monotonic clock: let some time pass.
            now += UInt64(b.bytes.byte()) * 4_000_000
            router.record(host.tickRealtime(now: now).emissions)
            drain()
        }
    }

    /// The fixed tail: frames, samples at the extremes, cancelInPlace, start again, the end.
    func tail(start: JSONValue?) {
        for _ in 0..<3 { advance(by: "0.016666666666666666") }
        for p in ["0", "1", "0.5", "-1e9", "1e9", "1e-300", "-1e-300", "0.9999999999999999", "1e308", "-1e308"] {
            sample(progress: p)
        }
        cancelInPlace()
        if let start { self.start(start) }
        for _ in 0..<2 { advance(by: "0.1") }
        sample(progress: "0.5", extra: [("all", .raw("true"))])
        advance(by: "1e6")
        call("transition/status") { () throws(ResponseError) in try host.status(session, now: now) }
        now += 2_000_000_000
        router.record(host.tickRealtime(now: now).emissions)
        drain()
        call("session/dispose") { () throws(ResponseError) -> NullResult in
            try host.dispose(session, now: now)
            return NullResult()
        }
    }
}

enum SessionParamsFuzz {
    static func run(_ data: [UInt8]) {
        let run = SessionRun()
        if data.first == UInt8(ascii: "{") {
            // JSON form: {"create": {...}, "start": {...}, "steps": [[method, params], ...]}.
            guard let value = run.parse(String(decoding: data, as: UTF8.self)),
                let create = value["create"], run.create(create)
            else { return }
            let start = value["start"]
            if let start { run.start(start) }
            for step in value["steps"]?.arrayValue ?? [] {
                guard let pair = step.arrayValue, let method = pair.first?.stringValue else { continue }
                run.perform(method, pair.count > 1 ? pair[1] : nil)
            }
            run.tail(start: start)
            return
        }
        var b = ParamsBuilder(bytes: FuzzBytes(data))
        guard let create = run.parse(b.create().text), run.create(create) else { return }
        let start = run.parse(b.start(session: run.session).text)
        if let start { run.start(start) }
        var steps = 0
        while !b.bytes.isExhausted && steps < 24 {
            run.step(&b)
            steps += 1
        }
        run.tail(start: start)
    }
}

/// The entry point libFuzzer calls (and the regression runner, for each saved input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    SessionParamsFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
