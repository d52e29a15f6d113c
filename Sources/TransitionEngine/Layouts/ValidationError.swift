/// Bad input to the engine: which field, and what is allowed there.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The members, in one immutable box: a typed-throws error is copied by every
    /// function it passes through, and one reference is the least to copy.
    private final class Members: Sendable {
        let field: String
        let message: String
        let limit: Int?

        init(field: String, message: String, limit: Int?) {
            self.field = field
            self.message = message
            self.limit = limit
        }
    }

    private var members: Members

    /// The path of the offending field, e.g. `layout.itemSize.width`.
    public var field: String {
        get { members.field }
        set { members = Members(field: newValue, message: message, limit: limit) }
    }
    /// What is wrong and what is allowed, e.g. `must be a number from 0 to 1e9, got -3.0`.
    public var message: String {
        get { members.message }
        set { members = Members(field: field, message: newValue, limit: limit) }
    }

    /// The limit passed, when the input is well-formed but exceeds one of the daemon's
    /// limits (items per session).
    public var limit: Int? { members.limit }

    public init(field: String, message: String, limit: Int? = nil) {
        members = Members(field: field, message: message, limit: limit)
    }

    public static func == (a: ValidationError, b: ValidationError) -> Bool {
        a.field == b.field && a.message == b.message && a.limit == b.limit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(message)
        hasher.combine(limit)
    }

    public var description: String { "\(field): \(message)" }

    /// The largest magnitude accepted for a length, spacing, inset or offset, in points.
    /// Bounding the inputs keeps every derived value (content sizes of 10 million items
    /// included) far from overflow.
    public static let maximumMagnitude = 1e9

    // The field's path is built only for an error: checks run once per item of a session.
    static func checkNonNegative(_ value: Double, field: @autoclosure () -> String)
        throws(ValidationError)
    {
        guard value.isFinite, value >= 0, value <= maximumMagnitude else {
            throw ValidationError(
                field: field(), message: "must be a number from 0 to 1e9, got \(value)")
        }
    }

    static func checkPositive(_ value: Double, field: @autoclosure () -> String)
        throws(ValidationError)
    {
        guard value.isFinite, value > 0, value <= maximumMagnitude else {
            throw ValidationError(
                field: field(), message: "must be a number > 0 and at most 1e9, got \(value)")
        }
    }

    static func checkFinite(_ value: Double, field: @autoclosure () -> String)
        throws(ValidationError)
    {
        guard value.isFinite, Swift.abs(value) <= maximumMagnitude else {
            throw ValidationError(
                field: field(), message: "must be a number from -1e9 to 1e9, got \(value)")
        }
    }

    static func checkSize(_ size: Size, field: @autoclosure () -> String) throws(ValidationError) {
        try checkNonNegative(size.width, field: field() + ".width")
        try checkNonNegative(size.height, field: field() + ".height")
    }

    static func checkInsets(_ insets: EdgeInsets, field: @autoclosure () -> String)
        throws(ValidationError)
    {
        try checkFinite(insets.top, field: field() + ".top")
        try checkFinite(insets.left, field: field() + ".left")
        try checkFinite(insets.bottom, field: field() + ".bottom")
        try checkFinite(insets.right, field: field() + ".right")
    }
}
