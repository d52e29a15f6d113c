import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `session/scroll`: set the content offset (clamped).
struct SessionScrollRequest: RequestType {
    typealias Response = ScrollResult
    static let method = RequestMethod.sessionScroll.rawValue
    var session: String
    var contentOffset: Point

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        contentOffset = try Decode.point(json["contentOffset"])
    }
}
