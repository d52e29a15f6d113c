import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `session/update`: any of viewport, contentInset, sections, layout, while no
/// transition runs; `reducedMotion` (for the transitions started after it) at any time.
struct SessionUpdateRequest: RequestType {
    typealias Response = RestingState
    static let method = RequestMethod.sessionUpdate.rawValue
    var session: String
    var viewportSize: Size?
    var contentInset: EdgeInsets?
    var model: ItemModel?
    var layout: LayoutSpec?
    var reducedMotion: Bool?
    /// Whether `reducedMotion` is all it changes (which a transition in flight allows).
    var changesMotionOnly: Bool

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        viewportSize = json["viewport"].isPresent ? try Decode.size(json["viewport"]) : nil
        contentInset =
            json["contentInset"].isPresent ? try Decode.insets(json["contentInset"]) : nil
        model = json["sections"].isPresent ? try Decode.model(json["sections"]) : nil
        layout = json["layout"].isPresent ? try Decode.layout(json["layout"]) : nil
        reducedMotion = try json["reducedMotion"].decodeIfPresent()
        changesMotionOnly =
            json["reducedMotion"].isPresent && !json["viewport"].isPresent
            && !json["contentInset"].isPresent && !json["sections"].isPresent
            && !json["layout"].isPresent
    }
}
