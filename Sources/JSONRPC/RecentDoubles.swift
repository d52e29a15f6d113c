/// The texts of recently written doubles, so that a value written again is copied
/// instead of converted. A tick repeats many values: every cell of a grid has the same
/// width, height and transition progress, and a handful of column positions.
///
/// Direct-mapped: `slotCount` slots chosen by a multiplicative hash of the bit pattern, each
/// holding the bits, the text's length and up to 24 bytes of text (the longest shortest
/// round-trip text is 24 bytes). A slot starts with a NaN pattern and length 0, and
/// only finite values are remembered.
@usableFromInline
struct RecentDoubles {
    /// 256 slots: a tick of 200 grid cells has some 80 distinct values (columns, rows,
    /// sizes, progress, in both frames); at 64 slots they evicted each other.
    @usableFromInline static let slotBits = 8
    @usableFromInline static let slotCount = 1 << slotBits
    @usableFromInline static let slotSize = 40
    @usableFromInline static let empty: UInt64 = 0x7FF8_0000_0000_0001

    @usableFromInline let slots: UnsafeMutableRawPointer

    init() {
        slots = UnsafeMutableRawPointer.allocate(
            byteCount: Self.slotCount * Self.slotSize, alignment: MemoryLayout<UInt64>.alignment)
        clear()
    }

    func deallocate() { slots.deallocate() }

    /// Forgets every text (for texts written another way from now on). Length 0 reads as
    /// "not remembered", also for a NaN with the empty pattern.
    func clear() {
        for i in 0..<Self.slotCount {
            slots.storeBytes(of: Self.empty, toByteOffset: i * Self.slotSize, as: UInt64.self)
            slots.storeBytes(of: 0 as UInt64, toByteOffset: i * Self.slotSize + 8, as: UInt64.self)
        }
    }

    @inlinable @inline(__always)
    func slot(_ bits: UInt64) -> UnsafeMutableRawPointer {
        slots + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (64 &- Self.slotBits))
            &* Self.slotSize
    }

    /// Copies the text of `bits` to `destination` (which has room for 24 bytes) and
    /// returns its length, or returns 0 when it is not remembered.
    @inlinable @inline(__always)
    func copy(_ bits: UInt64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let s = slot(bits)
        guard s.load(as: UInt64.self) == bits else { return 0 }
        let length = Int(truncatingIfNeeded: s.load(fromByteOffset: 8, as: UInt64.self))
        let text = UnsafeMutableRawPointer(destination)
        text.storeBytes(of: s.load(fromByteOffset: 16, as: UInt64.self), as: UInt64.self)
        text.storeBytes(
            of: s.load(fromByteOffset: 24, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        text.storeBytes(
            of: s.load(fromByteOffset: 32, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        return length
    }

    /// Remembers that `bits` is written as the `length` bytes at `text` (at most 24,
    /// with 24 readable).
    @inlinable @inline(__always)
    func remember(_ bits: UInt64, text: UnsafePointer<UInt8>, length: Int) {
        let s = slot(bits)
        let source = UnsafeRawPointer(text)
        s.storeBytes(of: bits, as: UInt64.self)
        s.storeBytes(of: UInt64(truncatingIfNeeded: length), toByteOffset: 8, as: UInt64.self)
        s.storeBytes(of: source.loadUnaligned(as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        s.storeBytes(
            of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 24,
            as: UInt64.self)
        s.storeBytes(
            of: source.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 32,
            as: UInt64.self)
    }
}
