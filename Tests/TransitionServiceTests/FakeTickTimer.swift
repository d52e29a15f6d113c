import JSONRPC
import Testing

@testable import TransitionService

/// The tick timer as the hub sees it: the deadline it was last set for.
final class FakeTickTimer: TickScheduling {
    private(set) var deadline: UInt64?
    func schedule(at deadline: UInt64) { self.deadline = deadline }
    func stop() { deadline = nil }
}
