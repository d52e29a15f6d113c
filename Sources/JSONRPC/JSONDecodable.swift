/// A type that can be built from JSON, reporting the path of a bad field.
///
/// ```swift
/// struct Viewport: JSONDecodable {
///     var width: Double
///     var height: Double
///     init(json: borrowing JSONCursor) throws(JSONDecodingError) {
///         width = try json["width"].decode()
///         height = try json["height"].decode()
///     }
/// }
/// ```
public protocol JSONDecodable {
    /// Decodes a value from the JSON at `json`.
    ///
    /// The cursor is borrowed, not passed owned as initializers' arguments are by
    /// default: a cursor is several references and enums deep, and handing one to
    /// each request's params initializer cost a copy and a destroy.
    init(json: borrowing JSONCursor) throws(JSONDecodingError)
}

extension JSONValue: JSONDecodable {
    /// Any value, as is; only absence is an error.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        self = try json.require("a value")
    }
}

extension Bool: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("boolean")
        guard case .bool(let flag) = value else {
            throw json.mismatch(expected: "boolean", found: value)
        }
        self = flag
    }
}

extension String: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("string")
        guard case .string(let text) = value else {
            throw json.mismatch(expected: "string", found: value)
        }
        self = text
    }
}

extension Double: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("number")
        guard let number = value.doubleValue else {
            throw json.mismatch(expected: "number", found: value)
        }
        self = number
    }
}

extension Int64: JSONDecodable {
    /// An integral number in range; `2.0` is accepted as `2`.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("integer")
        guard let number = value.int64Value else {
            throw json.mismatch(expected: "integer", found: value)
        }
        self = number
    }
}

extension Int: JSONDecodable {
    /// An integral number in range; `2.0` is accepted as `2`. Where `Int` is 32 bits
    /// wide (WebAssembly), a larger one saturates, so that it meets the member's own
    /// range check (10^12 items exceed the item limit) as it does with 64 bits.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        self = Int(clamping: try Int64(json: json))
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        var result: [Element] = []
        for element in try json.elements() {
            result.append(try Element(json: element))
        }
        self = result
    }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
    /// `nil` when absent or `null`.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        self = try json.decodeIfPresent(Wrapped.self)
    }
}

extension JSONObject: JSONDecodable {
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("object")
        guard case .object(let object) = value else {
            throw json.mismatch(expected: "object", found: value)
        }
        self = object
    }
}
