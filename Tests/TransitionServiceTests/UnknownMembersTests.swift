import JSONRPC
import Testing

@testable import TransitionService

/// Issue 29's misspellings, which the daemon used to ignore: each is refused by name with
/// the member meant, and leaves the session as it was.
@Suite struct UnknownMembersTests {
    private static let grid = #"{"type":"grid","columns":2}"#

    /// Sends a request and returns its error's `data` (nil when it succeeded).
    private func refusal(
        _ h: HubHarness, _ t: FakeTransport, _ id: Int, _ method: String, _ params: String
    ) -> JSONValue? {
        t.receive(ConnectionHarness.request(id, method, params))
        let reply = t.takeMessages().first { $0["id"]?.int64Value == Int64(id) }
        return reply?["error"]?["data"]
    }

    private func state(_ h: HubHarness, _ t: FakeTransport, _ session: String) -> String? {
        h.call(t, 90, "transition/status", #"{"session":"\#(session)"}"#)?["state"]?.stringValue
    }

    @Test func aMisspeltInteractiveStartsNoTransition() {
        let h = HubHarness()
        let t = h.connect()
        let s = h.createSession(t, id: 1)
        let data = refusal(
            h, t, 2, "transition/start",
            #"{"session":"\#(s)","to":\#(Self.grid),"interactiv":true}"#)
        #expect(data?["field"] == "params.interactiv")
        #expect(data?["suggestion"] == "interactive")
        #expect(data?["reason"] == "unknown member; did you mean `interactive`?")
        #expect(state(h, t, s) == "idle")
    }

    @Test func aMisspeltVelocityLeavesTheGestureRunning() {
        let h = HubHarness()
        let t = h.connect()
        let s = h.createSession(t, id: 1)
        h.call(
            t, 2, "transition/start", #"{"session":"\#(s)","to":\#(Self.grid),"interactive":true}"#)
        h.call(t, 3, "transition/scrub", #"{"session":"\#(s)","progress":0.4}"#)
        let data = refusal(h, t, 4, "transition/release", #"{"session":"\#(s)","velocty":3}"#)
        #expect(data?["field"] == "params.velocty")
        #expect(data?["suggestion"] == "velocity")
        #expect(state(h, t, s) == "paused")
    }

    @Test func aMisspeltLayoutMemberOrKeepAliveCreatesNoSession() {
        let h = HubHarness()
        let t = h.connect()
        let base = #""viewport":{"width":375,"height":667},"sections":[{"items":4}]"#
        let spacing = refusal(
            h, t, 1, "session/create",
            #"{\#(base),"layout":{"type":"list","rowHeight":60,"spacng":4}}"#)
        #expect(spacing?["field"] == "params.layout.spacng")
        #expect(spacing?["suggestion"] == "spacing")
        let keepAlive = refusal(
            h, t, 2, "session/create",
            #"{\#(base),"layout":{"type":"list","rowHeight":60},"keepalive":true}"#)
        #expect(keepAlive?["field"] == "params.keepalive")
        #expect(keepAlive?["suggestion"] == "keepAlive")
        #expect(h.call(t, 3, "session/list", "{}")?["sessions"] == [])
    }

    @Test func aClientThatAskedForLenienceHasUnknownMembersIgnored() {
        let h = HubHarness()
        let t = FakeTransport()
        h.hub.open(t, wire: LSPFraming())
        t.receive(
            ConnectionHarness.request(
                0, "initialize", #"{"initializationOptions":{"unknownMembers":"ignore"}}"#))
        _ = t.takeMessages()
        let s = h.createSession(t, id: 1)
        // As before the check: the misspelt member is ignored, the transition animated.
        h.call(
            t, 2, "transition/start",
            #"{"session":"\#(s)","to":\#(Self.grid),"interactiv":true,"duration":1}"#)
        #expect(state(h, t, s) == "running")
    }

    @Test func aStaggerOriginIsRefusedWithTheIndexOrder() {
        let h = HubHarness()
        let t = h.connect()
        let s = h.createSession(t, id: 1)
        let data = refusal(
            h, t, 2, "transition/start",
            #"{"session":"\#(s)","to":\#(Self.grid),"stagger":{"delay":0.1,"from":[0,3]}}"#)
        #expect(data?["field"] == "params.stagger.from")
        #expect(data?["reason"] == #"only with "order": "distance""#)
    }

    @Test func initializeAdvertisesTheLimitsAClientCanHit() {
        var limits = ServiceLimits()
        limits.maxMessageBytes = 4096
        let h = HubHarness(limits: limits)
        let t = FakeTransport()
        h.hub.open(t, wire: LSPFraming())
        t.receive(ConnectionHarness.initialize)
        let capabilities = t.takeMessages().first?["result"]?["capabilities"]
        #expect(
            capabilities?["limits"]
                == [
                    "maxMessageBytes": 4096, "maxHeaderBytes": 8192, "maxDepth": 128,
                    "maxBatch": 1000, "maxBacklogBytes": 67_108_864,
                    "maxAttributesPerResponse": 100_000, "maxAttributesPerTick": 10_000,
                ])
    }
}
