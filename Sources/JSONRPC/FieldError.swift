/// A params member the daemon refuses, wherever it was found wrong: while decoding (a
/// member of the wrong type, missing, a name not in its list), or later (a value out of
/// range, a daemon limit passed).
///
/// It is the one shape of -32602's `data` (and of -32014's for a limit on a field):
/// `{"field": "params.viewport.width", "path": ["params", "viewport", "width"],
/// "reason": "expected number", "expected": "number", "found": "string"}`;
/// `expected` and `found` only when the value was refused for its type or form, `limit`
/// only for a limit, `suggestion` only for an unknown member, or a name not in its list,
/// with a known name close to it (`{"field": "params.interactiv", ..., "reason": "unknown
/// member; did you mean `interactive`?", "suggestion": "interactive"}`).
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The members, in one immutable box: an error is thrown through many typed-throws
    /// functions, and each copies it; inline, its six members made every `try` of a
    /// decoder long (in the WebAssembly module, most of a decoder's code).
    private final class Members: Sendable {
        let path: [FieldPathStep]
        let reason: String
        let expected: String?
        let found: String?
        let limit: Int?
        let suggestion: String?

        init(
            path: [FieldPathStep], reason: String, expected: String? = nil, found: String? = nil,
            limit: Int? = nil, suggestion: String? = nil
        ) {
            self.path = path
            self.reason = reason
            self.expected = expected
            self.found = found
            self.limit = limit
            self.suggestion = suggestion
        }
    }

    private var members: Members

    /// The steps from the root of the request, e.g. `params`, `items`, 2, `id`.
    public var path: [FieldPathStep] {
        get { members.path }
        set {
            members = Members(
                path: newValue, reason: reason, expected: expected, found: found, limit: limit,
                suggestion: suggestion)
        }
    }
    /// Why, for a person: `expected number`, `must be a number > 0 and at most 1e9, got -3.0`.
    public var reason: String { members.reason }
    /// What is allowed there (`number`, `one of flow, list, grid`), when the value was
    /// refused for its type or form.
    public var expected: String? { members.expected }
    /// What was found, with `expected`: a JSON type name, `nothing` for an absent
    /// member, a name in quotes or a rejected number as text.
    public var found: String? { members.found }
    /// The daemon limit the value passed, if that is why.
    public var limit: Int? { members.limit }
    /// For an unknown member, the known name it most likely meant; for a name not in its
    /// list, the name of the list it most likely meant.
    public var suggestion: String? { members.suggestion }

    /// An error for a value that is not what `expected` describes; for a member that is
    /// absent (`found` `nothing`), the reason names it as missing:
    /// `missing member 'columns': expected integer`.
    public init(path: [FieldPathStep], expected: String, found: String) {
        var reason = "expected \(expected)"
        if found == "nothing", path.count > 1, case .key(let name)? = path.last {
            reason = "missing member '\(name)': " + reason
        }
        members = Members(path: path, reason: reason, expected: expected, found: found)
    }

    /// An error for a name that is not one of `names` (a layout type, an easing ...):
    /// `expected one of flow, list, grid, displaySwitch, explicit; did you mean `grid`?`,
    /// with the nearest of the names as `suggestion` (by the edit distance of unknown
    /// members). A list longer than `shortList` is not written out in the reason when
    /// there is a suggestion (`expected one of 37 names; did you mean `quarticEaseInOut`?`);
    /// `expected` always holds it all.
    public init(path: [FieldPathStep], oneOf names: [String], found name: String) {
        let expected = "one of " + names.joined(separator: ", ")
        let suggestion = NearestName.to(name, among: names)
        var reason = "expected \(expected)"
        if let suggestion {
            if names.count > Self.shortList { reason = "expected one of \(names.count) names" }
            reason += "; did you mean `\(suggestion)`?"
        }
        members = Members(
            path: path, reason: reason, expected: expected, found: "\"\(name)\"",
            suggestion: suggestion)
    }

    /// The longest list of names a reason with a suggestion writes out.
    public static let shortList = 8

    /// An error with only a reason (a value of the right type the daemon refuses).
    public init(path: [FieldPathStep], reason: String, limit: Int? = nil) {
        members = Members(path: path, reason: reason, limit: limit)
    }

    /// An error for a member the decoder does not know (at `path`, its name last), with
    /// the known name it most likely meant.
    /// With `missing`, the suggestion is a required member that is absent, which the
    /// reason says: `unknown member; did you mean `columns`, which is missing?`.
    public init(unknownMember path: [FieldPathStep], suggestion: String?, missing: Bool = false) {
        var reason = suggestion.map { "unknown member; did you mean `\($0)`?" } ?? "unknown member"
        if missing, let suggestion {
            reason = "unknown member; did you mean `\(suggestion)`, which is missing?"
        }
        members = Members(path: path, reason: reason, suggestion: suggestion)
    }

    public static func == (a: FieldError, b: FieldError) -> Bool {
        a.path == b.path && a.reason == b.reason && a.expected == b.expected
            && a.found == b.found && a.limit == b.limit && a.suggestion == b.suggestion
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(reason)
        hasher.combine(expected)
        hasher.combine(found)
        hasher.combine(limit)
        hasher.combine(suggestion)
    }

    /// An error at a dotted field such as `params.items[2].id`.
    public init(field: String, expected: String, found: String) {
        self.init(path: Self.steps(of: field), expected: expected, found: found)
    }

    /// An error at a dotted field, with only a reason.
    public init(field: String, reason: String, limit: Int? = nil) {
        self.init(path: Self.steps(of: field), reason: reason, limit: limit)
    }

    /// The path as one string: `params.items[2].id`.
    public var field: String { Self.render(path) }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }

    /// The same error under `prefix` (a field the engine named relative to `params`).
    public func under(_ prefix: [FieldPathStep]) -> FieldError {
        var e = self
        e.path = prefix + path
        return e
    }

    /// `data` of the error response.
    public var data: JSONValue {
        var object: JSONObject = [
            "field": .string(field),
            "path": .array(
                path.map {
                    switch $0 {
                    case .key(let key): return .string(key)
                    case .index(let index): return .integer(Int64(index))
                    }
                }),
            "reason": .string(reason),
        ]
        if let expected { object["expected"] = .string(expected) }
        if let found { object["found"] = .string(found) }
        if let limit { object["limit"] = .integer(Int64(limit)) }
        if let suggestion { object["suggestion"] = .string(suggestion) }
        return .object(object)
    }

    /// Keys joined by dots, indices in brackets.
    public static func render(_ path: [FieldPathStep]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The steps of a dotted field (`render` read back).
    public static func steps(of field: String) -> [FieldPathStep] {
        var steps: [FieldPathStep] = []
        var key = ""
        var index: Int?
        // Scalars, not Characters: `render` writes ASCII digits and delimiters, and no
        // grapheme breaking (nor its tables, in the WebAssembly module) is needed.
        for c in field.unicodeScalars {
            if let i = index {
                if c == "]" {
                    steps.append(.index(i))
                    index = nil
                } else if c.value >= 0x30, c.value <= 0x39 {
                    index = i * 10 + Int(c.value - 0x30)
                }
                continue
            }
            switch c {
            case ".", "[":
                if !key.isEmpty { steps.append(.key(key)) }
                key = ""
                if c == "[" { index = 0 }
            default:
                key.unicodeScalars.append(c)
            }
        }
        if !key.isEmpty { steps.append(.key(key)) }
        return steps
    }
}

/// The name decoders throw: a field error found while decoding.
public typealias JSONDecodingError = FieldError
