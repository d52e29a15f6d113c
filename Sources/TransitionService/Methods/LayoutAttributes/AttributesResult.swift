import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `layout/attributes`: `{contentSize, contentOffset, state, attributes}`.
struct AttributesResult: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point
    var state: String
    var attributes: AttributeColumns
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
