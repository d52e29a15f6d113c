/// Equality by JSON meaning.
///
/// - Numbers compare by exact mathematical value across cases: `.integer(2)` equals
///   `.double(2.0)`, but `.integer(9007199254740993)` does not equal
///   `.double(9007199254740992)`. `-0.0` equals `0`.
/// - Objects compare as unordered sets of members (RFC 8259 gives member order no
///   meaning); arrays compare element by element.
extension JSONValue: Equatable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.integer(let a), .integer(let b)):
            return a == b
        case (.double(let a), .double(let b)):
            return a == b
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
            guard let exact = Int64(exactly: b) else { return false }
            return exact == a
        case (.string(let a), .string(let b)):
            return a == b
        case (.array(let a), .array(let b)):
            return a == b
        case (.object(let a), .object(let b)):
            return a == b
        default:
            return false
        }
    }
}

/// Objects are equal when they have the same keys with equal values, in any order.
extension JSONObject: Equatable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.members == rhs.members { return true }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }
}
