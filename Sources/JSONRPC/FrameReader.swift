/// Splits an incoming LSP byte stream into message bodies, incrementally.
///
/// Feed chunks of any size with `append(_:)` (or `read(_:)`), then take events with
/// `next()` until it returns `nil`. Each message is
/// `Content-Length: N\r\n` (other headers allowed) `\r\n` then N bytes of body.
///
/// Rules (see `README.md` for the full table):
/// - Header names are case-insensitive; unknown headers are ignored; when
///   `Content-Length` appears twice the later one wins. `Content-Type` is optional;
///   its charset, if given, must be `utf-8` or `utf8`.
/// - A line may end with `\r\n` or a bare `\n` (accepted, for hand-written input);
///   blank lines before a header section are skipped.
/// - A bad header section yields one `.error` and the reader resynchronises: when a
///   valid `Content-Length` was given its body is skipped exactly; otherwise the
///   reader discards bytes up to the next `Content-Length:` (case-insensitive) and
///   starts a header section there. Bytes that cannot start a header line (such as
///   the rest of a body whose `Content-Length` was too short) are reported once as a
///   malformed header line and skipped the same way.
/// - A `Content-Length` over `maximumBodyLength` (or too big for `Int`) is fatal: the
///   reader yields the error and then nothing more; close the connection.
/// - A header section longer than `maximumHeaderLength` is an error, then resync.
///
/// Memory is bounded by `maximumBodyLength + maximumHeaderLength` plus one chunk (and
/// one body array of at most `reusedBodyLimit` given back with `reuse(_:)`).
/// Never traps on any input.
///
/// - Complexity: O(n) in the bytes appended; each byte is examined a bounded number
///   of times, whatever the chunking.
public struct FrameReader: Sendable {
    /// The default cap on one message body: 16 MiB.
    public static let defaultMaximumBodyLength = 16 * 1024 * 1024
    /// The default cap on one header section: 8 KiB.
    public static let defaultMaximumHeaderLength = 8 * 1024

    /// The largest body accepted; a larger `Content-Length` is fatal.
    public let maximumBodyLength: Int
    /// The longest header section accepted, in bytes including line ends.
    public let maximumHeaderLength: Int

    /// Input not yet discarded; `buffer[0]` is stream byte `bufferBase`.
    var buffer: [UInt8] = []
    /// An array given back with `reuse(_:)`, for the next body to be copied
    /// into: a caller that gives each body back when done with it makes the reader
    /// allocate nothing per message. Only arrays given back are reused, so a caller
    /// that keeps its bodies gets arrays of their own size, as without it.
    var spareBody: [UInt8] = []
    /// Arrays with more capacity than this are not kept, so that one large message
    /// does not keep its memory for the rest of the connection.
    public static let reusedBodyLimit = 64 << 10
    /// Stream offset of `buffer[0]`.
    var bufferBase = 0
    /// Stream offset of the first byte not yet consumed.
    var consumed = 0
    /// What the reader expects next.
    var state: State = .header
    /// The header section being read, while `state` is `.header`: kept apart so that
    /// moving between phases, once a message, copies no section.
    var section = HeaderSection(start: 0)

    /// The reader's phase.
    enum State: Sendable {
        /// Reading a header section (`section`).
        case header
        /// Waiting for a body of this many bytes, starting at `consumed`.
        case body(length: Int)
        /// Discarding the body of a rejected header section.
        case skipping(remaining: Int)
        /// Discarding bytes up to the next `Content-Length:`.
        case resynchronizing
        /// After a fatal error or `finish()`: nothing more is read.
        case stopped
    }

    /// Creates a reader.
    /// - Parameters:
    ///   - maximumBodyLength: The largest acceptable `Content-Length`.
    ///   - maximumHeaderLength: The longest acceptable header section.
    public init(
        maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength,
        maximumHeaderLength: Int = FrameReader.defaultMaximumHeaderLength
    ) {
        self.maximumBodyLength = maximumBodyLength
        self.maximumHeaderLength = maximumHeaderLength
    }

    /// Whether the reader has stopped (after a fatal error or `finish()`).
    public var isStopped: Bool {
        if case .stopped = state { return true }
        return false
    }

    /// Bytes held that have not been yielded or discarded yet.
    public var bufferedByteCount: Int { bufferBase + buffer.count - consumed }

    /// Stream offset one past the last byte appended.
    var end: Int { bufferBase + buffer.count }

    /// Adds the next chunk of the stream.
    public mutating func append<Bytes: Sequence<UInt8>>(_ chunk: Bytes) {
        guard !isStopped else { return }
        compact()
        buffer.append(contentsOf: chunk)
    }

    /// Adds the next chunk of the stream.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) {
        guard !isStopped else { return }
        compact()
        buffer.append(contentsOf: chunk)
    }

    /// Adds a chunk and returns every event it completes.
    public mutating func read<Bytes: Sequence<UInt8>>(_ chunk: Bytes) -> [FrameEvent] {
        append(chunk)
        var events: [FrameEvent] = []
        while let event = next() {
            events.append(event)
        }
        return events
    }

    /// Signals the end of the stream.
    /// - Returns: An error if the stream ended inside a header section or a body;
    ///   `nil` if it ended between messages.
    public mutating func finish() -> FramingError? {
        defer {
            state = .stopped
            buffer = []
            bufferBase = end
            consumed = bufferBase
        }
        switch state {
        case .header:
            let pending = buffer[(section.start - bufferBase)...]
            let isBlank = pending.allSatisfy { $0 == 0x0D || $0 == 0x0A }
            if isBlank { return nil }
            return FramingError(
                .unexpectedEndOfStream(expectedBodyLength: nil, receivedBodyBytes: 0),
                streamOffset: section.start)
        case .body(let length):
            return FramingError(
                .unexpectedEndOfStream(
                    expectedBodyLength: length, receivedBodyBytes: end - consumed),
                streamOffset: consumed)
        case .skipping, .resynchronizing, .stopped:
            return nil
        }
    }

    /// Gives back a body the caller is done with, so that its memory takes the next
    /// body (see `spareBody`); an array over `reusedBodyLimit` is let go of.
    public mutating func reuse(_ body: consuming [UInt8]) {
        guard body.capacity <= Self.reusedBodyLimit, body.capacity > spareBody.capacity else {
            return
        }
        // Emptied when it is filled again: by then the caller's event that shared it
        // is gone, and emptying a shared array would allocate.
        spareBody = body
    }

    /// The next whole message body or framing error, or `nil` when more input is
    /// needed (or the reader has stopped).
    public mutating func next() -> FrameEvent? {
        while true {
            switch state {
            case .stopped:
                return nil
            case .body(let length):
                guard end - consumed >= length else { return nil }
                let first = consumed - bufferBase
                let body: [UInt8]
                if length <= spareBody.capacity {
                    // Moved out: the caller holds the only reference.
                    var spare = spareBody
                    spareBody = []
                    spare.removeAll(keepingCapacity: true)
                    spare.append(contentsOf: buffer[first..<first + length])
                    body = spare
                } else {
                    body = Array(buffer[first..<first + length])
                }
                consumed += length
                enterHeader()
                return .message(body)
            case .skipping(let remaining):
                let skipped = min(remaining, end - consumed)
                consumed += skipped
                guard skipped == remaining else {
                    state = .skipping(remaining: remaining - skipped)
                    return nil
                }
                enterHeader()
            case .resynchronizing:
                guard let found = findContentLengthHeader(from: consumed) else {
                    consumed = max(consumed, end - (Self.contentLengthPattern.count - 1))
                    return nil
                }
                consumed = found
                enterHeader()
            case .header:
                if section.position == section.start, let length = canonicalHeader() {
                    state = .body(length: length)
                    continue
                }
                var scanned = section
                let outcome = scan(&scanned)
                section = scanned
                switch outcome {
                case .needMoreInput:
                    return nil
                case .proceed(let next):
                    enter(next)
                case .report(let error, let next):
                    enter(next)
                    return .error(error)
                }
            }
        }
    }

    /// Starts a header section at `consumed`.
    mutating func enterHeader() {
        state = .header
        section = HeaderSection(start: consumed)
    }

    /// Moves to `next`, starting a header section at `consumed` when it is one.
    mutating func enter(_ next: State) {
        if case .header = next {
            enterHeader()
        } else {
            state = next
        }
    }

    /// Drops consumed bytes from the front of the buffer when that is worthwhile.
    mutating func compact() {
        let dead = consumed - bufferBase
        guard dead > 0 else { return }
        if dead == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if dead >= 4096 && dead * 2 >= buffer.count {
            buffer.removeFirst(dead)
        } else {
            return
        }
        bufferBase = consumed
    }
}
