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

    package private(set) var bytes: [UInt8] = []

    package mutating func append(_ kind: Kind, subject: UInt32, payload: [UInt8] = []) {
        bytes.append(kind.rawValue)
        appendWord(subject)
        appendWord(UInt32(truncatingIfNeeded: payload.count))
        bytes.append(contentsOf: payload)
    }

    /// Appends one record of `kind` holding the chunks one after the other.
    package mutating func append(_ kind: Kind, subject: UInt32, chunks: [[UInt8]]) {
        var length = 0
        for chunk in chunks { length += chunk.count }
        bytes.append(kind.rawValue)
        appendWord(subject)
        appendWord(UInt32(truncatingIfNeeded: length))
        for chunk in chunks { bytes.append(contentsOf: chunk) }
    }

    /// The host has read everything.
    package mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    private mutating func appendWord(_ word: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: word))
        bytes.append(UInt8(truncatingIfNeeded: word >> 8))
        bytes.append(UInt8(truncatingIfNeeded: word >> 16))
        bytes.append(UInt8(truncatingIfNeeded: word >> 24))
    }
}
