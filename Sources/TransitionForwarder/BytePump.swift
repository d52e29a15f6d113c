#if canImport(Glibc)
    import Glibc
#endif

/// Copies bytes unchanged both ways between a client (its input and output
/// descriptors) and a connected daemon socket, adding no framing of its own.
///
/// Two descriptors need no event loop: `poll` waits for either. Writing to the client
/// blocks, which is the backpressure (while the client does not read, the daemon's
/// socket fills and the daemon coalesces that client's ticks, as it does for a direct
/// socket client); writing to the daemon does not (see `run`).
enum BytePump {
    /// How the copying ended.
    enum Ending: Equatable {
        /// The client's input ended; the daemon then closed the connection, which the
        /// forwarder half-closed, after its last replies.
        case clientClosed
        /// The daemon closed the connection (or it broke) while the client was still there.
        case daemonClosed
        /// Writing to the client failed: it is gone.
        case clientOutputFailed
    }

    static let chunkBytes = 64 << 10
    /// The most client bytes held for a daemon that is not reading; past it the client's
    /// input waits (its pipe fills, and the client feels the backpressure).
    static let pendingLimit = 4 * chunkBytes

    /// Copies until one side closes.
    ///
    /// Writes to the daemon never block: a daemon that stops reading while its replies
    /// wait (it does, to bound its memory) must still have them read, or both sides
    /// would wait for each other. What it has not taken yet waits here, bounded.
    /// - Parameter unanswered: Records what the client sends until the daemon's first
    ///   byte, so a daemon that closed without answering can be replaced.
    static func run(input: Int32, output: Int32, socket: Int32, unanswered: inout UnansweredBytes)
        -> Ending
    {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: chunkBytes)
        var pending: [UInt8] = []
        var inputOpen = true
        var halfClosed = false
        while true {
            if !inputOpen && pending.isEmpty && !halfClosed {
                // The client is done and the daemon has it all: the daemon sees the end
                // of its input as it would over stdio, and answers what came before it.
                shutdown(socket, Int32(SHUT_WR))
                halfClosed = true
            }
            let readsInput = inputOpen && pending.count < pendingLimit
            var fds = [
                pollfd(
                    fd: socket, events: Int16(POLLIN) | (pending.isEmpty ? 0 : Int16(POLLOUT)),
                    revents: 0),
                pollfd(fd: readsInput ? input : -1, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return .daemonClosed
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let n = read(socket, &buffer, buffer.count)
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 { return inputOpen ? .daemonClosed : .clientClosed }
                if unanswered.isComplete { unanswered.answered() }
                guard writeAll(buffer[0..<n], to: output) else { return .clientOutputFailed }
            }
            if !pending.isEmpty && fds[0].revents & Int16(POLLOUT) != 0 {
                let n = pending.withUnsafeBytes { write(socket, $0.baseAddress!, $0.count) }
                if n > 0 {
                    pending.removeFirst(n)
                } else if n < 0 && errno != EINTR && errno != EAGAIN {
                    return .daemonClosed
                }
            }
            if readsInput && fds[1].revents != 0 {
                let n = read(input, &buffer, buffer.count)
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if n <= 0 {
                    inputOpen = false
                    continue
                }
                unanswered.sent(buffer[0..<n])
                pending.append(contentsOf: buffer[0..<n])
            }
        }
    }

    /// Writes every byte, waiting as long as the reader needs.
    static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                // A descriptor left non-blocking by whoever started us.
                var out = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&out, 1, -1)
                continue
            }
            if n <= 0 { return false }
            rest = rest.dropFirst(n)
        }
        return true
    }
}
