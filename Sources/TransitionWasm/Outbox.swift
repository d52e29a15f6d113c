/// What the service gives its host, in one byte buffer the host reads after each call:
/// records of `kind` (1 byte), `subject` (4 bytes, little-endian), `length` (4 bytes,
/// little-endian) and `length` bytes. One buffer and no callbacks, so the host reads
/// linear memory once per call and the service is never re-entered.
package struct Outbox {
    package enum Kind: UInt8 {
        /// Bytes for connection `subject` to write.
        case bytes = 1
        /// Connection `subject` closed: the host closes its end.
        case closed = 2
        /// A log line; `subject` is its level (0 error ... 3 debug).
        case log = 3
        /// Every connection is done after a stop: the host exits with code `subject`.
        case exit = 4
        /// Connection `subject` ends its output (a half close), reading on.
        case shutdownWriting = 5
        /// Client process `subject` (from `initialize`) is to be watched.
        case watchProcess = 6
        /// Connection `subject` reads no more for now (its turn is used up, or its client
        /// is behind on its answers): the host may pause its source (`socket.pause()`).
        case pauseReading = 7
        /// Connection `subject` reads again.
        case resumeReading = 8
    }

    private let storage = ByteBuffer()

    /// The records so far (a copy, for tests).
    package var bytes: [UInt8] { storage.array }
    /// Where the records start, valid until the next append.
    package var start: UnsafeRawPointer { UnsafeRawPointer(storage.start) }
    package var count: Int { storage.count }

    package mutating func append(_ kind: Kind, subject: UInt32, payload: [UInt8] = []) {
        storage.append(kind.rawValue)
        appendWord(subject)
        appendWord(UInt32(truncatingIfNeeded: payload.count))
        payload.withUnsafeBytes { storage.append($0) }
    }

    /// Appends one record of `kind` holding the chunks one after the other.
    package mutating func append(_ kind: Kind, subject: UInt32, chunks: [[UInt8]]) {
        var length = 0
        for chunk in chunks { length += chunk.count }
        storage.append(kind.rawValue)
        appendWord(subject)
        appendWord(UInt32(truncatingIfNeeded: length))
        for chunk in chunks { chunk.withUnsafeBytes { storage.append($0) } }
    }

    /// The host has read everything.
    package mutating func clear() { storage.removeAll() }

    private mutating func appendWord(_ word: UInt32) {
        withUnsafeBytes(of: word.littleEndian) { storage.append($0) }
    }
}
