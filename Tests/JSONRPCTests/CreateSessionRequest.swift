import JSONRPC

/// A request with nested params, to check field paths in -32602 errors.
struct CreateSessionRequest: RequestType {
    typealias Response = JSONValue
    static let method = "session/create"

    struct Viewport: JSONDecodable {
        var width: Double
        var height: Double

        init(json: borrowing JSONCursor) throws(JSONDecodingError) {
            width = try json["width"].decode()
            height = try json["height"].decode()
            guard width > 0 else { throw json["width"].invalid("a positive number") }
        }
    }

    var viewport: Viewport
    var sections: [Int]
    var fps: Int?

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        viewport = try json["viewport"].decode()
        sections = try json["sections"].decode()
        fps = try json["fps"].decodeIfPresent()
    }
}
