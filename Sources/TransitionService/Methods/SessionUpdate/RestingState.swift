import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `session/update`: `{contentSize, contentOffset}` (also the start of
/// `session/subscribe`'s).
struct RestingState: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        writeMembers(to: &w)
        w.endObject()
    }

    /// The members without the braces.
    func writeMembers(to w: inout JSONByteWriter) {
        w.write(contentSize: contentSize, contentOffset: contentOffset)
    }
}
