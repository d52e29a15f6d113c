/// A JSON value: the tree form of one JSON text.
///
/// Numbers keep the distinction the parser can see: a number without fraction or
/// exponent that fits in `Int64` is `.integer` and exact; every other number is a
/// correctly rounded `.double`. Two values compare equal by JSON meaning (see
/// `JSONValue+Equatable.swift`): `.integer(2) == .double(2.0)`, and objects compare
/// without regard to member order.
public enum JSONValue: Sendable {
    /// The literal `null`.
    case null
    /// The literals `true` and `false`.
    case bool(Bool)
    /// An integral number that fits in `Int64`, kept exactly.
    case integer(Int64)
    /// Any other number; always finite.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their insertion order.
    case object(JSONObject)
}

extension JSONValue {
    /// Whether this value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The Boolean, if this value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number as an exact `Int64`, if it is integral and in range.
    ///
    /// A `.double` with an integral value in range (such as `2.0`) converts, because
    /// JSON does not distinguish `2` from `2.0`.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value):
            return value
        case .double(let value):
            return Int64(exactly: value)
        default:
            return nil
        }
    }

    /// The number as a `Double` (an `.integer` converts with rounding beyond 2^53).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value):
            return Double(value)
        case .double(let value):
            return value
        default:
            return nil
        }
    }

    /// The string, if this value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, if this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this value is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` when this value is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The JSON type name used in error messages: `null`, `boolean`, `number`,
    /// `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
