import JSONRPC
import Testing

@testable import TransitionService

/// The idle handle that gives turns: whether the hub asked for a next turn.
final class FakeTurns: TurnScheduling {
    private(set) var isActive = false
    /// Times the hub asked for a next turn.
    private(set) var starts = 0
    func start() {
        isActive = true
        starts += 1
    }
    func stop() { isActive = false }
}
