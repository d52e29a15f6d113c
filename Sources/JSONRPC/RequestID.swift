/// The `id` of a request, echoed in its response as it was sent.
///
/// JSON-RPC allows a string, a number or `null`. An integer id is kept exactly; a
/// number with a fraction (discouraged by the specification, but legal) is kept as
/// its double and written back in shortest form (`1.50` comes back as `1.5`, the
/// same JSON number).
public enum RequestID: Hashable, Sendable {
    /// An integral id that fits in `Int64` (the usual case).
    case integer(Int64)
    /// Any other numeric id.
    case double(Double)
    /// A string id.
    case string(String)
    /// `"id": null`, and the id of error responses to messages whose id is unknown.
    case null

    /// The id a JSON value denotes, or `nil` if the value cannot be an id.
    public init?(json: JSONValue) {
        switch json {
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .null: self = .null
        default: return nil
        }
    }

    /// The id as a JSON value.
    public var json: JSONValue {
        switch self {
        case .integer(let value): return .integer(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .null: return .null
        }
    }
}

extension RequestID: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension RequestID: CustomStringConvertible {
    /// The id as JSON text.
    public var description: String { json.jsonText }
}

extension RequestID: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) {
        switch self {
        case .integer(let value): writer.write(value)
        case .double(let value): writer.write(value)
        case .string(let value): writer.write(value)
        case .null: writer.writeNull()
        }
    }
}

extension RequestID: JSONDecodable {
    /// A string or a number (not `null`: used for `$/cancelRequest`).
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let value = try json.require("string or number")
        guard let id = RequestID(json: value), id != .null else {
            throw json.mismatch(expected: "string or number", found: value)
        }
        self = id
    }
}
