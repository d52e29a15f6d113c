import JSONRPC
import TransitionEngine
import TransitionProtocol

/// How `session/subscribe` names its session: by id, or by the name it was created with.
enum SessionTarget: Equatable {
    case id(String)
    case name(String)
}
