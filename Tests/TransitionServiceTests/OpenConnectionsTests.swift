import JSONRPC
import Testing

@testable import TransitionService

@Suite struct OpenConnectionsTests {
    @Test func connectionsAreFoundByIDAfterOthersClose() {
        let h = HubHarness()
        let transports = (0..<5).map { _ in h.connect() }
        let ids = transports.map { h.connection($0).id }
        #expect(ids == ids.sorted() && Set(ids).count == 5)
        h.hub.close(h.connection(transports[1]))
        h.hub.close(h.connection(transports[3]))
        #expect(h.hub.connections.count == 3)
        for (i, t) in transports.enumerated() {
            let found = h.hub.connections[ids[i]]
            if i == 1 || i == 3 {
                #expect(found == nil)
            } else {
                #expect(found === h.connection(t))
            }
        }
        #expect(h.hub.connections[ids.last! + 1] == nil)
        let later = h.connect()
        #expect(h.hub.connections[h.connection(later).id] === h.connection(later))
        #expect(
            h.hub.connections.all.map(\.id) == [ids[0], ids[2], ids[4], h.connection(later).id])
    }
}
