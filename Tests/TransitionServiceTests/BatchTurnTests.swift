import JSONRPC
import Testing

@testable import TransitionService

/// A batch is handled a message at a time, taking turns with the other clients like a
/// pipeline: one long batch never holds the daemon for its whole length.
@Suite struct BatchTurnTests {
    /// One framed batch of `messages` (JSON texts).
    static func batch(_ messages: [String]) -> [UInt8] {
        FrameWriter.frame(Array(("[" + messages.joined(separator: ",") + "]").utf8))
    }

    static func lists(_ ids: ClosedRange<Int>) -> [String] {
        ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"session/list","params":{}}"# }
    }

    @Test func anotherClientIsAnsweredBeforeALongBatchsResponse() throws {
        let h = HubHarness()
        let busy = h.connect()
        let other = h.connect()
        busy.receive(Self.batch(Self.lists(1...600)))
        // The first turn took its share of the batch; its response waits for the rest.
        #expect(busy.takeMessages().isEmpty)
        #expect(h.turns.isActive && !busy.isReading)

        #expect(h.call(other, 1, "session/list", "{}")?["sessions"] == [])

        h.hub.giveTurns()
        #expect(busy.takeMessages().isEmpty)
        h.hub.giveTurns()
        let messages = busy.takeMessages()
        #expect(messages.count == 1)
        let responses = messages.first?.arrayValue ?? []
        #expect(responses.map { $0["id"]?.int64Value } == (1...600).map { Int64($0) })
        #expect(!h.turns.isActive && busy.isReading)
    }

    @Test func aBatchsResponseIsTheSameAsWhenHandledInOneGo() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"session/list","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"no/such","params":{}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"session/list","params":{}}"#,
            "1",
        ]
        let body = Array(("[" + messages.joined(separator: ",") + "]").utf8)
        let h = HubHarness()
        var inOneGo = h.connection(h.connect()).dispatcher
        var byTurns = inOneGo
        let whole = inOneGo.handle(body: body)
        var stepped: [Outgoing] = []
        byTurns.begin(body: body, into: &stepped)
        var steps = 1
        while byTurns.hasBatchInProgress {
            #expect(stepped.isEmpty)
            byTurns.continueBatch(into: &stepped)
            steps += 1
        }
        #expect(steps == messages.count)
        #expect(stepped == whole)
    }

    @Test func aRealtimeTickOwedDuringABatchFollowsItsResponse() throws {
        let h = HubHarness()
        let owner = h.connect()
        let s = h.createSession(owner, id: 1)
        let start =
            #"{"jsonrpc":"2.0","id":2,"method":"transition/start","params":{"session":"\#(s)","to":{"type":"grid","columns":2},"duration":1}}"#
        owner.receive(Self.batch([start] + Self.lists(3...400)))
        // The transition's first tick was due at the end of the first turn: it waits.
        #expect(owner.writes.isEmpty)

        h.hub.giveTurns()
        let messages = owner.takeMessages()
        #expect(messages.count == 2)
        #expect(messages.first?.arrayValue?.count == 399)
        #expect(messages.first?.arrayValue?.first?["result"]?["transition"] != nil)
        #expect(messages.last?["method"]?.stringValue == "transition/tick")
        #expect(messages.last?["params"]?["seq"]?.int64Value == 1)
    }
}
