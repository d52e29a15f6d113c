import JSONRPC
import TransitionEngine

/// The params of `transition/finish` and `transition/cancel`: optional duration, timing,
/// velocity.
struct LegParams {
    var session: String
    var duration: Double?
    var curve: TimingCurve?
    var velocity: Double?
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        duration = try json["duration"].decodeIfPresent()
        curve = json["timing"].isPresent ? try Decode.timing(json["timing"]) : nil
        velocity = try json["velocity"].decodeIfPresent()
    }
}
