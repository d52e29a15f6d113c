import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `transition/cancelInPlace`: `{contentSize, contentOffset, progress}`.
struct CancelledInPlace: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point
    var progress: Double

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write(contentSize: contentSize, contentOffset: contentOffset)
        w.writeKey("progress")
        w.write(progress)
        w.endObject()
    }
}
