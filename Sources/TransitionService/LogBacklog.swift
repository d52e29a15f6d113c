/// Log bytes a non-blocking descriptor did not take yet, bounded: whole lines past the
/// capacity are dropped and counted, so a log nobody reads costs a fixed amount of memory
/// and never blocks the loop.
/// - Complexity: appending and consuming are amortized O(bytes).
package struct LogBacklog {
    /// 64 KiB: as much as a Linux pipe holds again.
    package static let defaultCapacity = 64 << 10

    package let capacity: Int
    private var bytes: [UInt8] = []
    private var start = 0
    /// Lines dropped since the last `takeDropped()`.
    package private(set) var dropped = 0

    package init(capacity: Int = LogBacklog.defaultCapacity) {
        self.capacity = capacity
    }

    package var isEmpty: Bool { start == bytes.count }
    package var count: Int { bytes.count - start }

    /// The bytes waiting, oldest first.
    package var pending: ArraySlice<UInt8> { bytes[start...] }

    /// Keeps `line` if it fits, else drops it and counts it.
    package mutating func append(line: ArraySlice<UInt8>) {
        guard count + line.count <= capacity else {
            dropped += 1
            return
        }
        bytes.append(contentsOf: line)
    }

    /// Keeps the unwritten rest of a line already begun, whatever the capacity: a line is
    /// never torn.
    package mutating func appendRest(_ rest: ArraySlice<UInt8>) {
        bytes.append(contentsOf: rest)
    }

    /// `n` bytes of `pending` were written.
    package mutating func consume(_ n: Int) {
        start += n
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start > capacity {
            bytes.removeFirst(start)
            start = 0
        }
    }

    /// The count of dropped lines, reset.
    package mutating func takeDropped() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
