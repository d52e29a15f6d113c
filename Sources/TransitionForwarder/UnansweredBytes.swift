/// What the client sent before the daemon's first byte came back, kept (up to a limit)
/// so that a daemon that closes without ever answering (it was exiting, idle, as the
/// forwarder connected) can be replaced and told it all again.
struct UnansweredBytes {
    /// Past this, nothing is kept (a client does not send a megabyte before its first
    /// reply in practice).
    static let limit = 1 << 20

    private(set) var bytes: [UInt8] = []
    /// Whether `bytes` is everything the client sent: false once the daemon answered,
    /// or more than `limit` bytes went unanswered.
    private(set) var isComplete = true

    mutating func sent(_ chunk: ArraySlice<UInt8>) {
        guard isComplete else { return }
        if bytes.count + chunk.count > Self.limit {
            isComplete = false
            bytes = []
        } else {
            bytes += chunk
        }
    }

    mutating func answered() {
        isComplete = false
        bytes = []
    }
}
