import JSONRPC
import Testing

@testable import TransitionService

/// How answers are grouped into writes (one write is one system call of the real
/// transport): small answers of one read together, large ones as soon as they reach
/// 64 KiB, and what waited for a slow client in one write when it catches up.
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

    private static func advance(_ id: Int, _ session: String, brief: Bool = false) -> [UInt8] {
        let reply = brief ? #","reply":"brief""# : ""
        return ConnectionHarness.request(
            id, "clock/advance", #"{"session":"\#(session)","by":0.1\#(reply)}"#)
    }

    /// The messages of one write: for each, "reply N" or "tick SEQ", and its bytes
    /// (header and body).
    private static func messages(of write: [UInt8]) -> [(name: String, bytes: Int)] {
        var reader = FrameReader()
        return reader.read(write).compactMap { event in
            guard case .message(let body) = event, let m = try? JSONParser().parse(body) else {
                return nil
            }
            let bytes = FrameWriter.frame(body).count
            if let id = m["id"]?.int64Value { return ("reply \(id)", bytes) }
            return ("tick \(m["params"]?["seq"]?.int64Value ?? -1)", bytes)
        }
    }

    /// The ids of responses and the seqs of ticks in one write, in order.
    private static func contents(of write: [UInt8]) -> [String] {
        messages(of: write).map(\.name)
    }

    /// What one read's answers hold goes out once it reaches 64 KiB (a few ticks of some
    /// 20 KB, each with its brief reply), before the next request is handled: the client
    /// reads those ticks while the daemon makes the next ones.
    @Test func answersGoOutOnceTheyHoldSixtyFourKibibytes() throws {
        let h = HubHarness()
        let t = h.connect()
        let s = Self.startLargeManualSession(h, t)
        t.receive((3...10).flatMap { Self.advance($0, s, brief: true) })
        let writes = t.writes.map(Self.messages)
        #expect(writes.count >= 2)
        #expect(
            writes.flatMap { $0.map(\.name) }
                == (1...8).flatMap { ["tick \($0)", "reply \($0 + 2)"] })
        for (n, write) in writes.enumerated() {
            let bytes = write.reduce(0) { $0 + $1.bytes }
            // Each write ends with an answer: a tick and its reply.
            #expect(write.count % 2 == 0 && write.last?.name.hasPrefix("reply") == true)
            // Less than 64 KiB before its last answer: sent as soon as it reached that.
            let beforeLast = write.dropLast(2).reduce(0) { $0 + $1.bytes }
            #expect(beforeLast < 64 << 10, "write \(n): \(beforeLast) bytes before its last")
            if n < writes.count - 1 {
                #expect(bytes >= 64 << 10, "write \(n): \(bytes) bytes")
            }
        }
    }

    /// Full replies repeat their tick: an answer of 64 KiB goes out alone, smaller ones
    /// two together.
    @Test func answersAsLargeAsTheLimitGoOutOneByOne() throws {
        let h = HubHarness()
        let t = h.connect()
        let s = Self.startLargeManualSession(h, t)
        t.receive(Self.advance(3, s) + Self.advance(4, s) + Self.advance(5, s))
        let writes = t.writes.map(Self.messages)
        #expect(
            writes.flatMap { $0.map(\.name) } == [
                "tick 1", "reply 3", "tick 2", "reply 4", "tick 3", "reply 5",
            ])
        let answer = writes[0][0].bytes + writes[0][1].bytes
        #expect(writes.count == (answer >= 64 << 10 ? 3 : 2), "an answer of \(answer) bytes")
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
