import JSONRPC
import TransitionEngine
import TransitionProtocol

/// What the `clock/advance` result holds when a tick was made: the tick itself, or only
/// the members that identify it (for a caller that reads the tick's notification and
/// need not receive its attributes twice).
enum AdvanceReply: String, CaseIterable {
    case tick
    case brief
}
