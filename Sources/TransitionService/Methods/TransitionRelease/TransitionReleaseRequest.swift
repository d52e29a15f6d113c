import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/release`: ends a gesture, finishing or cancelling from where it would
/// come to rest. `{session, velocity?, threshold?, timing?, duration?}`.
struct TransitionReleaseRequest: RequestType {
    typealias Response = ReleaseResult
    static let method = RequestMethod.transitionRelease.rawValue
    /// The projected progress at or past which the transition finishes.
    static let defaultThreshold = 0.5
    var session: String
    var velocity: Double?
    var threshold: Double
    /// SwiftUI's default spring unless `timing` is given.
    var curve: TimingCurve
    var duration: Double?

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        velocity = try json["velocity"].decodeIfPresent()
        threshold = try json["threshold"].decode(default: Self.defaultThreshold)
        curve = json["timing"].isPresent ? try Decode.timing(json["timing"]) : Scene.releaseSpring
        duration = try json["duration"].decodeIfPresent()
    }
}
