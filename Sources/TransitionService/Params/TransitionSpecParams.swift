import JSONRPC
import TransitionEngine

/// The destination and options shared by start, retarget, export and hypothetical
/// samples.
struct TransitionSpecParams {
    var to: LayoutSpec
    var model: ItemModel?
    var viewportSize: Size?
    var contentInset: EdgeInsets?
    var options: TransitionOptions
    var timing: TransitionTiming
    var motion: MotionChoice

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        to = try Decode.layout(json["to"])
        model = json["sections"].isPresent ? try Decode.model(json["sections"]) : nil
        viewportSize = json["viewport"].isPresent ? try Decode.size(json["viewport"]) : nil
        contentInset =
            json["contentInset"].isPresent ? try Decode.insets(json["contentInset"]) : nil
        options = try Decode.transitionOptions(json)
        timing = try Decode.transitionTiming(json)
        motion = try MotionChoice(json: json["motion"])
        options.reducedDuration = try Decode.reducedDuration(json["reducedDuration"])
    }

    /// The options as they play in a session whose `reducedMotion` is `sessionReduced`.
    func options(inSession sessionReduced: Bool) -> TransitionOptions {
        var resolved = options
        resolved.reducedMotion = motion.isReduced(inSession: sessionReduced)
        return resolved
    }
}
