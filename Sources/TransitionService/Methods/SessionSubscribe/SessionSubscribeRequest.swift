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
