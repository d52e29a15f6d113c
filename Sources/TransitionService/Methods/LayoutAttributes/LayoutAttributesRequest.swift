import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `layout/attributes`: the current layout's attributes in `rect` (default: the
/// visible rect) or everything with `"all": true`.
struct LayoutAttributesRequest: RequestType {
    typealias Response = AttributesResult
    static let method = RequestMethod.layoutAttributes.rawValue
    var session: String
    var rect: Rect?
    var all: Bool

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        rect = json["rect"].isPresent ? try Decode.rect(json["rect"]) : nil
        all = try json["all"].decode(default: false)
    }
}
