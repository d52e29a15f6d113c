/// The writer a `Dispatcher` writes each single message's answer with, kept from one
/// message to the next: answering a message then allocates only the array that is sent.
///
/// A buffer grown past `keptCapacity` by a large answer is let go of afterwards, so that
/// one large answer does not keep its memory for the rest of the connection.
final class AnswerWriter {
    /// Unchecked: only its dispatcher uses it, one message at a time, and a checked
    /// access costs more than writing a short answer.
    @exclusivity(unchecked) var writer = JSONByteWriter()

    static let keptCapacity = 4 << 10

    /// The writer, emptied for the next answer.
    func reset() {
        if writer.capacity > Self.keptCapacity {
            writer = JSONByteWriter(capacity: Self.keptCapacity)
        } else {
            writer.reset()
        }
    }
}
