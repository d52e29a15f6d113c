/// A set of ids that forgets its oldest entries beyond a capacity.
struct BoundedIDSet {
    /// Insertion number of each id present.
    private var members: [RequestID: Int] = [:]
    /// Ids in insertion order, with their insertion number; stale entries (removed
    /// or re-inserted later) are skipped on eviction.
    private var order: [(id: RequestID, serial: Int)] = []
    private var head = 0
    private var nextSerial = 0

    var count: Int { members.count }

    func contains(_ id: RequestID) -> Bool { members[id] != nil }

    mutating func insert(_ id: RequestID, capacity: Int) {
        members[id] = nextSerial
        order.append((id, nextSerial))
        nextSerial += 1
        while members.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            if members[oldest.id] == oldest.serial {
                members[oldest.id] = nil
            }
        }
        // Drop consumed and stale entries from the front now and then.
        if head > 64 && head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        if order.count - head > capacity * 2 {
            order = order[head...].filter { members[$0.id] == $0.serial }
            head = 0
        }
    }

    @discardableResult
    mutating func remove(_ id: RequestID) -> Bool {
        members.removeValue(forKey: id) != nil
    }
}
