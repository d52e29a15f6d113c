/// The members of a JSON object, in insertion order, with unique keys.
///
/// Setting an existing key replaces its value in place (so when a parsed object
/// repeats a key, the last value wins at the position of the first). Keys are Swift
/// strings and compare as such (by canonical equivalence). Small objects are searched
/// linearly; from `hashingThreshold` members on, a hash index is kept so that lookups
/// and insertions stay O(1).
public struct JSONObject: Sendable {
    /// One key and its value.
    public struct Member: Equatable, Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in insertion order.
    public private(set) var members: [Member]
    /// Position of each key, kept only once the object has `hashingThreshold` members.
    private var positions: [String: Int]?

    /// The member count from which a hash index is maintained. (Sixteen: the daemon's
    /// twelve capabilities are answered without one, and the first dictionary keyed by
    /// `String` costs a search of every protocol conformance in the executable.)
    static let hashingThreshold = 16

    /// Creates an empty object.
    public init() {
        members = []
        positions = nil
    }

    /// Creates an object from members in order; a repeated key keeps its first
    /// position and its last value.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members {
            updateValue(value, forKey: key)
        }
    }

    /// Creates an object from members whose keys the caller knows are unique.
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
        positions = nil
        if members.count >= Self.hashingThreshold { rebuildPositions() }
    }

    /// The keys, in order.
    public var keys: [String] { members.map { $0.key } }

    /// The values, in key order.
    public var values: [JSONValue] { members.map { $0.value } }

    /// The position of `key` in `members`, if present.
    /// - Complexity: O(1) with the hash index, else O(n) for n < `hashingThreshold`.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value for `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return members[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value for `key`, appending the key when it is new.
    /// - Returns: The value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            let old = members[position].value
            members[position].value = value
            return old
        }
        members.append(Member(key: key, value: value))
        if positions != nil {
            positions![key] = members.count - 1
        } else if members.count >= Self.hashingThreshold {
            rebuildPositions()
        }
        return nil
    }

    /// Removes the member for `key`.
    /// - Returns: The removed value, if the key was present.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        let old = members.remove(at: position).value
        if positions != nil { rebuildPositions() }
        return old
    }

    private mutating func rebuildPositions() {
        guard members.count >= Self.hashingThreshold else {
            positions = nil
            return
        }
        var table: [String: Int] = [:]
        table.reserveCapacity(members.count)
        for (position, member) in members.enumerated() {
            table[member.key] = position
        }
        positions = table
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    public var startIndex: Int { 0 }
    public var endIndex: Int { members.count }

    public subscript(position: Int) -> Element {
        let member = members[position]
        return (member.key, member.value)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
