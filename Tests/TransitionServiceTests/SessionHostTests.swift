import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// Collects what the host emits, per connection, as each reader would parse it.
final class RecordingRouter {
    let host: SessionHost
    private var received: [ConnectionID: [JSONValue]] = [:]

    init(_ host: SessionHost) {
        self.host = host
    }

    func record(_ emissions: [Emission]) {
        for e in emissions {
            let message = try! JSONParser().parse(e.body())
            for c in e.audience { received[c, default: []].append(message) }
        }
    }

    /// Everything emitted so far (what waits in the host's outbox too).
    var messages: [ConnectionID: [JSONValue]] {
        record(host.takeEmissions())
        return received
    }

    func methods(_ c: ConnectionID) -> [String] {
        (messages[c] ?? []).compactMap { $0["method"]?.stringValue }
    }

    func params(_ c: ConnectionID, _ method: String) -> [JSONValue] {
        (messages[c] ?? []).filter { $0["method"]?.stringValue == method }.compactMap {
            $0["params"]
        }
    }
}

@Suite struct SessionHostTests {
    static func parse(_ text: String) -> JSONCursor {
        JSONCursor(try! JSONParser().parse(Array(text.utf8)))
    }

    static func create(
        _ host: SessionHost, connection: ConnectionID = 1, clock: String = "manual", fps: Int = 60,
        keepAlive: Bool = false, now: UInt64 = 0
    ) throws -> String {
        let r = try SessionCreateRequest(
            json: parse(
                """
                {"viewport":{"width":375,"height":667},"sections":[{"items":100}],"layout":{"type":"list","rowHeight":60},
                 "clock":"\(clock)","fps":\(fps),"keepAlive":\(keepAlive)}
                """))
        return try host.create(r, connection: connection, now: now).session
    }

    static func start(
        _ host: SessionHost, _ session: String, duration: Double = 0.5, now: UInt64 = 0,
        extra: String = ""
    ) throws {
        let r = try TransitionStartRequest(
            json: parse(
                """
                {"session":"\(session)","to":{"type":"grid","columns":2,"spacing":10,"lineSpacing":5,
                 "inset":{"top":10,"left":10,"bottom":10,"right":10}},"duration":\(duration)\(extra)}
                """))
        _ = try host.start(r, now: now)
    }

    @Test func manualClockTicksAndEndsOnce() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try Self.create(host)
        try Self.start(host, s)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":0.25}"#)), now: 0)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":0.25}"#)), now: 0)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":0.25}"#)), now: 0)
        #expect(router.methods(1) == ["transition/tick", "transition/tick", "transition/didEnd"])
        let ticks = router.params(1, "transition/tick")
        #expect(ticks.map { $0["progress"]?.doubleValue } == [0.5, 1])
        #expect(ticks.map { $0["seq"]?.int64Value } == [1, 2])
        let end = router.params(1, "transition/didEnd")[0]
        #expect(end["reason"]?.stringValue == "finished" && end["completed"]?.boolValue == true)
    }

    @Test func realtimePacingUsesAbsoluteDeadlines() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try Self.create(host, clock: "realtime", fps: 120)
        try Self.start(host, s, duration: 1)
        // Timer callbacks arrive late by varying amounts; deadlines stay on the grid.
        var now: UInt64 = 0
        var lateness: UInt64 = 0
        while true {
            let round = host.tickRealtime(now: now)
            router.record(round.emissions)
            guard let next = round.next else { break }
            lateness = (lateness + 700_000) % 3_000_000
            now = next + lateness
        }
        let times = router.params(1, "transition/tick").compactMap { $0["time"]?.doubleValue }
        #expect(times.count == 121, "\(times.prefix(3)) ... \(times.suffix(3))")
        for (k, t) in times.enumerated() {
            #expect(abs(t - Double(k) / 120) < 1e-6, "tick \(k) at \(t)")
        }
        #expect(router.methods(1).last == "transition/didEnd")
    }

    @Test func theFirstTickAfterAStopCarriesThePresentTime() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try Self.create(host, clock: "realtime", fps: 60)
        try Self.start(host, s, duration: 10)
        let first = host.tickRealtime(now: 0)
        router.record(first.emissions)
        // SIGSTOP for 3.5 s: the timer fires late, long past the next deadline.
        let resumed: UInt64 = 3_500_000_000
        router.record(host.tickRealtime(now: resumed).emissions)
        let times = router.params(1, "transition/tick").compactMap { $0["time"]?.doubleValue }
        // 3.5 s is grid point 210 at 60 fps: the tick shows it, not the pre-stop 1/60 s.
        #expect(times.count == 2 && abs(times[1] - 3.5) < 1e-6, "\(times)")
        let next = try #require(host.tickRealtime(now: resumed).next)
        #expect(next == 211 * 1_000_000_000 / 60)
    }

    @Test func connectionCloseDisposesUnlessKeptAlive() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let owned = try Self.create(host, connection: 1)
        let kept = try Self.create(host, connection: 1, keepAlive: true)
        _ = try host.subscribe(.id(owned), connection: 2)
        try Self.start(host, owned)
        host.connectionClosed(1, now: 0)
        #expect(host.liveSession(owned) == nil && host.liveSession(kept) != nil)
        let ends = router.params(2, "transition/didEnd")
        #expect(ends.count == 1 && ends[0]["reason"]?.stringValue == "disposed")
    }

    @Test func errorsNameTheFieldAndTheState() throws {
        let host = SessionHost()
        #expect(throws: ResponseError.unknownSession("s9")) { _ = try host.status("s9", now: 0) }
        let s = try Self.create(host, clock: "realtime")
        #expect(throws: ResponseError.notManualClock(s)) {
            _ = try host.advance(
                ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":1}"#)), now: 0)
        }
        #expect(throws: ResponseError.noTransition(s)) { _ = try host.cancelInPlace(s, now: 0) }
        try Self.start(host, s)
        #expect(throws: ResponseError.transitionInFlight(s)) {
            _ = try host.scroll(
                SessionScrollRequest(
                    json: Self.parse(#"{"session":"\#(s)","contentOffset":{"x":0,"y":5}}"#)))
        }
        // A bad timing curve is refused while decoding, naming the member the client sent.
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.spring.mass", expected: "a finite number > 0", found: "0.0")
        ) {
            try Self.start(
                host, s, extra: #","timing":{"spring":{"mass":0,"stiffness":100,"damping":10}}"#)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.spring.dampingFraction", expected: "a finite number >= 0",
                found: "-1.0")
        ) {
            try Self.start(
                host, s, extra: #","timing":{"spring":{"response":0.3,"dampingFraction":-1}}"#)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.cubicBezier[2]", expected: "a finite number in [0, 1]",
                found: "2.0")
        ) {
            try Self.start(host, s, extra: #","timing":{"cubicBezier":[0,0,2,1]}"#)
        }
        // Outputs are bounded like every other number, so the offset stays finite.
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.cubicBezier[1]", expected: "a number from -1e9 to 1e9",
                found: "-1e+300")
        ) {
            try Self.start(host, s, extra: #","timing":{"cubicBezier":[0,-1e300,1,1]}"#)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.linear[1]", expected: "a value from -1e9 to 1e9",
                found: "1e+300")
        ) {
            try Self.start(host, s, extra: #","timing":{"linear":[0,1e300,1]}"#)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.timing.linear", expected: "at least 2 items", found: "1 stop")
        ) {
            try Self.start(host, s, extra: #","timing":{"linear":[0]}"#)
        }
        var oneSession = ServiceLimits()
        oneSession.maxSessionsPerConnection = 1
        let limited = SessionHost(limits: oneSession)
        _ = try Self.create(limited)
        #expect(throws: ResponseError.self) { _ = try Self.create(limited) }
    }

    @Test func ticksAreCappedAndSayTheyWereCut() throws {
        var capped = ServiceLimits()
        capped.maxAttributesPerTick = 50
        capped.maxItemsPerSession = 100_000
        let host = SessionHost(limits: capped)
        let router = RecordingRouter(host)
        let r = try SessionCreateRequest(
            json: Self.parse(
                """
                {"viewport":{"width":375,"height":667},"sections":[{"items":100000}],"layout":{"type":"list","rowHeight":0},"clock":"manual"}
                """))
        let s = try host.create(r, connection: 1, now: 0).session
        // Both layouts put every row at y = 0: all 100,000 are visible at once.
        _ = try host.start(
            TransitionStartRequest(
                json: Self.parse(
                    """
                    {"session":"\(s)","to":{"type":"list","rowHeight":0,"inset":{"left":10}},"duration":1}
                    """)), now: 0)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":0.1}"#)), now: 0)
        let tick = try #require(router.params(1, "transition/tick").first)
        #expect(tick["truncated"]?.boolValue == true)
        #expect(tick["attributes"]?.arrayValue?.count == 50)
    }

    @Test func sampleMatchesTheTickAtTheSameProgress() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try Self.create(host)
        try Self.start(host, s, extra: #","timing":{"easing":"quarticEaseInOut"}"#)
        let tick = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(s)","by":0.2}"#)), now: 0)
        guard case .tick(let params) = tick else {
            Issue.record("no tick")
            return
        }
        let payload = params.payload
        let sample = try host.sample(
            TransitionSampleRequest(
                json: Self.parse(#"{"session":"\#(s)","progress":\#(payload.sample.progress)}"#)),
            now: 0)
        #expect(sample.attributes.records == payload.attributes.records)
        #expect(!sample.attributes.isEmpty)
    }
}
