import JSONRPC
import Testing

@testable import TransitionService

/// A connection with the daemon's methods and session host over a `FakeTransport`, its
/// time from a manual clock, its emissions delivered the way the daemon delivers them.
final class ConnectionHarness {
    let transport = FakeTransport()
    let turns = FakeTurns()
    var clock: UInt64 = 0
    /// Nanoseconds the clock moves each time it is read.
    var clockStep: UInt64 = 0
    private(set) var hub: ConnectionHub!
    private(set) var connection: Connection!
    /// What the hub told the daemon, in order.
    private(set) var events: [ServiceEvent] = []
    let limits: BackpressureLimits

    /// The daemon's only client (stdio) unless it takes turns, as a socket client does.
    init(
        takesTurns: Bool = false, limits: BackpressureLimits = BackpressureLimits(),
        wire: any WireFormat = LSPFraming()
    ) {
        self.limits = limits
        hub = ConnectionHub(
            host: SessionHost(), logger: .silent,
            now: { [unowned self] in
                self.clock += self.clockStep
                return self.clock
            })
        hub.turns = turns
        hub.onEvent = { [unowned self] in self.events.append($0) }
        connection = hub.open(
            transport, wire: wire, kind: takesTurns ? .unixSocket : .stdio, backpressure: limits)
    }

    var host: SessionHost { hub.host }

    /// Times the connection yielded its turn.
    var yields: Int { turns.starts }

    /// The codes of the `stop` events (the sole client's exit).
    var stops: [Int32] {
        events.compactMap { if case .stop(let code) = $0 { code } else { nil } }
    }

    /// How many times the hub said the connection closed, drained or lingered.
    func count(_ kind: String) -> Int {
        events.filter {
            switch $0 {
            case .closed: kind == "closed"
            case .draining: kind == "draining"
            case .lingering: kind == "lingering"
            default: false
            }
        }.count
    }

    static func request(_ id: Int, _ method: String, _ params: String = "{}") -> [UInt8] {
        FrameWriter.frame(
            Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8))
    }

    static let initialize = request(0, "initialize", #"{"processId":null,"capabilities":{}}"#)

    /// Creates a manual-clock session and starts a transition on it; returns its id.
    func startSession() -> String {
        transport.receive(
            Self.initialize
                + Self.request(
                    1, "session/create",
                    #"{"viewport":{"width":375,"height":667},"sections":[{"items":100}],"layout":{"type":"list","rowHeight":60},"clock":"manual"}"#
                ))
        let created = transport.takeMessages().last!
        let session = created["result"]!["session"]!.stringValue!
        transport.receive(
            Self.request(
                2, "transition/start",
                #"{"session":"\#(session)","to":{"type":"grid","columns":2},"duration":1}"#))
        _ = transport.takeMessages()
        return session
    }
}

@Suite struct ConnectionTests {
    @Test func theRepliesOfOneReadGoOutInOneWrite() throws {
        let h = ConnectionHarness()
        h.transport.receive(
            ConnectionHarness.initialize + ConnectionHarness.request(1, "session/list")
                + ConnectionHarness.request(2, "session/list"))
        #expect(h.transport.writes.count == 1)
        let replies = h.transport.takeMessages()
        #expect(replies.map { $0["id"]?.int64Value } == [0, 1, 2])
        #expect(replies[1]["result"]?["sessions"]?.arrayValue?.isEmpty == true)
    }

    @Test func whatARequestCausesGoesOutBeforeItsReply() throws {
        let h = ConnectionHarness()
        let s = h.startSession()
        h.transport.receive(
            ConnectionHarness.request(3, "clock/advance", #"{"session":"\#(s)","by":0.5}"#))
        let messages = h.transport.takeMessages()
        #expect(
            messages.map { $0["method"]?.stringValue ?? "reply \($0["id"]!.int64Value!)" } == [
                "transition/tick", "reply 3",
            ])
        // The reply repeats the tick its readers got.
        #expect(messages[0]["params"] == messages[1]["result"])
        #expect(messages[1]["result"]?["progress"]?.doubleValue == 0.5)
    }

    @Test func aClientThatDoesNotReadStopsBeingRead() throws {
        let h = ConnectionHarness(limits: BackpressureLimits(highWater: 1000, hardCap: 1 << 20))
        h.transport.receive(ConnectionHarness.initialize)
        _ = h.transport.takeMessages()
        // The peer stops reading: once a high-water mark of replies waits unread, the
        // rest of the input waits unhandled and reading pauses, so requests cannot pile
        // up replies.
        h.transport.peerReads = false
        let replyBytes = FrameWriter.frame(
            Array(#"{"jsonrpc":"2.0","id":1,"result":{"sessions":[]}}"#.utf8)
        ).count
        let fitting = (h.limits.highWater + replyBytes - 1) / replyBytes
        h.transport.receive(
            (1...fitting + 3).flatMap { ConnectionHarness.request($0, "session/list") })
        #expect(
            h.transport.takeMessages().map { $0["id"]?.int64Value }
                == (1...fitting).map { Int64($0) })
        #expect(h.connection.isCongested && !h.transport.isReading)
        h.transport.drain()
        #expect(
            h.transport.takeMessages().map { $0["id"]?.int64Value }
                == (fitting + 1...fitting + 3).map { Int64($0) })
        #expect(!h.connection.isCongested && h.transport.isReading)
    }

    @Test func aSlowReaderGetsTheNewestTickOnly() throws {
        let h = ConnectionHarness()
        let s = h.startSession()
        h.transport.queuedBytes = h.limits.highWater
        for seq in 1...3 {
            h.connection.sendTick(Array(#"{"seq":\#(seq)}"#.utf8), session: s)
        }
        h.connection.send(Array(#"{"end":1}"#.utf8), session: s)
        h.connection.sendTick(Array(#"{"seq":4}"#.utf8), session: s)
        #expect(h.connection.sessionsWithPendingTicks == [s])
        #expect(h.transport.writes.isEmpty)
        h.transport.drain()
        // The didEnd-like message closes the window: the tick before it stays.
        #expect(h.transport.takeMessages() == [["seq": 3], ["end": 1], ["seq": 4]])
        #expect(h.connection.skippedTicks == 2)
        #expect(h.connection.sessionsWithPendingTicks.isEmpty)
    }

    @Test func notificationsOfOneCallGoOutInOneWrite() throws {
        let h = ConnectionHarness()
        h.connection.send([
            SessionNotification(body: Array(#"{"a":1}"#.utf8), session: "s1", isTick: true),
            SessionNotification(body: Array(#"{"b":2}"#.utf8), session: "s2", isTick: true),
            SessionNotification(body: Array(#"{"c":3}"#.utf8), session: "s2", isTick: false),
        ])
        #expect(h.transport.writes.count == 1)
        #expect(h.transport.takeMessages() == [["a": 1], ["b": 2], ["c": 3]])
    }

    @Test func aLongPipelineTakesTurns() throws {
        let h = ConnectionHarness(takesTurns: true)
        var input = ConnectionHarness.initialize
        for id in 1...300 { input += ConnectionHarness.request(id, "session/list") }
        h.transport.receive(input)
        // One turn is at most `messagesPerTurn` messages; the rest waits, unread.
        #expect(h.yields == 1 && !h.transport.isReading)
        #expect(h.transport.takeMessages().count == Connection.messagesPerTurn)
        h.hub.giveTurns()
        #expect(h.yields == 1 && h.transport.isReading)
        #expect(
            h.transport.takeMessages().map { $0["id"]?.int64Value } == (256...300).map { Int64($0) }
        )
    }

    @Test func aTurnEndsWhenItsTimeIsUp() throws {
        let h = ConnectionHarness(takesTurns: true)
        h.transport.receive(ConnectionHarness.initialize)
        _ = h.transport.takeMessages()
        // Each message seems to take 3 ms: a 4 ms turn handles two.
        h.clockStep = 3_000_000
        h.transport.receive((1...5).flatMap { ConnectionHarness.request($0, "session/list") })
        #expect(h.transport.takeMessages().map { $0["id"]?.int64Value } == [1, 2])
        h.hub.giveTurns()
        #expect(h.transport.takeMessages().map { $0["id"]?.int64Value } == [3, 4])
        h.hub.giveTurns()
        #expect(h.transport.takeMessages().map { $0["id"]?.int64Value } == [5])
        #expect(h.yields == 2)
    }

    @Test func aBurstOverTheHighWaterIsAnsweredWhenTheClientKeepsUp() throws {
        // The replies a burst causes pass the high-water mark while corked; written at
        // once (the client reads), they end the pressure, and the rest of the burst must
        // go on without waiting for more input: here the input ends right after it.
        let h = ConnectionHarness(limits: BackpressureLimits(highWater: 1000, hardCap: 1 << 20))
        h.transport.receive(
            ConnectionHarness.initialize
                + (1...300).flatMap { ConnectionHarness.request($0, "session/list") }
                + ConnectionHarness.request(301, "shutdown", "null"))
        #expect(
            h.transport.takeMessages().map { $0["id"]?.int64Value } == (0...301).map { Int64($0) })
        h.transport.end()
        #expect(h.stops == [0])
    }

    @Test func closingAfterWritingWaitsUntilTheClientHasReadItsAnswers() throws {
        // The client stopped reading: replies wait in the transport's queue and in the
        // connection's own. Closed after writing, the connection hands all of them to the
        // transport, reads nothing more, and closes only once the client has read them.
        let h = ConnectionHarness(limits: BackpressureLimits(highWater: 1000, hardCap: 1 << 20))
        h.transport.receive(ConnectionHarness.initialize)
        _ = h.transport.takeMessages()
        h.transport.peerReads = false
        h.transport.receive((1...40).flatMap { ConnectionHarness.request($0, "session/list") })
        h.connection.closeAfterWriting()
        #expect(!h.transport.isClosed && h.count("closed") == 0 && !h.transport.isReading)
        h.transport.drain()
        #expect(h.transport.isClosed && h.count("closed") == 1)
        let ids = h.transport.takeMessages().map { $0["id"]?.int64Value }
        #expect(ids == (1...Int64(ids.count)).map { $0 } && ids.count >= 5)
    }

    @Test func aCleanEndOfInputDoesNotCutShortAConnectionClosingAfterWriting() throws {
        // Every request was answered, but the client has not read the answers yet; a
        // file as stdin is read on to its end while the connection waits.
        let h = ConnectionHarness()
        h.transport.receive(ConnectionHarness.initialize)
        _ = h.transport.takeMessages()
        h.transport.peerReads = false
        h.transport.receive((1...3).flatMap { ConnectionHarness.request($0, "session/list") })
        h.connection.closeAfterWriting()
        h.transport.end()
        #expect(!h.transport.isClosed)
        h.transport.drain()
        #expect(h.transport.isClosed)
        #expect(h.transport.takeMessages().map { $0["id"]?.int64Value } == [1, 2, 3])
    }

    @Test func theEndOfInputWaitsForTheMessagesBeforeIt() throws {
        let h = ConnectionHarness(takesTurns: true)
        h.transport.receive(
            ConnectionHarness.initialize + ConnectionHarness.request(1, "shutdown", "null")
                + (2...300).flatMap { ConnectionHarness.request($0, "session/list") })
        h.transport.end()
        #expect(!h.connection.isClosed && h.count("closed") == 0)
        h.hub.giveTurns()
        // After `shutdown`, the end of input is a clean exit: every answer was written.
        #expect(h.connection.isClosed && h.count("closed") == 1)
        #expect(h.transport.takeMessages().last?["id"]?.int64Value == 300)
    }
}
