/// What a connection has yet to write when its socket is congested: messages in order,
/// with at most one unsent tick per session between two other messages of that session
/// (a newer tick replaces the older one in place; the client sees a seq gap).
struct OutboundQueue {
    private enum Entry {
        case message([UInt8])
        case tick(session: String, [UInt8])
    }

    private var entries: [Entry?] = []
    private var head = 0
    /// Per session, the absolute index of its last entry, if it is a tick.
    private var lastTick: [String: Int] = [:]
    private(set) var byteCount = 0
    /// Ticks replaced before they were written.
    private(set) var replacedTicks = 0

    var isEmpty: Bool { head == entries.count }
    var count: Int { entries.count - head }

    /// Whether a tick of `session` waits unsent (a newer one would replace it).
    func hasTick(of session: String) -> Bool {
        guard let index = lastTick[session], index >= head, case .tick? = entries[index] else {
            return false
        }
        return true
    }

    /// The sessions with a tick waiting unsent.
    var sessionsWithTicks: [String] {
        lastTick.compactMap { session, index in
            guard index >= head, case .tick? = entries[index] else { return nil }
            return session
        }
    }

    /// Queues a message that must be written (a response, a didEnd).
    mutating func push(message bytes: [UInt8], session: String? = nil) {
        if let session { lastTick[session] = nil }
        entries.append(.message(bytes))
        byteCount += bytes.count
    }

    /// Queues a tick, replacing the session's unsent tick when nothing of that session
    /// came after it.
    mutating func push(tick bytes: [UInt8], session: String) {
        if let index = lastTick[session], index >= head, case .tick(_, let old)? = entries[index] {
            byteCount += bytes.count - old.count
            entries[index] = .tick(session: session, bytes)
            replacedTicks += 1
            return
        }
        lastTick[session] = entries.count
        entries.append(.tick(session: session, bytes))
        byteCount += bytes.count
    }

    /// The next bytes to write, in order.
    mutating func pop() -> [UInt8]? {
        guard head < entries.count, let entry = entries[head] else { return nil }
        entries[head] = nil
        let bytes: [UInt8]
        switch entry {
        case .message(let b):
            bytes = b
        case .tick(let session, let b):
            bytes = b
            if lastTick[session] == head { lastTick[session] = nil }
        }
        byteCount -= bytes.count
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
            lastTick.removeAll(keepingCapacity: true)
        }
        return bytes
    }
}
