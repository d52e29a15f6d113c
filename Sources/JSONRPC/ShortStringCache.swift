/// Reuses the `String`s made for short ASCII strings that repeat within one input.
///
/// JSON-RPC messages repeat the same keys (and short values such as `"cell"`) many
/// times; making a `String` validates and copies its bytes each time, while a hit
/// here costs two 8-byte loads, a hash and a comparison. Direct-mapped (16 slots for
/// a one-off parse of a small input, 64 otherwise), for strings of 1 to 15 bytes
/// (which Swift stores inline, without a heap object) that have 16 readable input bytes from their start (always true except at the
/// very end of the input). Slots hold the bytes themselves, not positions in an
/// input, so a cache can serve many inputs (see `JSONParserWorkspace`).
struct ShortStringCache {
    /// One slot: the string's bytes packed little-endian into two words (zero
    /// padded), its length (0 when unused), and the string.
    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0
        var string = ""
    }

    private var slots: UnsafeMutablePointer<Slot>
    /// log2 of the slot count.
    private let slotBits: Int

    /// Creates a cache of 2^`slotBits` slots.
    init(slotBits: Int) {
        self.slotBits = slotBits
        slots = .allocate(capacity: 1 << slotBits)
        slots.initialize(repeating: Slot(), count: 1 << slotBits)
    }

    /// The string for the plain ASCII bytes at `span` of `bytes`, made once.
    @inline(__always)
    func string(for span: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let length = span.count
        guard length > 0 && length < 16 && span.lowerBound + 16 <= bytes.count,
            let base = bytes.baseAddress
        else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
        }
        let raw = UnsafeRawPointer(base + span.lowerBound)
        var low = raw.loadUnaligned(as: UInt64.self)
        var high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if length < 8 {
            low &= (1 << UInt64(length * 8)) &- 1
            high = 0
        } else {
            high &= (1 << UInt64((length - 8) * 8)) &- 1
        }
        let hash = (low ^ (high &* 0x1_0000_0001) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        let slot = slots + Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
        if slot.pointee.length == length && slot.pointee.low == low && slot.pointee.high == high {
            return slot.pointee.string
        }
        let made = String(decoding: UnsafeBufferPointer(rebasing: bytes[span]), as: UTF8.self)
        slot.pointee = Slot(low: low, high: high, length: length, string: made)
        return made
    }

    /// Frees the slots (call once, after parsing).
    func deallocate() {
        slots.deinitialize(count: 1 << slotBits)
        slots.deallocate()
    }
}
