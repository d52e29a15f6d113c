/// A params value that does not have the expected shape, naming the field.
///
/// `description` reads like `params.viewport.width: expected number`; as a response
/// it becomes -32602 with `data: {"field": "params.viewport.width", "expected":
/// "number", "found": "string"}` (see `ResponseError.invalidParams(_:)`).
public struct JSONDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path of the offending field, e.g. `params.items[2].id`.
    public var field: String
    /// What was expected there, e.g. `number`, `string`, `a positive number`.
    public var expected: String
    /// What was found: a JSON type name (`string`, `null` ...) or `nothing` when the
    /// field is absent.
    public var found: String

    /// Creates an error.
    public init(field: String, expected: String, found: String) {
        self.field = field
        self.expected = expected
        self.found = found
    }

    /// `field: expected what`.
    public var description: String {
        "\(field): expected \(expected)"
    }
}
