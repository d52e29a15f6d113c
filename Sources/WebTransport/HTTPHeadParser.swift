/// Reads one HTTP/1.1 request head (request line, headers, blank line) from bytes that
/// arrive in pieces, never holding more than `maximumLength` bytes of it.
///
/// Only what a browser or a WebSocket library sends is accepted: a request line of
/// three parts, `name: value` header lines, `\r\n` line ends (a bare `\n` too), no
/// obsolete line folding, no control characters. A request with a body is not expected
/// (the daemon serves GET only), so the parser stops at the blank line.
public struct HTTPHeadParser: Sendable {
    /// The default bound on a request head: 8 KiB, like the LSP header section.
    public static let defaultMaximumLength = 8 * 1024

    public enum Outcome: Equatable, Sendable {
        /// More bytes are needed.
        case needMoreInput
        /// A whole head; `remainder` are the bytes after it (already sent by the client).
        case head(HTTPRequestHead, remainder: [UInt8])
        /// Not HTTP as accepted here: answer 400 and close.
        case malformed(String)
        /// The head passed `maximumLength`: answer 431 and close.
        case tooLarge
    }

    public let maximumLength: Int
    private var buffer: [UInt8] = []
    /// Where the search for the blank line resumes.
    private var scanned = 0

    public init(maximumLength: Int = HTTPHeadParser.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// Bytes held.
    public var bufferedByteCount: Int { buffer.count }

    /// Adds bytes and says whether a head is complete.
    /// - Complexity: O(n) in the bytes appended over the head's life.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> Outcome {
        buffer.append(contentsOf: bytes)
        // The head ends at the first empty line: "\n\n" or "\n\r\n".
        var i = Swift.max(scanned, 1)
        while i < buffer.count {
            if buffer[i] == 0x0A {
                let blank =
                    buffer[i - 1] == 0x0A
                    || (i >= 2 && buffer[i - 1] == 0x0D && buffer[i - 2] == 0x0A)
                if blank {
                    if i + 1 > maximumLength { return .tooLarge }
                    let head = Array(buffer[...i])
                    let rest = Array(buffer[(i + 1)...])
                    buffer = []
                    scanned = 0
                    return Self.parse(head).map { .head($0, remainder: rest) }
                        ?? .malformed(Self.lastProblem(head))
                }
            }
            i += 1
        }
        scanned = i
        if buffer.count > maximumLength { return .tooLarge }
        // Blank lines before a request are allowed (RFC 9112 section 2.2) but not forever.
        return .needMoreInput
    }

    /// The parsed head, or nil.
    static func parse(_ head: [UInt8]) -> HTTPRequestHead? {
        (try? parseThrowing(head))
    }

    static func lastProblem(_ head: [UInt8]) -> String {
        do {
            _ = try parseThrowing(head)
            return ""
        } catch {
            return error.reason
        }
    }

    struct Problem: Error {
        var reason: String
    }

    static func parseThrowing(_ head: [UInt8]) throws(Problem) -> HTTPRequestHead {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in head.enumerated() where b == 0x0A {
            var end = i
            if end > start && head[end - 1] == 0x0D { end -= 1 }
            lines.append(head[start..<end])
            start = i + 1
        }
        // Leading empty lines are skipped; the last line is the blank one.
        while let first = lines.first, first.isEmpty, lines.count > 1 { lines.removeFirst() }
        guard lines.count >= 2, lines.last!.isEmpty else {
            throw Problem(reason: "no request line")
        }
        lines.removeLast()
        for line in lines {
            for b in line where (b < 0x20 && b != 0x09) || b == 0x7F {
                throw Problem(reason: "control character in the head")
            }
        }
        guard let requestLine = String(validating: lines[0], as: UTF8.self) else {
            throw Problem(reason: "request line is not UTF-8")
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Problem(reason: "bad request line")
        }
        guard parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else {
            throw Problem(reason: "bad method")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw Problem(reason: "unsupported version '\(parts[2])'")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw Problem(reason: "header is not UTF-8")
            }
            if text.first == " " || text.first == "\t" {
                throw Problem(reason: "obsolete line folding")
            }
            guard let colon = text.firstIndex(of: ":") else {
                throw Problem(reason: "header line without ':'")
            }
            let name = text[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
                throw Problem(reason: "bad header name")
            }
            headers.append((name.lowercased(), text[text.index(after: colon)...].trimmingBlanks()))
        }
        return HTTPRequestHead(
            method: String(parts[0]), target: String(parts[1]), version: String(parts[2]),
            headers: headers)
    }

    private static func isTokenCharacter(_ c: Character) -> Bool {
        guard c.isASCII else { return false }
        return c.isLetter || c.isNumber || "!#$%&'*+-.^_`|~".contains(c)
    }
}
