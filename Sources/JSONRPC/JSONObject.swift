/// The members of a JSON object, in insertion order, with unique keys.
///
/// Setting an existing key replaces its value in place (so when a parsed object
/// repeats a key, the last value wins at the position of the first). Small objects
/// are searched linearly; from `hashingThreshold` members on, a hash index is kept so
/// that lookups and insertions stay O(1).
public struct JSONObject: Sendable {
    /// The keys, in insertion order.
    public private(set) var keys: [String]
    /// The values, parallel to `keys`.
    public private(set) var values: [JSONValue]
    /// Position of each key, kept only once the object has `hashingThreshold` members.
    private var positions: [String: Int]?

    /// The member count from which a hash index is maintained.
    static let hashingThreshold = 12

    /// Creates an empty object.
    public init() {
        keys = []
        values = []
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

    /// The number of members.
    public var count: Int { keys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The position of `key` in `keys`, if present.
    /// - Complexity: O(1) with the hash index, else O(n) for n < `hashingThreshold`.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    /// The value for `key`; assigning `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return values[position]
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
            let old = values[position]
            values[position] = value
            return old
        }
        appendNew(key, value)
        return nil
    }

    /// Appends a member whose key the caller knows is not present.
    mutating func appendNew(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
        if positions != nil {
            positions![key] = keys.count - 1
        } else if keys.count >= Self.hashingThreshold {
            rebuildPositions()
        }
    }

    /// Removes the member for `key`.
    /// - Returns: The removed value, if the key was present.
    /// - Complexity: O(n).
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        if positions != nil { rebuildPositions() }
        return old
    }

    private mutating func rebuildPositions() {
        guard keys.count >= Self.hashingThreshold else {
            positions = nil
            return
        }
        var table: [String: Int] = [:]
        table.reserveCapacity(keys.count * 2)
        for (position, key) in keys.enumerated() {
            table[key] = position
        }
        positions = table
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }

    public subscript(position: Int) -> Element {
        (keys[position], values[position])
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
