/// Method names and their positions in a list of handlers, found by an open-addressed
/// table over the names' bytes (FNV-1a).
///
/// Not a `Dictionary`: the Swift runtime makes a dictionary's storage type the first
/// time one with that key type is made, and checking `String: Hashable` then searches
/// every protocol conformance in the executable. In the daemon, which makes its method
/// table before its first reply, making that table was 7% of the samples from exec to
/// that reply in a profile of 300 starts, most of it that search.
struct MethodIndex {
    /// The names, in the order they were added; a name's position is its index here.
    private(set) var names: [String] = []
    /// Positions in `names`, or -1 for an empty slot; the count is a power of two, at
    /// least twice the number of names.
    private var slots: [Int32] = []

    /// Creates an index with room for `capacity` names before it grows.
    init(capacity: Int = 0) {
        names.reserveCapacity(capacity)
        slots = Array(repeating: -1, count: Self.slotCount(for: capacity))
    }

    /// The position of `name`, if it was added.
    func position(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if names[position] == name { return position }
            slot = (slot + 1) & mask
        }
    }

    /// The position of `name`, added at the end if it is new.
    mutating func insert(_ name: String) -> Int {
        if let position = position(of: name) { return position }
        if 2 * (names.count + 1) > slots.count {
            rebuild(slotCount: Self.slotCount(for: 2 * (names.count + 1)))
        }
        names.append(name)
        place(names.count - 1)
        return names.count - 1
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(names[position]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    private mutating func rebuild(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        for position in names.indices { place(position) }
    }

    /// A power of two of at least 8 and at least twice `count`.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    private static func hash(_ name: String) -> Int {
        // Over a buffer of the bytes: a loop over `utf8` costs ten times as much.
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
    }
}
