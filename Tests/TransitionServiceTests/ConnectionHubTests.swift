import JSONRPC
import Testing

@testable import TransitionService

@Suite struct ConnectionHubTests {
    @Test func theTicksOfOneWakeUpReachEachConnectionInOneWrite() throws {
        let h = HubHarness()
        let owner = h.connect()
        let watcher = h.connect()
        let s1 = h.createSession(owner, id: 1)
        let s2 = h.createSession(owner, id: 2)
        h.call(watcher, 1, "session/subscribe", #"{"session":"\#(s1)"}"#)
        // Both transitions start in one read: their first ticks are due at once.
        owner.receive(HubHarness.start(3, s1) + HubHarness.start(4, s2))
        #expect(owner.takeTicks().map(\.seq) == [1, 1])
        #expect(watcher.takeTicks().map(\.seq) == [1])
        #expect(h.timer.deadline == HubHarness.deadline(1))

        h.fireTimer()
        #expect(owner.writes.count == 1 && watcher.writes.count == 1)
        let ticks = owner.takeTicks()
        #expect(ticks.map(\.session) == [s1, s2] && ticks.map(\.seq) == [2, 2])
        #expect(watcher.takeTicks().map { "\($0.session) \($0.seq)" } == ["\(s1) 2"])
        #expect(h.timer.deadline == HubHarness.deadline(2))
    }

    @Test func theReplyToAStartAndItsFirstTickGoOutInOneWrite() throws {
        let h = HubHarness()
        let owner = h.connect()
        let s = h.createSession(owner, id: 1)
        owner.receive(HubHarness.start(2, s))
        #expect(owner.writes.count == 1)
        let messages = owner.takeMessages()
        #expect(messages.count == 2)
        #expect(messages.first?["id"]?.int64Value == 2)
        #expect(messages.last?["method"]?.stringValue == "transition/tick")
        #expect(messages.last?["params"]?["seq"]?.int64Value == 1)
    }

    @Test func subscribersAreTheAudienceUntilTheyUnsubscribe() throws {
        let h = HubHarness()
        let owner = h.connect()
        let watcher = h.connect()
        let s = h.createSession(owner, id: 1)
        owner.receive(HubHarness.start(2, s))
        _ = owner.takeMessages()

        h.call(watcher, 1, "session/subscribe", #"{"session":"\#(s)"}"#)
        h.fireTimer()
        #expect(owner.takeTicks().map(\.seq) == [2])
        #expect(watcher.takeTicks().map(\.seq) == [2])

        h.call(watcher, 2, "session/unsubscribe", #"{"session":"\#(s)"}"#)
        h.fireTimer()
        #expect(owner.takeTicks().map(\.seq) == [3])
        #expect(watcher.writes.isEmpty)

        // The owner's connection ends: its session is disposed, and the subscriber is
        // told; no session is left to tick.
        h.call(watcher, 3, "session/subscribe", #"{"session":"\#(s)"}"#)
        h.hub.close(h.connection(owner))
        let ends = watcher.takeMessages().filter {
            $0["method"]?.stringValue == "transition/didEnd"
        }
        #expect(ends.map { $0["params"]?["reason"]?.stringValue } == ["disposed"])
        #expect(owner.isClosed && h.hub.connections.count == 1)
        #expect(h.timer.deadline == nil)
    }

    @Test func aSaturatedReaderGetsTheNewestTickAndCostsNoTicks() throws {
        let h = HubHarness()
        let slow = h.connect()
        let fast = h.connect()
        let s = h.createSession(slow, id: 1)
        h.call(fast, 1, "session/subscribe", #"{"session":"\#(s)"}"#)
        slow.receive(HubHarness.start(2, s))
        _ = slow.takeMessages()
        _ = fast.takeMessages()

        // The slow client stops reading with its high-water mark of bytes unread.
        slow.peerReads = false
        slow.queuedBytes = BackpressureLimits().highWater
        let slowConnection = h.connection(slow)
        for _ in 1...5 { h.fireTimer() }
        // The other reader gets every tick; the slow one's newest waits, replacing the
        // older ones.
        #expect(fast.takeTicks().map(\.seq) == [2, 3, 4, 5, 6])
        #expect(slow.writes.isEmpty)
        #expect(slowConnection.sessionsWithPendingTicks == [s] && slowConnection.skippedTicks == 4)

        // With its only other reader gone, every reader of the session is saturated:
        // the daemon builds no tick for it (nothing is replaced), the clock runs on.
        h.call(fast, 2, "session/unsubscribe", #"{"session":"\#(s)"}"#)
        for _ in 1...3 { h.fireTimer() }
        #expect(slowConnection.skippedTicks == 4)

        slow.drain()
        #expect(slow.takeTicks().map(\.seq) == [6])
        h.fireTimer()
        // The next tick shows the gap of the ticks never built.
        #expect(slow.takeTicks().map(\.seq) == [10])
        #expect(!slowConnection.isCongested)
    }

    @Test func aReaderWhoseQueuePassesTheCapIsClosedAndItsSessionsEnd() throws {
        var limits = ServiceLimits()
        limits.maxBacklogBytes = 64 << 10
        let h = HubHarness(limits: limits)
        let slow = h.connect()
        let watcher = h.connect()
        // Twenty sessions of about 67 visible rows: their queued ticks pass 64 KiB.
        let sessions = (1...20).map { h.createSession(slow, id: $0, rowHeight: 10) }
        h.call(watcher, 1, "session/subscribe", #"{"session":"\#(sessions[0])"}"#)
        var tickBytes = 0
        for (i, s) in sessions.enumerated() {
            slow.receive(HubHarness.start(21 + i, s))
            tickBytes += slow.takeMessages().filter {
                $0["method"]?.stringValue == "transition/tick"
            }
            .map { $0.serialized().count }.reduce(0, +)
        }
        #expect(tickBytes > limits.maxBacklogBytes)
        _ = watcher.takeMessages()

        slow.peerReads = false
        slow.queuedBytes = BackpressureLimits(hardCap: limits.maxBacklogBytes).highWater
        // The round's ticks pass the cap while they are handed out: the connection is
        // closed, and the didEnd of its sessions follows the tick the watcher gets in
        // the same round; no session is left to tick.
        h.fireTimer()
        #expect(slow.isClosed && h.hub.connections.count == 1)
        let watched = watcher.takeMessages().compactMap { $0["method"]?.stringValue }
        #expect(watched == ["transition/tick", "transition/didEnd"])
        #expect(h.timer.deadline == nil)
    }

    @Test func aLongPipelineWaitsForItsTurnWhileOthersAreServed() throws {
        let h = HubHarness()
        let busy = h.connect()
        let other = h.connect()
        busy.receive((1...300).flatMap { ConnectionHarness.request($0, "session/list") })
        #expect(busy.takeMessages().count == Connection.messagesPerTurn)
        #expect(h.turns.isActive && !busy.isReading)

        // Another client is served before the busy one's next turn.
        #expect(h.call(other, 1, "session/list", "{}")?["sessions"] == [])

        h.hub.giveTurns()
        #expect(
            busy.takeMessages().map { $0["id"]?.int64Value }
                == (Connection.messagesPerTurn + 1...300).map { Int64($0) })
        #expect(!h.turns.isActive && busy.isReading)
    }

    @Test func theTimerStopsWhenTheLastTransitionEnds() throws {
        let h = HubHarness()
        let client = h.connect()
        let s = h.createSession(client, id: 1)
        client.receive(HubHarness.start(2, s, duration: 0.05))
        var messages = client.takeMessages()
        var fired = 0
        while let deadline = h.timer.deadline {
            #expect(deadline > h.clock)
            h.fireTimer()
            fired += 1
            messages += client.takeMessages()
        }
        // 50 ms at 60 fps: the ticks at 1/60, 2/60 and the last one at the end.
        #expect(fired == 3)
        let ticks = messages.filter { $0["method"]?.stringValue == "transition/tick" }
        #expect(ticks.map { $0["params"]?["seq"]?.int64Value } == [1, 2, 3, 4])
        #expect(ticks.last?["params"]?["progress"]?.doubleValue == 1)
        #expect(messages.last?["method"]?.stringValue == "transition/didEnd")
    }
}
