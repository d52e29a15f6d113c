import JSONRPC
import Testing

@testable import TransitionService

/// How answers are grouped into writes (one write is one system call of the real
/// transport): small answers of one read together, a large one as soon as it is made,
/// and what waited for a slow client in one write when it catches up.
@Suite struct AnswerWritesTests {
    /// A manual-clock session of 10-column grids whose ticks are some 20 KB each.
    private static func startLargeManualSession(_ h: HubHarness, _ t: FakeTransport) -> String {
        let s = h.call(
            t, 1, "session/create",
            #"{"viewport":{"width":375,"height":667},"sections":[{"items":1000}],"layout":{"type":"grid","columns":10,"spacing":0},"clock":"manual"}"#
        )!["session"]!.stringValue!
        h.call(
            t, 2, "transition/start",
            #"{"session":"\#(s)","to":{"type":"grid","columns":8,"spacing":2},"duration":1}"#)
        t.clearWrites()
        return s
    }

    private static func advance(_ id: Int, _ session: String) -> [UInt8] {
        ConnectionHarness.request(id, "clock/advance", #"{"session":"\#(session)","by":0.1}"#)
    }

    /// The ids of responses and the seqs of ticks in one write, in order.
    private static func contents(of write: [UInt8]) -> [String] {
        var reader = FrameReader()
        return reader.read(write).compactMap { event in
            guard case .message(let body) = event, let m = try? JSONParser().parse(body) else {
                return nil
            }
            if let id = m["id"]?.int64Value { return "reply \(id)" }
            return "tick \(m["params"]?["seq"]?.int64Value ?? -1)"
        }
    }

    @Test func eachLargeAnswerGoesOutBeforeTheNextRequestIsHandled() throws {
        let h = HubHarness()
        let t = h.connect()
        let s = Self.startLargeManualSession(h, t)
        // Three advances in one read: the client can read the first tick while the
        // daemon makes the second.
        t.receive(Self.advance(3, s) + Self.advance(4, s) + Self.advance(5, s))
        #expect(t.writes.count == 3)
        #expect(
            t.writes.map(Self.contents) == [
                ["tick 1", "reply 3"], ["tick 2", "reply 4"], ["tick 3", "reply 5"],
            ])
        #expect(t.writes.allSatisfy { $0.count >= 2 * (16 << 10) })
    }

    @Test func smallAnswersOfOneReadGoOutInOneWrite() throws {
        let h = HubHarness()
        let t = h.connect()
        t.receive(
            ConnectionHarness.request(1, "session/list")
                + ConnectionHarness.request(2, "session/list")
                + ConnectionHarness.request(3, "session/list"))
        #expect(t.writes.count == 1)
        #expect(t.writes.map(Self.contents) == [["reply 1", "reply 2", "reply 3"]])
    }

    @Test func whatWaitedForASlowClientGoesOutInOneWrite() throws {
        let h = HubHarness()
        let slow = h.connect()
        let sessions = (1...3).map { h.createSession(slow, id: $0) }
        slow.receive(sessions.enumerated().flatMap { HubHarness.start(10 + $0, $1) })
        _ = slow.takeMessages()

        slow.peerReads = false
        slow.queuedBytes = BackpressureLimits().highWater
        h.fireTimer()
        #expect(slow.writes.isEmpty)
        #expect(h.connection(slow).sessionsWithPendingTicks.sorted() == sessions.sorted())

        slow.drain()
        #expect(slow.writes.count == 1)
        let ticks = slow.takeTicks()
        #expect(ticks.map(\.session).sorted() == sessions.sorted())
        #expect(ticks.allSatisfy { $0.seq == 2 })
    }
}
