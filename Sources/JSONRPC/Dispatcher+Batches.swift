extension Dispatcher {
    /// Whether a batch begun with `begin(body:into:)` still has messages to handle.
    public var hasBatchInProgress: Bool { batch != nil }

    /// Handles one message body as `handle(body:into:)` does, except that of a batch only
    /// the first message is handled: the others wait for `continueBatch(into:)`, one a
    /// call, and its response array is appended after the last. A server calls it between
    /// other clients' work, so that a long batch never holds them for its whole length.
    public mutating func begin(body: [UInt8], into outgoing: inout [Outgoing]) {
        guard lifecycle != .exited else { return }
        let payload = IncomingPayload(
            body: body, parser: parser, workspace: workspace, maximumBatchLength: maximumBatchLength
        )
        guard case .batch(let messages) = payload else {
            var position = 0
            process(payload, position: &position, lastCancel: [:], into: &outgoing)
            return
        }
        batch = BatchInProgress(
            messages: messages, lastCancel: Self.cancelPositions(in: [payload]))
        continueBatch(into: &outgoing)
    }

    /// Handles the next message of the batch in progress; after its last message (or
    /// `exit`), appends the response array (if a request was among them) and what else
    /// they asked for.
    public mutating func continueBatch(into outgoing: inout [Outgoing]) {
        guard var current = batch else { return }
        batch = nil  // keeps `current` uniquely referenced while it grows
        if lifecycle != .exited, current.next < current.messages.count {
            let position = current.next
            var writer = JSONByteWriter()
            if process(
                current.messages[position], position: position, lastCancel: current.lastCancel,
                writer: &writer, extra: &current.extra)
            {
                if current.answers > 0 { current.responses.append(UInt8(ascii: ",")) }
                current.responses += writer.bytes
                current.answers += 1
            }
            current.next += 1
        }
        guard lifecycle == .exited || current.next == current.messages.count else {
            batch = current
            return
        }
        current.responses.append(UInt8(ascii: "]"))
        if current.answers > 0 { outgoing.append(.send(current.responses)) }
        outgoing += current.extra
    }
}
