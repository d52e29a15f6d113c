import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `session/list`: `{sessions: [...]}`.
struct SessionList: JSONEncodable {
    struct Entry: JSONEncodable {
        var session: String
        var name: String?
        /// The owner connection's process id (its `initialize`); nil when it gave none
        /// or the session outlived it.
        var ownerProcessID: Int64?
        /// Connections subscribed to it with `session/subscribe`.
        var subscribers: Int
        var clock: ClockKind
        /// How fast its time runs against its clock (`clock/setRate`).
        var rate: Double
        var fps: Int
        var format: AttributeFormat
        var state: String
        var items: Int
        var layoutState: String
        var owned: Bool
        var subscribed: Bool
        var keepAlive: Bool
        var reducedMotion: Bool
        /// The URI of the transition document whose preview it is (Protocol 20.3), if any.
        var document: String?

        func encode(to w: inout JSONByteWriter) {
            w.beginObject()
            w.writeKey("session")
            w.write(session)
            w.writeKey("name")
            if let name { w.write(name) } else { w.writeNull() }
            w.writeKey("ownerProcessId")
            if let ownerProcessID { w.write(ownerProcessID) } else { w.writeNull() }
            w.writeKey("subscribers")
            w.write(subscribers)
            w.writeKey("clock")
            w.write(clock.rawValue)
            w.writeKey("rate")
            w.write(rate)
            w.writeKey("fps")
            w.write(fps)
            w.writeKey("encoding")
            w.write(format.encoding.rawValue)
            w.writeKey("state")
            w.write(state)
            w.writeKey("items")
            w.write(items)
            w.writeKey("layoutState")
            w.write(layoutState)
            w.writeKey("owned")
            w.write(owned)
            w.writeKey("subscribed")
            w.write(subscribed)
            w.writeKey("keepAlive")
            w.write(keepAlive)
            w.writeKey("reducedMotion")
            w.write(reducedMotion)
            if let precision = format.precision {
                w.writeKey("precision")
                w.write(precision)
            }
            if let document {
                w.writeKey("document")
                w.write(document)
            }
            w.endObject()
        }
    }

    var sessions: [Entry]

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("sessions")
        sessions.encode(to: &w)
        w.endObject()
    }
}
