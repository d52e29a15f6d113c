import JSONRPC
import Testing
import WebTransport

@testable import TransitionService

/// Each transport's budget, the eviction of unproven web clients, and the initialize
/// deadline, over fake transports and a manual clock.
@Suite struct ConnectionBudgetTests {
    static let second: UInt64 = 1_000_000_000

    static func webWire() -> WebSocketWire {
        WebSocketWire(
            router: WebRequestRouter(
                policy: WebAccessPolicy(token: WebSocketConnectionTests.token, port: 9000),
                files: [:]),
            maximumMessageLength: 1 << 20, maximumHeadLength: 8192, note: { _ in })
    }

    final class Opened {
        let h = HubHarness()
        var transports: [FakeTransport] = []
        var connections: [Connection] = []

        @discardableResult
        func open(_ kind: ConnectionKind) -> (FakeTransport, Connection) {
            let t = FakeTransport()
            let wire: any WireFormat = kind == .web ? webWire() : LSPFraming()
            let c = h.hub.open(t, wire: wire, kind: kind)
            transports.append(t)
            connections.append(c)
            return (t, c)
        }
    }

    @Test func tcpClientsNeverTakeTheUnixSocketsPlaces() {
        let o = Opened()
        for _ in 0..<3 { o.open(.web) }
        #expect(o.h.hub.admission(of: .unixSocket, limit: 3).isAdmit)
        o.open(.unixSocket)
        o.open(.unixSocket)
        #expect(o.h.hub.admission(of: .unixSocket, limit: 2).isRefuse)
    }

    @Test func aFullWebBudgetEvictsItsOldestClientThatHasNotShownTheToken() {
        let o = Opened()
        let (proven, _) = o.open(.web)
        proven.receive(WebSocketConnectionTests.upgrade)
        let (_, firstIdle) = o.open(.web)
        o.open(.web)
        guard case .admitEvicting(let evicted) = o.h.hub.admission(of: .web, limit: 3) else {
            Issue.record("the full budget evicts nobody")
            return
        }
        #expect(evicted === firstIdle)
    }

    @Test func aWebBudgetFullOfClientsWithTheTokenRefuses() {
        let o = Opened()
        for _ in 0..<2 { o.open(.web).0.receive(WebSocketConnectionTests.upgrade) }
        #expect(o.h.hub.admission(of: .web, limit: 2).isRefuse)
    }

    @Test func aConnectionThatClosesLeavesTheBudgetAtOnce() {
        let o = Opened()
        let (t, c) = o.open(.unixSocket)
        t.receive(ConnectionHarness.initialize)
        t.peerReads = false
        t.receive(ConnectionHarness.request(1, "session/list"))
        #expect(o.h.hub.admission(of: .unixSocket, limit: 1).isRefuse)
        // The client ended its input with its answer unread: the connection drains.
        t.end()
        #expect(c.state == .draining(thenLingers: false))
        #expect(o.h.hub.admission(of: .unixSocket, limit: 1).isAdmit)
        // The client had gone: the write fails, and the connection closes without waiting.
        t.onOutputError?(-32)
        #expect(c.isClosed && t.isClosed)
    }

    @Test func connectionsThatDoNotInitializeInTimeAreClosed() {
        let o = Opened()
        let (initialized, early) = o.open(.unixSocket)
        initialized.receive(ConnectionHarness.initialize)
        let (_, idle) = o.open(.unixSocket)
        let (slow, web) = o.open(.web)
        slow.receive(Array("GET /?token=".utf8))
        o.h.clock = 4 * Self.second
        let (_, later) = o.open(.unixSocket)
        let timeout = 10 * Self.second
        #expect(o.h.hub.closeOverdueHandshakes(timeout: timeout) == 10 * Self.second)
        #expect(!idle.isClosed && !web.isClosed)

        o.h.clock = 10 * Self.second
        #expect(o.h.hub.closeOverdueHandshakes(timeout: timeout) == 14 * Self.second)
        #expect(idle.isClosed && web.isClosed)
        #expect(!early.isClosed && !later.isClosed)

        o.h.clock = 14 * Self.second
        #expect(o.h.hub.closeOverdueHandshakes(timeout: timeout) == nil)
        #expect(later.isClosed && !early.isClosed)
    }

    @Test func theSoleClientHasNoInitializeDeadline() {
        let o = Opened()
        let (_, stdio) = o.open(.stdio)
        o.h.clock = 60 * Self.second
        #expect(o.h.hub.closeOverdueHandshakes(timeout: Self.second) == nil)
        #expect(!stdio.isClosed)
    }
}

extension Admission {
    fileprivate var isAdmit: Bool {
        if case .admit = self { return true }
        return false
    }
    fileprivate var isRefuse: Bool {
        if case .refuse = self { return true }
        return false
    }
}
