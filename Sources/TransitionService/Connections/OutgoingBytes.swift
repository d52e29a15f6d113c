/// Bytes to be written together, in order, as a list of arrays: a large message body
/// stays the array it was encoded into (the body of a tick is shared by all its
/// readers), so it is not copied to be framed; headers and small messages are gathered
/// into one running array. The transport writes the list with one system call.
struct OutgoingBytes {
    /// The arrays completed so far, in order.
    private var chunks: [[UInt8]] = []
    /// Small pieces after the last chunk.
    private var gathered: [UInt8] = []
    /// Bytes held in all.
    private(set) var count = 0

    /// Bodies from this size on are kept as they are instead of copied.
    static let sharedFrom = 2048

    var isEmpty: Bool { count == 0 }

    /// Appends one message, framed by `wire` in a frame of kind `frame`.
    mutating func append(
        message body: [UInt8], wire: any WireFormat, frame: MessageFrame = .text
    ) {
        let before = gathered.count
        switch frame {
        case .text: wire.appendHeader(bodyLength: body.count, to: &gathered)
        case .binary: wire.appendBinaryHeader(bodyLength: body.count, to: &gathered)
        }
        count += gathered.count - before
        append(body)
    }

    /// One message framed by `wire`, as one array (for a queue that holds it until the
    /// client catches up).
    static func framed(_ body: [UInt8], wire: any WireFormat, frame: MessageFrame = .text)
        -> [UInt8]
    {
        var one = OutgoingBytes()
        one.append(message: body, wire: wire, frame: frame)
        let chunks = one.take()
        return chunks.count == 1 ? chunks[0] : Array(chunks.joined())
    }

    /// Appends bytes as they are.
    mutating func append(_ bytes: [UInt8]) {
        count += bytes.count
        if bytes.count >= Self.sharedFrom {
            if !gathered.isEmpty {
                chunks.append(gathered)
                gathered = []
            }
            chunks.append(bytes)
        } else {
            bytes.withUnsafeBufferPointer { gathered.append(contentsOf: $0) }
        }
    }

    /// The arrays to write, in order; empties this.
    mutating func take() -> [[UInt8]] {
        if !gathered.isEmpty { chunks.append(gathered) }
        let all = chunks
        self = OutgoingBytes()
        return all
    }
}
