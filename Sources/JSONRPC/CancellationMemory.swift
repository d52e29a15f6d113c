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
