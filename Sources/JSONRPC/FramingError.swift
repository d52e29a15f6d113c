/// A problem in the LSP framing of an incoming byte stream.
///
/// Only `isFatal` errors (a body over the size cap) stop the `FrameReader`; the
/// connection should then be closed. After any other error the reader has already
/// resynchronised and keeps yielding messages; the daemon should answer it with a
/// parse error (see `ResponseError.framing(_:)`) and keep serving.
public struct FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// A header section without a `Content-Length` header.
        case missingContentLength
        /// A `Content-Length` that is zero, negative or not a decimal number (the
        /// value as sent, at most 64 bytes).
        case invalidContentLength(String)
        /// A header line that is not `name: value` with a token name (the line, at
        /// most 64 bytes). Also reported for bytes between messages that do not start
        /// a header; the reader then skips to the next `Content-Length:`.
        case malformedHeaderLine(String)
        /// A `Content-Type` whose charset is not `utf-8` (or `utf8`).
        case unsupportedCharset(String)
        /// A header section longer than the limit, in bytes.
        case headerTooLong(limit: Int)
        /// A `Content-Length` over the body size cap (the value as sent). Fatal.
        case bodyTooLarge(length: String, limit: Int)
        /// The stream ended inside a header section or a body.
        case unexpectedEndOfStream(expectedBodyLength: Int?, receivedBodyBytes: Int)
    }

    /// What was wrong.
    public var reason: Reason
    /// Byte offset in the whole stream where the offending header section (or
    /// line) started.
    public var streamOffset: Int

    /// Creates an error.
    public init(_ reason: Reason, streamOffset: Int) {
        self.reason = reason
        self.streamOffset = streamOffset
    }

    /// Whether the reader stopped: the connection should be closed.
    public var isFatal: Bool {
        if case .bodyTooLarge = reason { return true }
        return false
    }

    /// A one-line explanation.
    public var description: String {
        let what: String
        switch reason {
        case .missingContentLength:
            what = "header section without Content-Length"
        case .invalidContentLength(let value):
            what = "invalid Content-Length '\(value)'"
        case .malformedHeaderLine(let line):
            what = "malformed header line '\(line)'"
        case .unsupportedCharset(let charset):
            what = "unsupported charset '\(charset)' (only utf-8)"
        case .headerTooLong(let limit):
            what = "header section longer than \(limit) bytes"
        case .bodyTooLarge(let length, let limit):
            what = "Content-Length \(length) exceeds the limit of \(limit) bytes"
        case .unexpectedEndOfStream(let expected, let received):
            if let expected {
                what = "stream ended after \(received) of \(expected) body bytes"
            } else {
                what = "stream ended inside a header section"
            }
        }
        return "\(what) (at stream byte \(streamOffset))"
    }
}
