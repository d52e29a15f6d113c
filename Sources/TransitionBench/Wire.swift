#if canImport(Glibc)
    import Glibc
#endif

/// The client side of one LSP-framed byte stream (a child's pipes or a Unix socket),
/// the same code for every server measured. Non-blocking: `pump` waits with poll for
/// input (and for room to write while output is pending), so a client that sends a
/// lot can never deadlock against a server that writes a lot. Message bodies are
/// handed out in place, without copying.
final class Wire {
    let readFD: Int32
    let writeFD: Int32
    private var input: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    /// Body length of the frame at `start` when its header has been read.
    private var pendingBody: (bodyStart: Int, length: Int, binary: Bool)? = nil
    private var output: [UInt8] = []
    private var outputSent = 0
    /// The input reached its end (or failed).
    private(set) var isClosed = false
    /// Everything read so far.
    private(set) var bytesReceived = 0
    /// Monotonic nanoseconds when the last read returned bytes.
    private(set) var lastReadTime: UInt64 = 0
    /// While false, `pump` only writes (a client that stopped reading).
    var reading = true
    /// WebSocket framing (RFC 6455, client side: masked text frames out, the server's
    /// unmasked frames in) instead of LSP's `Content-Length` headers.
    var webSocket = false
    /// Whether the body `drain` hands out now came in a WebSocket binary frame (the
    /// ticks of a `binary` session) rather than as JSON text.
    private(set) var bodyIsBinary = false

    init(readFD: Int32, writeFD: Int32, initialCapacity: Int = 1 << 20) {
        self.readFD = readFD
        self.writeFD = writeFD
        capacity = initialCapacity
        input = .allocate(capacity: initialCapacity)
        for fd in Set([readFD, writeFD]) {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit { input.deallocate() }

    /// Queues bytes and writes what the kernel takes now.
    func send(_ bytes: [UInt8]) {
        if outputSent == output.count {
            output.removeAll(keepingCapacity: true)
            outputSent = 0
        }
        output.append(contentsOf: bytes)
        flush()
    }

    /// Queues one framed message body.
    func send(body: String) {
        send(framed(body))
    }

    /// One message body with this wire's framing.
    func framed(_ body: String) -> [UInt8] {
        guard webSocket else {
            var bytes = Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8)
            bytes.append(contentsOf: body.utf8)
            return bytes
        }
        let n = body.utf8.count
        var bytes: [UInt8] = [0x81]
        if n < 126 {
            bytes.append(0x80 | UInt8(n))
        } else if n <= 0xFFFF {
            bytes += [0x80 | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: n >> shift))
            }
        }
        // A fixed mask: the bench measures the daemon, not the client's randomness.
        let mask: [UInt8] = [0x5A, 0x13, 0xC7, 0x2E]
        bytes += mask
        for (i, b) in body.utf8.enumerated() { bytes.append(b ^ mask[i & 3]) }
        return bytes
    }

    var hasPendingOutput: Bool { outputSent < output.count }

    private func flush() {
        while outputSent < output.count {
            let n = output.withUnsafeBytes { raw in
                write(writeFD, raw.baseAddress! + outputSent, raw.count - outputSent)
            }
            if n > 0 {
                outputSent += n
            } else {
                if n < 0 && errno == EINTR { continue }
                if n < 0 && errno != EAGAIN { isClosed = true }
                return
            }
        }
    }

    /// Waits up to `timeout` seconds for something to do, then reads what is there and
    /// writes what it can. Returns whether bytes were read.
    @discardableResult
    func pump(timeout: Double) -> Bool {
        flush()
        var fds: [pollfd] = []
        if reading && !isClosed {
            fds.append(pollfd(fd: readFD, events: Int16(POLLIN), revents: 0))
        }
        if hasPendingOutput {
            if writeFD == readFD && !fds.isEmpty {
                fds[0].events |= Int16(POLLOUT)
            } else {
                fds.append(pollfd(fd: writeFD, events: Int16(POLLOUT), revents: 0))
            }
        }
        guard !fds.isEmpty else {
            sleepSeconds(timeout)
            return false
        }
        let ms = Int32(max(0, min(timeout * 1000, 1e6)).rounded(.up))
        let r = poll(&fds, nfds_t(fds.count), ms)
        guard r > 0 else { return false }
        flush()
        return reading ? readAvailable() : false
    }

    /// Reads until the kernel has nothing more (or the buffer grew a lot).
    private func readAvailable() -> Bool {
        var got = false
        for _ in 0..<64 {
            makeRoom()
            let n = read(readFD, input + end, capacity - end)
            if n > 0 {
                end += n
                bytesReceived += n
                got = true
                if end < capacity { break }
            } else {
                if n == 0 { isClosed = true }
                if n < 0 && errno == EINTR { continue }
                if n < 0 && errno != EAGAIN { isClosed = true }
                break
            }
        }
        if got { lastReadTime = nowNanoseconds() }
        return got
    }

    /// Keeps at least 64 KiB free at the end (and room for the pending body).
    private func makeRoom() {
        let needed = max(65_536, (pendingBody.map { $0.bodyStart + $0.length } ?? 0) - end)
        if capacity - end >= needed { return }
        if start > 0 {
            let live = end - start
            if live > 0 { memmove(input, input + start, live) }
            if let p = pendingBody { pendingBody = (p.bodyStart - start, p.length, p.binary) }
            start = 0
            end = live
            if capacity - end >= needed { return }
        }
        var newCapacity = capacity * 2
        while newCapacity - end < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: input, count: end)
        input.deallocate()
        input = bigger
        capacity = newCapacity
    }

    /// Hands every whole message body now in the buffer to `body`, in order.
    func drain(_ body: (UnsafeRawBufferPointer) throws(BenchError) -> Void) throws(BenchError) {
        while true {
            if pendingBody == nil {
                guard let header = parseHeader() else { return }
                pendingBody = header
            }
            let p = pendingBody!
            guard end - p.bodyStart >= p.length else { return }
            pendingBody = nil
            start = p.bodyStart + p.length
            bodyIsBinary = p.binary
            try body(UnsafeRawBufferPointer(start: input + p.bodyStart, count: p.length))
        }
    }

    private static let headerEnd: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
    /// Lowercase; header names compare case-insensitively (`| 0x20` lowercases letters
    /// and leaves `-` and `:` alone).
    private static let lengthHeader = Array("content-length:".utf8)

    /// Finds the header section at `start`; returns where its body starts and how long it is.
    private func parseHeader() -> (bodyStart: Int, length: Int, binary: Bool)? {
        if webSocket { return parseFrameHeader() }
        let available = end - start
        guard available >= 4 else { return nil }
        guard
            let headerLength = findBytes(UnsafeRawPointer(input + start), available, Wire.headerEnd)
        else { return nil }
        let header = UnsafeBufferPointer(start: input + start, count: headerLength)
        var length = -1
        var lineStart = 0
        for i in 0...header.count {
            guard i == header.count || header[i] == 0x0A else { continue }
            let line = header[lineStart..<i]
            lineStart = i + 1
            guard line.count > Wire.lengthHeader.count,
                zip(line, Wire.lengthHeader).allSatisfy({ ($0 | 0x20) == $1 })
            else { continue }
            var n = 0
            for c in line.dropFirst(Wire.lengthHeader.count) where c >= 0x30 && c <= 0x39 {
                n = n * 10 + Int(c - 0x30)
            }
            length = n
        }
        guard length >= 0 else {
            // Not LSP framing: give up on this stream.
            isClosed = true
            start = end
            return nil
        }
        return (start + headerLength + 4, length, false)
    }

    /// A server frame's header at `start`: where its payload starts, how long it is and
    /// whether it is binary. A close frame ends the stream; only final text and binary
    /// frames are expected.
    private func parseFrameHeader() -> (bodyStart: Int, length: Int, binary: Bool)? {
        let available = end - start
        guard available >= 2 else { return nil }
        let opcode = input[start] & 0x0F
        var length = Int(input[start + 1] & 0x7F)
        var headerLength = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(input[start + 2]) << 8 | Int(input[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for k in 2..<10 { length = length << 8 | Int(input[start + k]) }
            headerLength = 10
        }
        guard opcode == 0x1 || opcode == 0x2, input[start] & 0x80 != 0 else {
            isClosed = true
            start = end
            return nil
        }
        return (start + headerLength, length, opcode == 0x2)
    }
}
