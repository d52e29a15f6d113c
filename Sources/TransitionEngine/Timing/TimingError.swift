/// Why a timing curve was rejected: which field, and what it allows.
///
/// The field is a dotted path such as `timing.spring.mass`.
public struct TimingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Problem: Hashable, Sendable {
        /// The number is NaN or infinite.
        case notFinite
        /// The number is outside `allowed`, written like "> 0" or "in [0, 1]".
        case outOfRange(allowed: String)
        /// The list has fewer than `minimum` items.
        case tooFew(minimum: Int)
        /// The name is not one of `allowed`.
        case unknownName(allowed: [String])
    }

    /// The dotted path of the field, e.g. `timing.cubicBezier.x1`.
    public var field: String
    /// What is wrong with it.
    public var problem: Problem
    /// The rejected value as text, e.g. "-1.0", "3 stops" or "\"easeIn\"".
    public var value: String

    public init(field: String, problem: Problem, value: String) {
        self.field = field
        self.problem = problem
        self.value = value
    }

    /// What the field allows, without its name: `must be a finite number > 0, got 0.0`.
    public var reason: String {
        switch problem {
        case .notFinite:
            return "must be a finite number, got \(value)"
        case .outOfRange(let allowed):
            return "must be a finite number \(allowed), got \(value)"
        case .tooFew(let minimum):
            return "needs at least \(minimum) items, got \(value)"
        case .unknownName(let allowed):
            return "must be one of \(allowed.joined(separator: ", ")), got \(value)"
        }
    }

    /// One line for an error response.
    ///
    /// For example `timing.spring.mass must be a finite number > 0, got 0.0`.
    public var description: String { "\(field) \(reason)" }
}
