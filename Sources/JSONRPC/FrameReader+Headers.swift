/// Header-section scanning for `FrameReader`.
extension FrameReader {
    /// Progress through one header section; offsets are stream offsets.
    struct HeaderSection: Sendable {
        /// First byte of the section.
        var start: Int
        /// First byte of the current line.
        var lineStart: Int
        /// Next byte to examine.
        var position: Int
        /// The current line's colon, once seen.
        var colon: Int?
        /// Whether the current line's name has a byte that is not a token character.
        var lineIsMalformed = false
        /// Well-formed header lines so far.
        var lineCount = 0
        /// The last `Content-Length` value (a later one wins).
        var contentLength: [UInt8]?
        /// The last `Content-Type` value.
        var contentType: [UInt8]?
        /// The first malformed line after a well-formed one.
        var malformedLine: String?

        init(start: Int) {
            self.start = start
            lineStart = start
            position = start
        }
    }

    /// What scanning a header section led to.
    enum ScanOutcome {
        case needMoreInput
        case proceed(State)
        case report(FramingError, then: State)
    }

    /// `content-length:`, lowercase, for resynchronisation.
    static let contentLengthPattern: [UInt8] = Array("content-length:".utf8)

    /// The body length of the header every client sends, `Content-Length: N\r\n\r\n`
    /// with N from 1 to 999,999,999 without leading zeros, when the input at `consumed`
    /// is exactly that and the length is acceptable; then consumes it. Anything else
    /// (other headers, other spelling, an error to report) is left to `scan`.
    mutating func canonicalHeader() -> Int? {
        let prefix: StaticString = "Content-Length: "
        let prefixLength = prefix.utf8CodeUnitCount
        assert(prefixLength == 16)
        let available = end - consumed
        guard available >= prefixLength + 5 else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            let start = consumed - bufferBase
            // The 16 bytes of the prefix compared as two words.
            let here = UnsafeRawPointer(bytes.baseAddress! + start)
            let expected = UnsafeRawPointer(prefix.utf8Start)
            guard
                here.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self),
                here.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            else { return nil }
            var position = start + prefixLength
            let limit = bytes.count
            var length = 0
            var digits = 0
            while position < limit, digits < 10 {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if digits == 0 && digit == 0 { return nil }
                // Wrapping: a tenth digit is refused below, and only it could overflow a
                // 32-bit Int (WebAssembly).
                length = length &* 10 &+ Int(digit)
                digits += 1
                position += 1
            }
            guard digits > 0, digits < 10, position + 4 <= limit,
                bytes[position] == 0x0D, bytes[position + 1] == 0x0A,
                bytes[position + 2] == 0x0D, bytes[position + 3] == 0x0A,
                length <= maximumBodyLength, position + 4 - start <= maximumHeaderLength
            else { return nil }
            consumed = bufferBase + position + 4
            return length
        }
    }

    /// Examines header bytes until the section ends, input runs out, or an error.
    mutating func scan(_ section: inout HeaderSection) -> ScanOutcome {
        while section.position < end {
            let byte = buffer[section.position - bufferBase]
            if byte == UInt8(ascii: "\n") {
                section.position += 1
                if section.position - section.start > maximumHeaderLength {
                    return headerTooLong(section)
                }
                var contentEnd = section.position - 1
                if contentEnd > section.lineStart && buffer[contentEnd - 1 - bufferBase] == 0x0D {
                    contentEnd -= 1
                }
                if contentEnd == section.lineStart {
                    if section.lineCount == 0 && section.malformedLine == nil {
                        // A blank line before any header: skip it.
                        consumed = section.position
                        section = HeaderSection(start: consumed)
                        continue
                    }
                    consumed = section.position
                    return finishSection(section)
                }
                if let colon = section.colon, !section.lineIsMalformed {
                    let name = bytes(section.lineStart, colon)
                    let value = trimmed(bytes(colon + 1, contentEnd))
                    if equalsIgnoringCase(name, "content-length") {
                        section.contentLength = Array(value)
                    } else if equalsIgnoringCase(name, "content-type") {
                        section.contentType = Array(value)
                    }
                    section.lineCount += 1
                } else if section.lineCount == 0 && section.malformedLine == nil {
                    return strayBytes(section)
                } else if section.malformedLine == nil {
                    section.malformedLine = excerpt(section.lineStart, contentEnd)
                }
                section.lineStart = section.position
                section.colon = nil
                section.lineIsMalformed = false
                continue
            }
            if section.colon == nil && !section.lineIsMalformed {
                var nameIsBroken = false
                if byte == UInt8(ascii: ":") {
                    if section.position == section.lineStart {
                        nameIsBroken = true
                    } else {
                        section.colon = section.position
                    }
                } else if byte == 0x0D {
                    // Fine only as the start of a line end.
                    guard section.position + 1 < end else { return .needMoreInput }
                    nameIsBroken = buffer[section.position + 1 - bufferBase] != UInt8(ascii: "\n")
                } else if !Self.isTokenByte(byte) {
                    nameIsBroken = true
                }
                if nameIsBroken {
                    if section.lineCount == 0 && section.malformedLine == nil {
                        return strayBytes(section)
                    }
                    section.lineIsMalformed = true
                }
            }
            section.position += 1
            if section.position - section.start > maximumHeaderLength {
                return headerTooLong(section)
            }
        }
        return .needMoreInput
    }

    /// The first line of a section is not a header: report it and resynchronise
    /// from the byte after its start.
    ///
    /// The report quotes the line up to its end or 64 bytes, so it waits until one of
    /// those is buffered; the outcome never depends on how the input was chunked.
    mutating func strayBytes(_ section: HeaderSection) -> ScanOutcome {
        let limit = section.lineStart + 64
        var stop = section.lineStart
        while stop < min(end, limit) && buffer[stop - bufferBase] != 0x0A
            && buffer[stop - bufferBase] != 0x0D
        {
            stop += 1
        }
        if stop == end && end < limit { return .needMoreInput }
        let error = FramingError(
            .malformedHeaderLine(excerpt(section.lineStart, stop)), streamOffset: section.lineStart)
        consumed = section.lineStart + 1
        return .report(error, then: .resynchronizing)
    }

    /// The section grew past the limit: report it and resynchronise after it.
    mutating func headerTooLong(_ section: HeaderSection) -> ScanOutcome {
        consumed = section.position
        return .report(
            FramingError(.headerTooLong(limit: maximumHeaderLength), streamOffset: section.start),
            then: .resynchronizing)
    }

    /// A complete section (its blank line consumed): decide what follows.
    func finishSection(_ section: HeaderSection) -> ScanOutcome {
        var problem: FramingError.Reason?
        if let line = section.malformedLine {
            problem = .malformedHeaderLine(line)
        } else if let contentType = section.contentType,
            let charset = Self.unsupportedCharset(in: contentType)
        {
            problem = .unsupportedCharset(charset)
        }
        guard let lengthText = section.contentLength else {
            return .report(
                FramingError(problem ?? .missingContentLength, streamOffset: section.start),
                then: .resynchronizing)
        }
        let shown = String(decoding: lengthText.prefix(64), as: UTF8.self)
        switch Self.parseContentLength(lengthText, limit: maximumBodyLength) {
        case .invalid:
            return .report(
                FramingError(problem ?? .invalidContentLength(shown), streamOffset: section.start),
                then: .resynchronizing)
        case .tooLarge:
            return .report(
                FramingError(
                    .bodyTooLarge(length: shown, limit: maximumBodyLength),
                    streamOffset: section.start),
                then: .stopped)
        case .length(0):
            return .report(
                FramingError(problem ?? .invalidContentLength(shown), streamOffset: section.start),
                then: .header)
        case .length(let length):
            if let problem {
                return .report(
                    FramingError(problem, streamOffset: section.start),
                    then: .skipping(remaining: length))
            }
            return .proceed(.body(length: length))
        }
    }

    /// A parsed `Content-Length` value.
    enum ContentLength: Equatable {
        case length(Int)
        case invalid
        case tooLarge
    }

    /// Parses decimal digits (leading zeros allowed; no sign, no spaces inside).
    static func parseContentLength(_ text: [UInt8], limit: Int) -> ContentLength {
        guard !text.isEmpty else { return .invalid }
        var value = 0
        var overflowed = false
        for byte in text {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return .invalid }
            if !overflowed {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int(digit))
                overflowed = o1 || o2
                value = sum
            }
        }
        if overflowed || value > limit { return .tooLarge }
        return .length(value)
    }

    /// The charset of a `Content-Type` value when it is given and not UTF-8.
    static func unsupportedCharset(in contentType: [UInt8]) -> String? {
        for parameter in contentType.split(separator: UInt8(ascii: ";")).dropFirst() {
            let parts = parameter.split(
                separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, equalsIgnoringCase(trimmed(parts[0]), "charset") else {
                continue
            }
            var value = trimmed(parts[1])
            if value.count >= 2 && value.first == UInt8(ascii: "\"")
                && value.last == UInt8(ascii: "\"")
            {
                value = value.dropFirst().dropLast()
            }
            if equalsIgnoringCase(value, "utf-8") || equalsIgnoringCase(value, "utf8") {
                return nil
            }
            return String(decoding: value.prefix(64), as: UTF8.self)
        }
        return nil
    }

    /// The stream offset of the next `Content-Length:` at or after `offset`.
    func findContentLengthHeader(from offset: Int) -> Int? {
        let pattern = Self.contentLengthPattern
        var candidate = offset
        while candidate + pattern.count <= end {
            var matched = true
            for (index, expected) in pattern.enumerated() {
                let byte = buffer[candidate + index - bufferBase]
                let folded =
                    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if folded != expected {
                    matched = false
                    break
                }
            }
            if matched { return candidate }
            candidate += 1
        }
        return nil
    }

    /// Whether a byte may appear in a header name (an RFC 9110 token character).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The buffered bytes between two stream offsets.
    func bytes(_ from: Int, _ to: Int) -> ArraySlice<UInt8> {
        buffer[(from - bufferBase)..<(to - bufferBase)]
    }

    /// At most 64 bytes between two stream offsets, as text for an error.
    func excerpt(_ from: Int, _ to: Int) -> String {
        String(decoding: bytes(from, min(to, from + 64)), as: UTF8.self)
    }
}

/// Bytes without leading and trailing spaces and tabs.
func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
}

/// ASCII case-insensitive comparison with a lowercase literal.
func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = lowercase.utf8Start
    for (index, byte) in bytes.enumerated() {
        let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if folded != expected[index] { return false }
    }
    return true
}
