import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `session/scroll`: `{contentOffset}`.
struct ScrollResult: JSONEncodable {
    var contentOffset: Point

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write("contentOffset", point: contentOffset)
        w.endObject()
    }
}
