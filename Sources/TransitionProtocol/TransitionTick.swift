import JSONRPC

/// `transition/tick`: one frame of a transition in flight, sent to the session's owner
/// and subscribers; `seq` counts the session's ticks, so a gap shows ticks a slow reader
/// was spared.
///
/// Its params: `{session, transition, seq, truncated?, accessory?, time, fraction,
/// progress, velocity, contentOffset, attributes}` (`transition.tick.params.json`). The
/// attributes are written in the session's encoding; `Moment` is the part that says which
/// tick it is and where in the transition, the whole of a brief `clock/advance` reply.
public enum TransitionTick: SessionNotificationType {
    public static let method = DaemonNotificationMethod.transitionTick

    /// Which tick, and where in the transition.
    public struct Moment: JSONDecodable, Equatable, Sendable {
        public var session: String
        public var transition: String
        public var seq: Int
        public var time: Double
        public var fraction: Double
        public var progress: Double

        public init(
            session: String, transition: String, seq: Int, time: Double, fraction: Double,
            progress: Double
        ) {
            self.session = session
            self.transition = transition
            self.seq = seq
            self.time = time
            self.fraction = fraction
            self.progress = progress
        }

        public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
            session = try json["session"].decode()
            transition = try json["transition"].decode()
            seq = try json["seq"].decode()
            time = try json["time"].decode()
            fraction = try json["fraction"].decode()
            progress = try json["progress"].decode()
        }
    }
}
