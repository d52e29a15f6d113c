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
///
/// A cursor made with `checkingMembers` notes every member name read in a
/// `MemberLedger`; after decoding, `unknownMember()` names the first member the decoder
/// never asked for.
public struct JSONCursor {
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
    /// Where the names read are noted, when members are checked.
    let ledger: MemberLedger?
    /// The ledger's slot of the object or array here (-1 for anything else).
    let slot: Int

    /// A cursor at the root of `value` (`nil` when the value is absent).
    /// - Parameter checkingMembers: Whether to note the names read, so that
    ///   `unknownMember()` can name the members nobody asked for.
    public init(_ value: JSONValue?, path: String = "params", checkingMembers: Bool = false) {
        content = value.map { .present($0) } ?? .missing
        ancestors = []
        parent = nil
        step = .key(path)
        // Params with no member (`{}`, `[]`, none) have none to check: no ledger to make.
        ledger =
            checkingMembers && Self.hasContents(value) ? MemberLedger(root: value, step: step) : nil
        slot = 0
    }

    /// Whether `value` is an object with members or an array with elements.
    static func hasContents(_ value: JSONValue?) -> Bool {
        switch value {
        case .object(let object)?: !object.members.isEmpty
        case .array(let elements)?: !elements.isEmpty
        default: false
        }
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
        ledger = nil
        slot = -1
    }

    /// A child of this cursor holding `value`, noted in the ledger when it is a container.
    private func child(_ value: JSONValue, at origin: Origin, step: FieldPathStep) -> JSONCursor {
        JSONCursor(
            content: .present(value), at: origin, step: step, ledger: ledger,
            slot: ledger?.slot(of: value, parent: slot, step: step) ?? -1)
    }

    private init(
        content: Content, at origin: Origin, step: FieldPathStep, ledger: MemberLedger?, slot: Int
    ) {
        self.content = content
        ancestors = origin.ancestors
        parent = origin.parent
        self.step = step
        self.ledger = ledger
        self.slot = slot
    }

    /// The first member no decoder asked for (with the known name it most likely meant),
    /// for a cursor made with `checkingMembers`; nil without one.
    public func unknownMember() -> FieldError? {
        ledger?.firstUnknownMember()
    }

    /// For `error`, a member found missing, the unknown member beside it that is most
    /// likely its misspelling (for a cursor made with `checkingMembers`).
    public func misspelling(behind error: FieldError) -> FieldError? {
        ledger?.misspelling(behind: error)
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
            guard let ledger else {
                let member: Content = object[key].map { .present($0) } ?? .missing
                return JSONCursor(content: member, at: childOrigin, step: .key(key))
            }
            ledger.ask(key, in: slot)
            guard let member = object[key] else {
                return JSONCursor(
                    content: .missing, at: childOrigin, step: .key(key), ledger: ledger, slot: -1)
            }
            return child(member, at: childOrigin, step: .key(key))
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
            return child(elements[index], at: childOrigin, step: .index(index))
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
        guard ledger != nil else {
            return elements.enumerated().map {
                JSONCursor(content: .present($1), at: origin, step: .index($0))
            }
        }
        return elements.enumerated().map { child($1, at: origin, step: .index($0)) }
    }

    /// The keys and member cursors of the object here, in order.
    public func members() throws(JSONDecodingError) -> [(key: String, value: JSONCursor)] {
        let value = try require("object")
        guard case .object(let object) = value else {
            throw mismatch(expected: "object", found: value)
        }
        let origin = childOrigin
        guard let ledger else {
            return object.members.map {
                ($0.key, JSONCursor(content: .present($0.value), at: origin, step: .key($0.key)))
            }
        }
        ledger.askAll(in: slot)
        return object.members.map { ($0.key, child($0.value, at: origin, step: .key($0.key))) }
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
