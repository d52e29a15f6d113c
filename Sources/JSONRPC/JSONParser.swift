/// A strict RFC 8259 parser from UTF-8 bytes to `JSONValue`.
///
/// Accepts exactly the JSON grammar: any value at the top level, surrounded by
/// optional whitespace (space, tab, LF, CR). Rejects invalid UTF-8, unpaired
/// surrogates in `\u` escapes, unescaped control characters, trailing commas,
/// `NaN`/`Infinity`, leading zeros, a byte-order mark, and numbers too large to be a
/// finite double. Nesting deeper than `maximumDepth` is an error, not a stack
/// overflow.
///
/// Numbers: an integer literal (no fraction, no exponent) that fits in `Int64` is
/// `.integer`, exactly; every other number is the correctly rounded `.double`
/// (exact fast path for up to 19 significant digits and powers of ten up to 10^22,
/// else a correctly rounded, locale-free conversion of the text, `Double(decimalText:)`).
/// `-0` is `.double(-0.0)` so that the sign survives. Duplicate keys: the last wins.
///
/// - Complexity: O(n) in the input length.
public struct JSONParser: Sendable {
    /// The default nesting limit for arrays and objects.
    public static let defaultMaximumDepth = 128

    /// How many arrays and objects may be nested; a deeper input is rejected.
    public var maximumDepth: Int

    /// Creates a parser with the given nesting limit.
    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON text.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var cursor = JSONParserCursor(
            bytes: bytes, maximumDepth: maximumDepth,
            storage: JSONParserStorage(shortStringSlotBits: bytes.count < 4096 ? 4 : 6))
        defer { cursor.storage.deallocate() }
        return try cursor.parseDocument()
    }

    /// Parses one JSON text, reusing the memory and the short-string cache of
    /// `workspace` (keys such as `"jsonrpc"` are then made once per connection, not
    /// once per message).
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>, workspace: JSONParserWorkspace)
        throws(JSONParseError) -> JSONValue
    {
        try withCursor(over: bytes, workspace: workspace) { (cursor) throws(JSONParseError) in
            try cursor.parseDocument()
        }
    }

    /// Runs `body` with a cursor at the start of `bytes` that uses the memory of
    /// `workspace`, and gives that memory back afterwards (emptied).
    @inline(__always)
    func withCursor<Parsed>(
        over bytes: UnsafeBufferPointer<UInt8>, workspace: JSONParserWorkspace,
        _ body: (inout JSONParserCursor) throws(JSONParseError) -> Parsed
    ) throws(JSONParseError) -> Parsed {
        var cursor = JSONParserCursor(
            bytes: bytes, maximumDepth: maximumDepth, storage: workspace.storage)
        defer {
            var storage = cursor.storage
            storage.clear()
            workspace.storage = storage
        }
        return try body(&cursor)
    }

    /// Parses one JSON text, reusing the memory of `workspace`.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ bytes: [UInt8], workspace: JSONParserWorkspace) throws(JSONParseError)
        -> JSONValue
    {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(buffer, workspace: workspace)
        }
    }

    /// Parses one JSON text.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try parse(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Parses one JSON text.
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            try parse(buffer)
        }
    }

    /// Parses one JSON text given as a string (its UTF-8 bytes).
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

extension JSONValue {
    /// Parses a JSON text with the default nesting limit.
    /// - Throws: `JSONParseError`.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try JSONParser().parse(bytes)
    }

    /// Parses a JSON text with the default nesting limit.
    /// - Throws: `JSONParseError`.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser().parse(text)
    }
}
