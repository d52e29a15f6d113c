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
