/// What a message body parses to: the envelope of a single object, or any other
/// value (a batch, or something no message can be).
public enum ParsedBody: Equatable, Sendable {
    /// The body is one object: the members JSON-RPC reads.
    case object(MessageEnvelope)
    /// The body is not an object.
    case other(JSONValue)
}

extension JSONParser {
    /// Parses a message body: an object straight into its envelope, any other value
    /// as `parse` does. The grammar, the nesting limit and every error (and its
    /// offset) are those of `parse`; only the members JSON-RPC ignores are dropped.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parseBody(_ bytes: [UInt8], workspace: JSONParserWorkspace) throws(JSONParseError)
        -> ParsedBody
    {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> ParsedBody in
            try withCursor(over: buffer, workspace: workspace) { (cursor) throws(JSONParseError) in
                try cursor.parseBodyDocument()
            }
        }
    }

    /// Parses a message body with memory of its own.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parseBody(_ bytes: [UInt8]) throws(JSONParseError) -> ParsedBody {
        try parseBody(bytes, workspace: JSONParserWorkspace())
    }
}

extension JSONParserCursor {
    mutating func parseBodyDocument() throws(JSONParseError) -> ParsedBody {
        skipWhitespace()
        let parsed: ParsedBody
        if position < end && bytes[position] == UInt8(ascii: "{") {
            parsed = .object(try parseEnvelope())
        } else {
            parsed = .other(try parseValue(depth: 0))
        }
        skipWhitespace()
        if position < end {
            throw JSONParseError(.trailingCharacters, at: position)
        }
        return parsed
    }

    /// `parseObject(depth: 1)`, step for step, keeping only the envelope's members.
    mutating func parseEnvelope() throws(JSONParseError) -> MessageEnvelope {
        let depth = 1
        var envelope = MessageEnvelope()
        if try openContainer(depth: depth, closing: UInt8(ascii: "}")) { return envelope }
        while true {
            try expectKey()
            let member = try parseEnvelopeKey()
            try expectColon()
            // A method name is made once while it repeats (see `MethodNameCache`).
            stringsRepeat = member == .method
            let value = try parseValue(depth: depth)
            stringsRepeat = false
            if let member { envelope.set(member, to: value) }
            if try endOfElement(closing: UInt8(ascii: "}")) { return envelope }
        }
    }

    /// Reads the key whose opening quote is at `position`: which envelope member it
    /// names, if any. A plain ASCII key is matched by its bytes, read as one word,
    /// without making a `String`; any other goes through `parseString` (its escapes,
    /// its UTF-8 checks and its errors).
    mutating func parseEnvelopeKey() throws(JSONParseError) -> MessageEnvelope.Member? {
        let start = position + 1
        if start + 8 <= end, let base = bytes.baseAddress {
            // The usual key, plain and of at most 7 bytes, read with its closing quote
            // in one word: the first byte that is not plain text, found in all eight
            // lanes at once, is that quote.
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            let special = Self.nonPlainLanes(word)
            let length = special.trailingZeroBitCount >> 3
            if length < 8 && bytes[start + length] == UInt8(ascii: "\"") {
                position = start + length + 1
                return MessageEnvelope.Member(
                    packedKey: word & ((1 &<< UInt64(length &* 8)) &- 1))
            }
        }
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                let length = index - start
                return length <= 8
                    ? MessageEnvelope.Member(packedKey: packedKey(at: start, length: length)) : nil
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        return MessageEnvelope.Member(key: try parseString())
    }

    /// The `length` (at most 8) input bytes at `start`, packed little-endian into a
    /// word: one load when eight bytes are there to read, else byte by byte.
    @inline(__always)
    func packedKey(at start: Int, length: Int) -> UInt64 {
        if start + 8 <= end, let base = bytes.baseAddress {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return length == 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
        }
        var packed: UInt64 = 0
        for offset in 0..<length {
            packed |= UInt64(bytes[start + offset]) &<< UInt64(offset &* 8)
        }
        return packed
    }
}
