import JSONRPC

/// A growable run of bytes in memory of its own, appended to with raw copies: in the
/// WebAssembly module an `[UInt8]` append copies element by element, and the outbox
/// carries every reply and tick. Its address stays valid until the next append.
final class ByteBuffer {
    private(set) var start: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64 << 10) {
        self.capacity = capacity
        start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { start.deallocate() }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ byte: UInt8) {
        reserve(1)
        start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    func removeAll() { count = 0 }

    /// A copy of the bytes (for tests).
    var array: [UInt8] { [UInt8](copyingBytes: UnsafeRawBufferPointer(start: start, count: count)) }

    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = Swift.max(count + extra, capacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }
}
