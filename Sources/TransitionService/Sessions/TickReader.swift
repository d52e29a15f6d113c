import JSONRPC
import TransitionProtocol

/// A connection that still holds an unsent tick of a session: a newer tick would only
/// replace it, so none is built for it.
struct TickReader: Hashable {
    var connection: ConnectionID
    var session: String
}
