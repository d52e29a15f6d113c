/// A position in a JSON tree that knows its path, for decoding with precise errors.
///
/// Navigating never fails by itself; the first problem on the way (a missing member,
/// a value of the wrong type) is reported, with its path, when a value is decoded:
///
/// ```swift
/// let width: Double = try params["viewport"]["width"].decode()
/// // throws "params.viewport.width: expected number" if it is a string,
/// // or "params.viewport: expected object" if viewport is an array.
/// ```
public struct JSONCursor: Sendable {
    /// What is at this position.
    enum Content: Sendable {
        case present(JSONValue)
        case missing
        case failed(JSONDecodingError)
    }

    let content: Content
    /// The path of the container's container (empty for the root and its members).
    let ancestors: [FieldPathStep]
    /// How the container is reached from its own (nil at the root).
    let parent: FieldPathStep?
    /// How this value is reached from its container (the root's name at the root).
    let step: FieldPathStep

    /// A cursor at the root of `value` (`nil` when the value is absent).
    public init(_ value: JSONValue?, path: String = "params") {
        content = value.map { .present($0) } ?? .missing
        ancestors = []
        parent = nil
        step = .key(path)
    }

    /// Where the values in the container here are: the pieces of their path before
    /// their own step.
    struct Origin {
        var ancestors: [FieldPathStep]
        var parent: FieldPathStep
    }

    var childOrigin: Origin {
        Origin(ancestors: parent.map { ancestors + [$0] } ?? ancestors, parent: step)
    }

    init(content: Content, at origin: Origin, step: FieldPathStep) {
        self.content = content
        ancestors = origin.ancestors
        parent = origin.parent
        self.step = step
    }

    /// The steps from the root, e.g. `params`, `items`, 0.
    ///
    /// Made on demand: a cursor keeps its path in pieces, so that reading a member of
    /// `params` allocates nothing; decoding builds paths for containers it enters two
    /// levels down and for errors.
    public var pathSteps: [FieldPathStep] {
        ancestors + (parent.map { [$0, step] } ?? [step])
    }

    /// The path from the root as text, e.g. `params.viewport.width` or `params.items[0]`.
    public var path: String { FieldError.render(pathSteps) }

    /// The value here, or `nil` when absent (or unreachable).
    public var value: JSONValue? {
        if case .present(let value) = content { return value }
        return nil
    }

    /// Whether a value other than `null` is here.
    public var isPresent: Bool {
        if case .present(let value) = content { return !value.isNull }
        return false
    }

    /// The member `key` of the object here.
    public subscript(key: String) -> JSONCursor {
        switch content {
        case .present(.object(let object)):
            let member: Content = object[key].map { .present($0) } ?? .missing
            return JSONCursor(content: member, at: childOrigin, step: .key(key))
        case .present(let other):
            return JSONCursor(
                content: .failed(mismatch(expected: "object", found: other)), at: childOrigin,
                step: .key(key))
        case .missing:
            return JSONCursor(content: .missing, at: childOrigin, step: .key(key))
        case .failed(let error):
            return JSONCursor(content: .failed(error), at: childOrigin, step: .key(key))
        }
    }

    /// The element at `index` of the array here.
    public subscript(index: Int) -> JSONCursor {
        switch content {
        case .present(.array(let elements)):
            guard elements.indices.contains(index) else {
                return JSONCursor(content: .missing, at: childOrigin, step: .index(index))
            }
            return JSONCursor(
                content: .present(elements[index]), at: childOrigin, step: .index(index))
        case .present(let other):
            return JSONCursor(
                content: .failed(mismatch(expected: "array", found: other)), at: childOrigin,
                step: .index(index))
        case .missing:
            return JSONCursor(content: .missing, at: childOrigin, step: .index(index))
        case .failed(let error):
            return JSONCursor(content: .failed(error), at: childOrigin, step: .index(index))
        }
    }

    /// Decodes the value here; absence is an error.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self) throws(JSONDecodingError) -> T {
        try T(json: self)
    }

    /// Decodes the value here, or returns `nil` when it is absent or `null`.
    public func decodeIfPresent<T: JSONDecodable>(_ type: T.Type = T.self) throws(JSONDecodingError)
        -> T?
    {
        switch content {
        case .missing, .present(.null):
            return nil
        default:
            return try T(json: self)
        }
    }

    /// Decodes the value here, or returns `defaultValue` when it is absent or `null`.
    public func decode<T: JSONDecodable>(default defaultValue: T) throws(JSONDecodingError) -> T {
        try decodeIfPresent() ?? defaultValue
    }

    /// The value here, which must be present (it may be `null`).
    /// - Parameter expected: The name used in the error when it is absent.
    public func require(_ expected: String) throws(JSONDecodingError) -> JSONValue {
        switch content {
        case .present(let value):
            return value
        case .missing:
            throw FieldError(path: pathSteps, expected: expected, found: "nothing")
        case .failed(let error):
            throw error
        }
    }

    /// Cursors for the elements of the array here.
    public func elements() throws(JSONDecodingError) -> [JSONCursor] {
        let value = try require("array")
        guard case .array(let elements) = value else {
            throw mismatch(expected: "array", found: value)
        }
        let origin = childOrigin
        return elements.enumerated().map {
            JSONCursor(content: .present($1), at: origin, step: .index($0))
        }
    }

    /// The keys and member cursors of the object here, in order.
    public func members() throws(JSONDecodingError) -> [(key: String, value: JSONCursor)] {
        let value = try require("object")
        guard case .object(let object) = value else {
            throw mismatch(expected: "object", found: value)
        }
        let origin = childOrigin
        return object.members.map {
            ($0.key, JSONCursor(content: .present($0.value), at: origin, step: .key($0.key)))
        }
    }

    /// An error for the value here, for checks beyond its type:
    /// `throw cursor.invalid("a positive number")`.
    public func invalid(_ expected: String) -> JSONDecodingError {
        switch content {
        case .present(let value):
            return mismatch(expected: expected, found: value)
        case .missing:
            return FieldError(path: pathSteps, expected: expected, found: "nothing")
        case .failed(let error):
            return error
        }
    }

    /// An error at this path: expected one thing, found a value of another type.
    func mismatch(expected: String, found: JSONValue) -> JSONDecodingError {
        FieldError(path: pathSteps, expected: expected, found: found.typeName)
    }
}
