/// Remembers `$/cancelRequest` ids until their request arrives, within a bound.
///
/// A cancel may overtake its request (or the daemon may queue requests), so a
/// cancel for an id not yet seen is remembered; when that request arrives it is
/// answered -32800 without running. A cancel for an id that was already answered
/// is stale (the common race) and is dropped, so that it cannot hit a later request
/// reusing the id. Both memories keep at most `capacity` ids, oldest forgotten first.
struct CancellationMemory {
    /// How many ids each memory keeps.
    let capacity: Int
    private var cancelled = BoundedIDSet()
    private var answered: RecentIDs

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        answered = RecentIDs(capacity: self.capacity)
    }

    /// Records a cancel; ignored when the request was already answered.
    mutating func cancel(_ id: RequestID) {
        guard !answered.contains(id) else { return }
        cancelled.insert(id, capacity: capacity)
    }

    /// Whether `id` was cancelled; forgets the cancel.
    mutating func takeCancellation(of id: RequestID) -> Bool {
        // Every request asks; almost none was cancelled, so skip hashing its id.
        guard cancelled.count > 0 else { return false }
        return cancelled.remove(id)
    }

    /// Records that `id` got its response.
    mutating func noteAnswered(_ id: RequestID) {
        answered.append(id)
    }

    /// How many cancels are remembered (for tests).
    var pendingCount: Int { cancelled.count }
}

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

/// The last `capacity` ids answered, oldest overwritten first. Every response records
/// one, while only a `$/cancelRequest` looks one up: appending is a store, and a lookup
/// scans the ring (a few microseconds at most, once per cancel).
struct RecentIDs {
    private var ring: [RequestID] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    mutating func append(_ id: RequestID) {
        if ring.count < capacity {
            ring.append(id)
        } else {
            ring[next] = id
            next = next + 1 == capacity ? 0 : next + 1
        }
    }

    func contains(_ id: RequestID) -> Bool { ring.contains(id) }
}
