/// Reuses the `String`s made for short ASCII strings that repeat within one input.
///
/// JSON-RPC messages repeat the same keys (and short values such as `"cell"`) many
/// times; making a `String` validates and copies its bytes each time, while a hit
/// here costs a hash and a byte comparison. Direct-mapped, 64 slots, for strings of
/// 1 to 15 bytes (which Swift stores inline, without a heap object). Entries point
/// into the input being parsed, so a cache lives for one parse only.
struct ShortStringCache {
    /// Input range of each slot's string (empty when the slot is unused).
    private var spans: UnsafeMutablePointer<Range<Int>>
    /// The strings.
    private var strings: UnsafeMutablePointer<String>
    static let slotCount = 64

    init() {
        spans = .allocate(capacity: Self.slotCount)
        spans.initialize(repeating: 0..<0, count: Self.slotCount)
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    /// The string for the plain ASCII bytes at `span` of `bytes`, made once.
    @inline(__always)
    func string(for span: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = span.count
        guard length > 0 && length < 16 else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
        }
        let first = UInt64(bytes[span.lowerBound])
        let last = UInt64(bytes[span.upperBound - 1])
        let middle = UInt64(bytes[span.lowerBound + length / 2])
        let hash = (UInt64(length) &* 0x1_0001 &+ first &* 0x101 &+ middle &* 0x1_0000_0001 &+ last)
            &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: hash >> 58)
        let cached = spans[slot]
        if cached.count == length {
            var offset = 0
            while offset < length && bytes[cached.lowerBound + offset] == bytes[span.lowerBound + offset] {
                offset += 1
            }
            if offset == length { return strings[slot] }
        }
        let made = String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
        spans[slot] = span
        strings[slot] = made
        return made
    }

    /// Frees the slots (call once, after parsing).
    func deallocate() {
        spans.deinitialize(count: Self.slotCount)
        spans.deallocate()
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
    }
}
