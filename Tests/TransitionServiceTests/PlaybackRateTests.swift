import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// `clock/setRate`: a session's time runs at its rate against its clock, realtime
/// (monotonic time injected here) or manual, in flight or at rest, without jumps.
@Suite struct PlaybackRateTests {
    static func setRate(_ host: SessionHost, _ s: String, _ rate: Double, now: UInt64) throws
        -> ClockRate
    {
        try host.setRate(
            ClockSetRateRequest(
                json: SessionHostTests.parse(#"{"session":"\#(s)","rate":\#(rate)}"#)), now: now)
    }

    /// Ticks of a whole transition paced by the host, with their session times.
    static func play(_ host: SessionHost, _ router: RecordingRouter, from start: UInt64) -> UInt64 {
        var now = start
        while true {
            let round = host.tickRealtime(now: now)
            router.record(round.emissions)
            guard let next = round.next else { return now }
            now = next
        }
    }

    @Test func aQuarterRatePlaysHalfASecondOverTwoSeconds() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try SessionHostTests.create(host, clock: "realtime", fps: 50)
        #expect(try Self.setRate(host, s, 0.25, now: 0).time == 0)
        try SessionHostTests.start(host, s, duration: 0.5)
        let ended = Self.play(host, router, from: 0)
        // The last tick (the one that ends it) comes 2 s of the clock after the start.
        #expect(ended == 2_000_000_000)
        let ticks = router.params(1, "transition/tick")
        let times = ticks.compactMap { $0["time"]?.doubleValue }
        #expect(times.count == 101)
        for (k, t) in times.enumerated() {
            #expect(abs(t - Double(k) * 0.25 / 50) < 1e-9, "tick \(k) at \(t)")
        }
        #expect(ticks.last?["progress"]?.doubleValue == 1)
        #expect(router.methods(1).last == "transition/didEnd")
    }

    @Test func changingTheRateInFlightKeepsTheTimeContinuous() throws {
        let host = SessionHost()
        let router = RecordingRouter(host)
        let s = try SessionHostTests.create(host, clock: "realtime", fps: 10)
        try SessionHostTests.start(host, s, duration: 1)
        router.record(host.tickRealtime(now: 0).emissions)
        router.record(host.tickRealtime(now: 400_000_000).emissions)
        // At 0.4 s, slowed to a tenth: the time stays 0.4, then runs at 0.1.
        let changed = try Self.setRate(host, s, 0.1, now: 400_000_000)
        #expect(changed.rate == 0.1 && abs(changed.time - 0.4) < 1e-12)
        router.record(host.tickRealtime(now: 1_400_000_000).emissions)
        let times = router.params(1, "transition/tick").compactMap { $0["time"]?.doubleValue }
        #expect(times.count == 3 && abs(times[2] - 0.5) < 1e-9, "\(times)")
        let status = host.status(try host.session(s), now: 1_400_000_000)
        #expect(status.rate == 0.1 && abs((status.inFlight?.sample.progress ?? 0) - 0.5) < 1e-9)
        #expect(host.list(connection: 1).sessions.first?.rate == 0.1)
    }

    @Test func aManualClockScalesByButNotTo() throws {
        let host = SessionHost()
        let s = try SessionHostTests.create(host)
        try SessionHostTests.start(host, s, duration: 4)
        _ = try Self.setRate(host, s, 0.5, now: 0)
        func advance(_ params: String) throws -> Double? {
            let result = try host.advance(
                ClockAdvanceRequest(
                    json: SessionHostTests.parse(#"{"session":"\#(s)",\#(params)}"#)),
                now: 0)
            guard case .tick(let tick) = result else { return nil }
            return tick.payload.time
        }
        #expect(try advance(#""by":1"#) == 0.5)
        #expect(try advance(#""to":2"#) == 2)
        _ = try Self.setRate(host, s, 4, now: 0)
        #expect(try advance(#""by":0.25"#) == 3)
    }

    @Test func ratesOutsideTheRangeAreRefused() throws {
        let host = SessionHost()
        let s = try SessionHostTests.create(host)
        for rate in [0, 0.009, 100.5, -1] {
            #expect(throws: ResponseError.self) { _ = try Self.setRate(host, s, rate, now: 0) }
        }
        #expect(try Self.setRate(host, s, 0.01, now: 0).rate == 0.01)
        #expect(try Self.setRate(host, s, 100, now: 0).rate == 100)
    }
}
