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
    /// The path of the containing value (empty at the root).
    let containerPath: [FieldPathStep]
    /// How this value is reached from its container (the root's name at the root).
    let step: FieldPathStep

    /// A cursor at the root of `value` (`nil` when the value is absent).
    public init(_ value: JSONValue?, path: String = "params") {
        content = value.map { .present($0) } ?? .missing
        containerPath = []
        step = .key(path)
    }

    init(content: Content, containerPath: [FieldPathStep], step: FieldPathStep) {
        self.content = content
        self.containerPath = containerPath
        self.step = step
    }

    /// The steps from the root, e.g. `params`, `items`, 0.
    ///
    /// Made on demand: reading a member does not build its path, so decoding builds
    /// paths only for containers it enters and for errors.
    public var pathSteps: [FieldPathStep] { containerPath + [step] }

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
        let here = pathSteps
        switch content {
        case .present(.object(let object)):
            let member: Content = object[key].map { .present($0) } ?? .missing
            return JSONCursor(content: member, containerPath: here, step: .key(key))
        case .present(let other):
            return JSONCursor(
                content: .failed(mismatch(expected: "object", found: other)), containerPath: here,
                step: .key(key))
        case .missing:
            return JSONCursor(content: .missing, containerPath: here, step: .key(key))
        case .failed(let error):
            return JSONCursor(content: .failed(error), containerPath: here, step: .key(key))
        }
    }

    /// The element at `index` of the array here.
    public subscript(index: Int) -> JSONCursor {
        let here = pathSteps
        switch content {
        case .present(.array(let elements)):
            guard elements.indices.contains(index) else {
                return JSONCursor(content: .missing, containerPath: here, step: .index(index))
            }
            return JSONCursor(
                content: .present(elements[index]), containerPath: here, step: .index(index))
        case .present(let other):
            return JSONCursor(
                content: .failed(mismatch(expected: "array", found: other)), containerPath: here,
                step: .index(index))
        case .missing:
            return JSONCursor(content: .missing, containerPath: here, step: .index(index))
        case .failed(let error):
            return JSONCursor(content: .failed(error), containerPath: here, step: .index(index))
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
        let here = pathSteps
        return elements.enumerated().map {
            JSONCursor(content: .present($1), containerPath: here, step: .index($0))
        }
    }

    /// The keys and member cursors of the object here, in order.
    public func members() throws(JSONDecodingError) -> [(key: String, value: JSONCursor)] {
        let value = try require("object")
        guard case .object(let object) = value else {
            throw mismatch(expected: "object", found: value)
        }
        let here = pathSteps
        return object.members.map {
            (
                $0.key,
                JSONCursor(content: .present($0.value), containerPath: here, step: .key($0.key))
            )
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
