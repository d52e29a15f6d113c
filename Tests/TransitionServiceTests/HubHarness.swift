import JSONRPC
import Testing

@testable import TransitionService

/// The daemon's connections, host, ticks and turns over `FakeTransport`s, with a manual
/// clock: what the libuv loop would do is a call (`fireTimer`, `giveTurns`).
final class HubHarness {
    var clock: UInt64 = 0
    let timer = FakeTickTimer()
    let turns = FakeTurns()
    private(set) var hub: ConnectionHub!
    static let fps = 60
    /// When tick `k` after the first is due: computed from k, so nothing drifts.
    static func deadline(_ k: UInt64) -> UInt64 { k * 1_000_000_000 / UInt64(fps) }

    init(limits: ServiceLimits = ServiceLimits()) {
        hub = ConnectionHub(
            host: SessionHost(limits: limits), logger: .silent,
            now: { [unowned self] in self.clock })
        hub.ticks = timer
        hub.turns = turns
    }

    private var opened: [ObjectIdentifier: Connection] = [:]

    /// A client that sent `initialize` and read the reply.
    func connect() -> FakeTransport {
        let t = FakeTransport()
        opened[ObjectIdentifier(t)] = hub.open(t, wire: LSPFraming())
        t.receive(ConnectionHarness.initialize)
        _ = t.takeMessages()
        return t
    }

    /// The connection over `t`.
    func connection(_ t: FakeTransport) -> Connection { opened[ObjectIdentifier(t)]! }

    /// Sends a request and returns its result, keeping the other messages unread.
    @discardableResult
    func call(_ t: FakeTransport, _ id: Int, _ method: String, _ params: String) -> JSONValue? {
        t.receive(ConnectionHarness.request(id, method, params))
        let messages = t.takeMessages()
        return messages.first { $0["id"]?.int64Value == Int64(id) }?["result"]
    }

    func createSession(_ t: FakeTransport, id: Int, rowHeight: Int = 60) -> String {
        call(
            t, id, "session/create",
            #"{"viewport":{"width":375,"height":667},"sections":[{"items":100}],"layout":{"type":"list","rowHeight":\#(rowHeight)},"fps":\#(Self.fps)}"#
        )!["session"]!.stringValue!
    }

    static func start(_ id: Int, _ session: String, duration: Double = 1) -> [UInt8] {
        ConnectionHarness.request(
            id, "transition/start",
            #"{"session":"\#(session)","to":{"type":"grid","columns":2},"duration":\#(duration)}"#)
    }

    /// The timerfd fires at the deadline the hub set.
    func fireTimer() {
        clock = Swift.max(clock, timer.deadline!)
        hub.timerFired()
    }
}
