import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `session/create`: a session over a viewport, sections and a layout.
struct SessionCreateRequest: RequestType {
    typealias Response = SessionCreated
    static let method = RequestMethod.sessionCreate.rawValue
    /// What a session ticks on when `clock` is not given.
    static let defaultClock = ClockKind.realtime
    /// Ticks a second when `fps` is not given.
    static let defaultFPS = 60
    /// The attribute encoding when `encoding` is not given.
    static let defaultEncoding = AttributeEncoding.objects

    var viewport: Viewport
    var model: ItemModel
    var layout: LayoutSpec
    var contentOffset: Point
    var clock: ClockKind
    var fps: Int
    var format: AttributeFormat
    var keepAlive: Bool
    /// Whether the client's user asked for reduced motion (`motion: "auto"` follows it).
    var reducedMotion: Bool
    /// Checked by the host (`SessionName`), which knows the other sessions' names.
    var name: String?

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        viewport = try Decode.viewport(json, required: true)!
        model = try Decode.model(json["sections"])
        layout = try Decode.layout(json["layout"])
        contentOffset =
            json["contentOffset"].isPresent ? try Decode.point(json["contentOffset"]) : .zero
        clock = try Decode.named(json["clock"], default: Self.defaultClock)
        fps = try json["fps"].decode(default: Self.defaultFPS)
        let encoding = try Decode.named(json["encoding"], default: Self.defaultEncoding)
        let precision: Int? = try json["precision"].decodeIfPresent()
        if let precision, !(0...JSONByteWriter.maximumDecimals).contains(precision) {
            throw json["precision"].invalid("integer from 0 to \(JSONByteWriter.maximumDecimals)")
        }
        format = AttributeFormat(encoding: encoding, precision: precision)
        keepAlive = try json["keepAlive"].decode(default: false)
        reducedMotion = try json["reducedMotion"].decode(default: false)
        name = try json["name"].decodeIfPresent()
    }
}
