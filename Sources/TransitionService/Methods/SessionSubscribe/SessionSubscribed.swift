import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `session/subscribe`: `{contentSize, contentOffset, state, session,
/// name?, clock, fps}`: what a follower needs to know to step a manual session itself.
struct SessionSubscribed: JSONEncodable {
    var resting: RestingState
    var state: String
    var session: String
    var name: String?
    var clock: ClockKind
    var fps: Int

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        resting.writeMembers(to: &w)
        w.writeKey("state")
        w.write(state)
        w.writeKey("session")
        w.write(session)
        if let name {
            w.writeKey("name")
            w.write(name)
        }
        w.writeKey("clock")
        w.write(clock.rawValue)
        w.writeKey("fps")
        w.write(fps)
        w.endObject()
    }
}
