/// The `error` member of an error response: code, message and optional data.
///
/// Request handlers throw it; factory functions build the standard ones.
public struct ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The members, in one immutable box: a typed-throws error is copied by every
    /// function it passes through, and one reference is the least to copy.
    private final class Members: Sendable {
        let code: ErrorCode
        let message: String
        let data: JSONValue?

        init(code: ErrorCode, message: String, data: JSONValue?) {
            self.code = code
            self.message = message
            self.data = data
        }
    }

    private var members: Members

    /// The error code.
    public var code: ErrorCode {
        get { members.code }
        set { members = Members(code: newValue, message: message, data: data) }
    }
    /// A short description.
    public var message: String {
        get { members.message }
        set { members = Members(code: code, message: newValue, data: data) }
    }
    /// Additional structured information, if any.
    public var data: JSONValue? {
        get { members.data }
        set { members = Members(code: code, message: message, data: newValue) }
    }

    /// Creates an error.
    public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
        members = Members(code: code, message: message, data: data)
    }

    public static func == (a: ResponseError, b: ResponseError) -> Bool {
        a.code == b.code && a.message == b.message && a.data == b.data
    }

    public var description: String { "\(code.rawValue) \(message)" }

    /// -32700: the body is not valid JSON.
    public static func parseError(_ error: JSONParseError) -> ResponseError {
        ResponseError(
            code: .parseError, message: "Parse error: \(error.description)",
            data: ["offset": .integer(Int64(error.offset)), "reason": .string(error.explanation)])
    }

    /// -32700: the framing around a body was broken (the daemon answers non-fatal
    /// `FramingError`s with this, id null).
    public static func framing(_ error: FramingError) -> ResponseError {
        ResponseError(
            code: .parseError, message: "Parse error: \(error.description)",
            data: ["framing": .string(error.description)])
    }

    /// -32600: not a valid request object.
    public static func invalidRequest(_ message: String, data: JSONValue? = nil) -> ResponseError {
        ResponseError(code: .invalidRequest, message: "Invalid request: \(message)", data: data)
    }

    /// -32601: no such method; `data` names it. (A dispatcher writes the same bytes
    /// with `JSONByteWriter.writeMethodNotFound(id:method:)`, without this value.)
    public static func methodNotFound(_ method: String) -> ResponseError {
        var message = "Method not found: "
        message += method
        return ResponseError(
            code: .methodNotFound, message: message,
            data: .object(
                JSONObject(uniqueMembers: [JSONObject.Member(key: "method", value: .string(method))]
                )))
    }

    /// -32602 naming the offending field, with `error.data` (see `FieldError`):
    /// `{"field": "params.viewport.width", "path": ["params", "viewport", "width"],
    /// "reason": "expected number", "expected": "number", "found": "string"}`.
    public static func invalidParams(_ error: FieldError) -> ResponseError {
        ResponseError(
            code: .invalidParams, message: "Invalid params: \(error.description)", data: error.data)
    }

    /// -32603.
    public static func internalError(_ message: String, data: JSONValue? = nil) -> ResponseError {
        ResponseError(code: .internalError, message: "Internal error: \(message)", data: data)
    }

    /// -32002: a request other than `initialize` before `initialize`.
    public static func serverNotInitialized() -> ResponseError {
        ResponseError(code: .serverNotInitialized, message: "Server not initialized")
    }

    /// -32800: cancelled by `$/cancelRequest` before it was handled.
    public static func requestCancelled() -> ResponseError {
        ResponseError(code: .requestCancelled, message: "Request cancelled")
    }

    /// -32801: the content changed while the request was handled.
    public static func contentModified(_ message: String = "Content modified") -> ResponseError {
        ResponseError(code: .contentModified, message: message)
    }
}

extension ResponseError: JSONEncodable {
    /// `{"code":…,"message":…,"data":…}` (data only when present).
    public func encode(to writer: inout JSONByteWriter) {
        writer.beginObject()
        writer.writeKey("code")
        writer.write(code.rawValue)
        writer.writeKey("message")
        writer.write(message)
        if let data {
            writer.writeKey("data")
            writer.write(data)
        }
        writer.endObject()
    }
}

extension ResponseError: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        self.init(
            code: ErrorCode(rawValue: try json["code"].decode(Int.self)),
            message: try json["message"].decode(), data: json["data"].value)
    }
}
