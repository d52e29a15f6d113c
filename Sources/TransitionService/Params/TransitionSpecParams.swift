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

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        to = try Decode.layout(json["to"])
        model = json["sections"].isPresent ? try Decode.model(json["sections"]) : nil
        viewportSize = json["viewport"].isPresent ? try Decode.size(json["viewport"]) : nil
        contentInset =
            json["contentInset"].isPresent ? try Decode.insets(json["contentInset"]) : nil
        options = try Decode.transitionOptions(json)
        timing = try Decode.transitionTiming(json)
    }
}
