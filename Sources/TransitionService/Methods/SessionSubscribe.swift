import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `session/subscribe`: watch a session another connection may own, named by `session`
/// or `name`, not both.
struct SessionSubscribeRequest: RequestType {
    typealias Response = SessionSubscribed
    static let method = RequestMethod.sessionSubscribe.rawValue
    var target: SessionTarget

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        guard json["name"].isPresent else {
            target = .id(try json["session"].decode())
            return
        }
        if json["session"].isPresent {
            throw json["name"].invalid("nothing beside session (give session or name)")
        }
        target = .name(try json["name"].decode())
    }
}

/// How `session/subscribe` names its session: by id, or by the name it was created with.
enum SessionTarget: Equatable {
    case id(String)
    case name(String)
}

/// The result of `session/subscribe`: `{contentSize, contentOffset, state, session,
/// name?}`.
struct SessionSubscribed: JSONEncodable {
    var resting: RestingState
    var state: String
    var session: String
    var name: String?

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        resting.writeMembers(to: &w)
        w.writeKey("state")
        w.write(state)
        w.writeKey("session")
        w.write(session)
        if let name {
            w.writeKey("name")
            w.write(name)
        }
        w.endObject()
    }
}
