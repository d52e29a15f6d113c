import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/cancelInPlace`: stop where it is; the frozen frames become the layout.
struct TransitionCancelInPlaceRequest: SessionOnlyRequest {
    typealias Response = CancelledInPlace
    static let method = RequestMethod.transitionCancelInPlace.rawValue
    var session: String
}

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
