/// Reuses the `String`s made for the `method` values of a connection's messages.
///
/// A client sends the same few method names over and over, and a name of 16 bytes or
/// more (`transition/start`) is a heap object that parsing would otherwise allocate,
/// and the answer free, for every message; a hit here is a length check and a
/// comparison of four words. Four slots, picked by length and last byte; only plain
/// ASCII names (no escapes) of 16 to 32 bytes are looked up. The slots are allocated on first use, so a parse
/// of something other than a message body pays nothing.
struct MethodNameCache {
    /// One slot: a name's length (0 when unused), four words that hold all its bytes
    /// (overlapping, see `words(of:)`), and its string.
    struct Slot {
        var length = 0
        var words: Words = (0, 0, 0, 0)
        var string = ""
    }

    typealias Words = (UInt64, UInt64, UInt64, UInt64)

    private var slots: UnsafeMutablePointer<Slot>?

    private static let slotCount = 4

    /// The lengths of names looked up; any other is made as it comes.
    static let lengths = 16...32

    /// The string for the plain ASCII bytes at `span` of `bytes` (a length among
    /// `lengths`), made once while it keeps coming.
    @inline(never)  // one copy, not one in every place a string is parsed
    mutating func string(for span: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let name = UnsafeBufferPointer(rebasing: bytes[span])
        let words = Self.words(of: UnsafeRawBufferPointer(name))
        let slots = self.slots ?? makeSlots()
        let slot = slots + (span.count &+ Int(words.3 >> 56)) & (Self.slotCount - 1)
        if slot.pointee.length == span.count && slot.pointee.words == words {
            return slot.pointee.string
        }
        let made = String(decoding: name, as: UTF8.self)
        slot.pointee = Slot(length: span.count, words: words, string: made)
        return made
    }

    /// The words at offsets 0, 8, length - 16 and length - 8 of a name of 16 to 32
    /// bytes: together they hold every byte, and every load is inside the name.
    @inline(__always)
    private static func words(of name: UnsafeRawBufferPointer) -> Words {
        let count = name.count
        return (
            name.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
            name.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            name.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self),
            name.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        )
    }

    private mutating func makeSlots() -> UnsafeMutablePointer<Slot> {
        let made = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        made.initialize(repeating: Slot(), count: Self.slotCount)
        slots = made
        return made
    }

    /// Frees the slots (call once, after parsing).
    func deallocate() {
        guard let slots else { return }
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }
}
