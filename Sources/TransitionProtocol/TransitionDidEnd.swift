import JSONRPC

/// `transition/didEnd`: sent exactly once per transition, to the session's owner and
/// subscribers, never dropped (`transition.didEnd.params.json`). The daemon writes it
/// from these members and a client reads it back into them.
public struct TransitionDidEnd: SessionNotificationType, JSONEncodable, JSONDecodable, Equatable,
    Sendable
{
    public static let method = DaemonNotificationMethod.transitionDidEnd

    /// Why a transition ended.
    public enum Reason: String, CaseIterable, Sendable {
        /// It reached the destination.
        case finished
        /// It animated back to the source.
        case cancelled
        /// It stopped where it was; the frozen poses became the layout.
        case cancelledInPlace
        /// A retarget replaced it.
        case retargeted
        /// A new transition started while it was in flight.
        case superseded
        /// Its session was disposed.
        case disposed
    }

    public var session: String
    /// The transition's id, `t<n>`.
    public var transition: String
    /// The destination layout is now the session's layout.
    public var completed: Bool
    /// It ran to its end (not interrupted).
    public var finished: Bool
    public var reason: Reason
    public var progress: Double
    public var contentOffsetX: Double
    public var contentOffsetY: Double
    /// The session's time, in seconds.
    public var time: Double

    public init(
        session: String, transition: String, completed: Bool, finished: Bool, reason: Reason,
        progress: Double, contentOffsetX: Double, contentOffsetY: Double, time: Double
    ) {
        self.session = session
        self.transition = transition
        self.completed = completed
        self.finished = finished
        self.reason = reason
        self.progress = progress
        self.contentOffsetX = contentOffsetX
        self.contentOffsetY = contentOffsetY
        self.time = time
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        transition = try json["transition"].decode()
        completed = try json["completed"].decode()
        finished = try json["finished"].decode()
        let reason: String = try json["reason"].decode()
        guard let known = Reason(rawValue: reason) else {
            throw json["reason"].invalid(
                "one of " + Reason.allCases.map { $0.rawValue }.joined(separator: ", "))
        }
        self.reason = known
        progress = try json["progress"].decode()
        contentOffsetX = try json["contentOffset"]["x"].decode()
        contentOffsetY = try json["contentOffset"]["y"].decode()
        time = try json["time"].decode()
    }

    /// The params, members in the order the protocol documents.
    public func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("session")
        w.write(session)
        w.writeKey("transition")
        w.write(transition)
        w.writeKey("completed")
        w.write(completed)
        w.writeKey("finished")
        w.write(finished)
        w.writeKey("reason")
        w.write(reason.rawValue)
        w.writeKey("progress")
        w.write(progress)
        w.writeKey("contentOffset")
        w.beginObject()
        w.writeKey("x")
        w.write(contentOffsetX, decimals: -1)
        w.writeKey("y")
        w.write(contentOffsetY, decimals: -1)
        w.endObject()
        w.writeKey("time")
        w.write(time)
        w.endObject()
    }
}
