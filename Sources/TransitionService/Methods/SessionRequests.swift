import JSONRPC
import TransitionEngine

/// `session/create`.
struct SessionCreateRequest: RequestType {
    typealias Response = SessionCreated
    static let method = "session/create"
    var viewport: Viewport
    var model: ItemModel
    var layout: LayoutSpec
    var contentOffset: Point
    var clock: ClockKind
    var fps: Int
    var format: AttributeFormat
    var keepAlive: Bool
    /// Checked by the host (`SessionName`), which knows the other sessions' names.
    var name: String?

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        viewport = try Decode.viewport(json, required: true)!
        model = try Decode.model(json["sections"])
        layout = try Decode.layout(json["layout"])
        contentOffset = json["contentOffset"].isPresent ? try Decode.point(json["contentOffset"]) : .zero
        clock = try Decode.named(json["clock"], default: ClockKind.realtime)
        fps = try json["fps"].decode(default: 60)
        let encoding = try Decode.named(json["encoding"], default: AttributeEncoding.objects)
        let precision: Int? = try json["precision"].decodeIfPresent()
        if let precision, !(0...JSONByteWriter.maximumDecimals).contains(precision) {
            throw json["precision"].invalid("integer from 0 to \(JSONByteWriter.maximumDecimals)")
        }
        format = AttributeFormat(encoding: encoding, precision: precision)
        keepAlive = try json["keepAlive"].decode(default: false)
        name = try json["name"].decodeIfPresent()
    }
}

/// `session/update`: any of viewport, contentInset, sections, layout.
struct SessionUpdateRequest: RequestType {
    typealias Response = RestingState
    static let method = "session/update"
    var session: String
    var viewportSize: Size?
    var contentInset: EdgeInsets?
    var model: ItemModel?
    var layout: LayoutSpec?

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        viewportSize = json["viewport"].isPresent ? try Decode.size(json["viewport"]) : nil
        contentInset = json["contentInset"].isPresent ? try Decode.insets(json["contentInset"]) : nil
        model = json["sections"].isPresent ? try Decode.model(json["sections"]) : nil
        layout = json["layout"].isPresent ? try Decode.layout(json["layout"]) : nil
    }
}

/// `session/scroll`.
struct SessionScrollRequest: RequestType {
    typealias Response = ScrollResult
    static let method = "session/scroll"
    var session: String
    var contentOffset: Point

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        contentOffset = try Decode.point(json["contentOffset"])
    }
}

/// A request that names only a session: dispose, subscribe, unsubscribe, status,
/// cancelInPlace.
struct SessionOnlyParams: JSONDecodable {
    var session: String
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
    }
}

struct SessionDisposeRequest: RequestType {
    typealias Response = NullResult
    static let method = "session/dispose"
    var params: SessionOnlyParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        params = try SessionOnlyParams(json: json)
    }
}

struct SessionListRequest: RequestType {
    typealias Response = SessionList
    static let method = "session/list"
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}

/// How `session/subscribe` names its session: by id, or by the name it was created with.
enum SessionTarget: Equatable {
    case id(String)
    case name(String)
}

/// `session/subscribe`: `session` or `name`, not both.
struct SessionSubscribeRequest: RequestType {
    typealias Response = RestingState
    static let method = "session/subscribe"
    var target: SessionTarget

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        guard json["name"].isPresent else {
            target = .id(try json["session"].decode())
            return
        }
        if json["session"].isPresent {
            throw json["name"].invalid("nothing beside session (give session or name)")
        }
        target = .name(try json["name"].decode())
    }
}

struct SessionUnsubscribeRequest: RequestType {
    typealias Response = NullResult
    static let method = "session/unsubscribe"
    var params: SessionOnlyParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        params = try SessionOnlyParams(json: json)
    }
}

/// `layout/attributes`: the current layout's attributes in `rect` (default: the
/// visible rect) or everything with `"all": true`.
struct LayoutAttributesRequest: RequestType {
    typealias Response = AttributesResult
    static let method = "layout/attributes"
    var session: String
    var rect: Rect?
    var all: Bool

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        rect = json["rect"].isPresent ? try Decode.rect(json["rect"]) : nil
        all = try json["all"].decode(default: false)
    }
}
