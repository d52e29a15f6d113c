import JSONRPC
import TransitionEngine

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
        guard
            let r = decode(
                ClockAdvanceRequest.self,
                .object([("session", .string(session)), ("by", .raw(seconds))]))
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
        let params = JText.object(
            [("session", .string(session)), ("progress", .raw(progress))] + extra)
        guard let r = decode(TransitionSampleRequest.self, params) else { return }
        call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now) }
    }

    func cancelInPlace() {
        call("transition/cancelInPlace") { () throws(ResponseError) in
            try host.cancelInPlace(session, now: now)
        }
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
                call(method) { () throws(ResponseError) in
                    try host.finish(r.leg, cancel: false, now: now)
                }
            }
        case TransitionCancelRequest.method:
            if let r = decode(TransitionCancelRequest.self, params) {
                call(method) { () throws(ResponseError) in
                    try host.finish(r.leg, cancel: true, now: now)
                }
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
            m.append(
                b.bytes.below(4) == 0
                    ? ("to", b.number(ParamsBuilder.times)) : ("by", b.number(ParamsBuilder.times)))
            if let r = decode(ClockAdvanceRequest.self, .object(m)) { advance(r) }
        case 2:
            var extra: [(String, JText)] = []
            if b.bytes.bool() { extra.append(("rect", b.rect())) }
            if b.bytes.below(4) == 0 { extra.append(("all", .raw("true"))) }
            sample(progress: b.number(ParamsBuilder.unitNumbers).text, extra: extra)
        case 3:
            let params = JText.object([("session", s), ("time", b.number(ParamsBuilder.times))])
            if let r = decode(TransitionSampleRequest.self, params) {
                call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now)
                }
            }
        case 4:
            var m: [(String, JText)] = [
                ("session", s), ("progress", b.number(ParamsBuilder.unitNumbers)),
            ]
            b.transitionSpec(into: &m)
            if let r = decode(TransitionSampleRequest.self, .object(m)) {
                call("transition/sample") { () throws(ResponseError) in try host.sample(r, now: now)
                }
            }
        case 5:
            cancelInPlace()
        case 6:
            if let r = decode(TransitionStartRequest.self, b.start(session: session)) {
                call("transition/start") { () throws(ResponseError) in try host.start(r, now: now) }
            }
        case 7:
            let params = JText.object([
                ("session", s), ("progress", b.number(ParamsBuilder.unitNumbers)),
            ])
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
                    call("transition/finish") { () throws(ResponseError) in
                        try host.finish(r.leg, cancel: false, now: now)
                    }
                }
            } else if let r = decode(TransitionCancelRequest.self, .object(m)) {
                call("transition/cancel") { () throws(ResponseError) in
                    try host.finish(r.leg, cancel: true, now: now)
                }
            }
        case 9:
            var m: [(String, JText)] = [("session", s)]
            b.transitionSpec(into: &m)
            if let r = decode(TransitionRetargetRequest.self, .object(m)) {
                call("transition/retarget") { () throws(ResponseError) in
                    try host.retarget(r, now: now)
                }
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
            if let r = decode(
                SessionScrollRequest.self, .object([("session", s), ("contentOffset", b.point())]))
            {
                call("session/scroll") { () throws(ResponseError) in try host.scroll(r) }
            }
        case 12:
            var m: [(String, JText)] = [("session", s)]
            b.maybe("rect", into: &m) { $0.rect() }
            if b.bytes.below(4) == 0 { m.append(("all", .raw("true"))) }
            if let r = decode(LayoutAttributesRequest.self, .object(m)) {
                call("layout/attributes") { () throws(ResponseError) in try host.attributes(r) }
            }
            call("transition/status") { () throws(ResponseError) in
                try host.status(session, now: now)
            }
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
        for p in [
            "0", "1", "0.5", "-1e9", "1e9", "1e-300", "-1e-300", "0.9999999999999999", "1e308",
            "-1e308",
        ] {
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
