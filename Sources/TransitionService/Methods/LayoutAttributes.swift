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

/// The result of `layout/attributes`: `{contentSize, contentOffset, state, attributes}`.
struct AttributesResult: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point
    var state: String
    var attributes: [LayoutAttributes]
    var format: AttributeFormat
    var kinds: ElementKindTable

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write(contentSize: contentSize, contentOffset: contentOffset)
        w.writeKey("state")
        w.write(state)
        w.writeKey("attributes")
        AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
        w.endObject()
    }
}
