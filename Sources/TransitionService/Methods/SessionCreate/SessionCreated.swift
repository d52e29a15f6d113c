import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `session/create`: `{session, name?, contentSize, contentOffset}`.
struct SessionCreated: JSONEncodable {
    var session: String
    /// Only when the session was given one.
    var name: String?
    var contentSize: Size
    var contentOffset: Point

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("session")
        w.write(session)
        if let name {
            w.writeKey("name")
            w.write(name)
        }
        w.write("contentSize", size: contentSize)
        w.write("contentOffset", point: contentOffset)
        w.endObject()
    }
}
