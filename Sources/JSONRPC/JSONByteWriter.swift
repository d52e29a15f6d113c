/// Writes JSON text straight into a byte buffer, with no intermediate tree.
///
/// The writer inserts commas and colons itself; the caller is responsible for a
/// well-formed sequence of calls (a key before each object member, balanced begin
/// and end). It is the fast path for the tick stream:
///
/// ```swift
/// var writer = JSONByteWriter()
/// writer.beginObject()
/// writer.writeKey("k"); writer.write("cell")
/// writer.writeKey("f"); writer.beginArray()
/// for value in [48.125, 181.875] { writer.write(value) }
/// writer.endArray()
/// writer.endObject()
/// // writer.bytes == Array(#"{"k":"cell","f":[48.125,181.875]}"#.utf8)
/// ```
///
/// Output is locale-independent: numbers use `.` and plain ASCII digits; doubles are
/// the shortest text that parses back to the same bits (integral values without a
/// fraction, e.g. `2`); strings escape `"`, `\` and control characters only, and keep
/// other characters as UTF-8. Non-finite doubles, which JSON cannot express, are
/// written as `null`.
///
/// The writer owns a plain memory block (it is noncopyable, so no copy-on-write
/// checks or reference counting happen per call); `bytes` or `framedBytes()` copy the
/// result out. Reuse one writer with `reset()` to avoid reallocating.
public struct JSONByteWriter: ~Copyable {
    /// Start of the buffer.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    @usableFromInline var count: Int
    /// Bytes allocated.
    @usableFromInline var capacity: Int
    /// Whether the next value or key must be preceded by a comma.
    @usableFromInline var needsComma = false
    /// Doubles converted to text so far, and, from the ninth on, the texts of recent
    /// ones (a short document does not pay for the memory).
    @usableFromInline var conversions = 0
    @usableFromInline var recentDoubles: RecentDoubles? = nil
    /// The same for doubles rounded to `fixedDecimals` places (`write(_:decimals:)`),
    /// apart, since a value's text depends on its places.
    @usableFromInline var recentFixed: RecentDoubles? = nil
    @usableFromInline var fixedDecimals = -1

    /// Whether `base` belongs to someone else (`bytes(capacity:_:)`): it is then not
    /// freed, and growing moves the text to a buffer of the writer's own.
    @usableFromInline var borrowsBase = false

    /// Creates a writer with an empty buffer of the given capacity.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        count = 0
    }

    /// A writer into `buffer`, which stays its owner's.
    private init(borrowing buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        count = 0
        borrowsBase = true
    }

    deinit {
        if !borrowsBase { base.deallocate() }
        recentDoubles?.deallocate()
        recentFixed?.deallocate()
    }

    /// A copy of the JSON text written so far.
    public var bytes: [UInt8] {
        [UInt8](copyingBytes: UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The text that `body` writes, written straight into the returned array's storage
    /// when it fits in `capacity` bytes (else copied once, as `bytes` does): for a large
    /// document, such as a tick, that is sent as it is.
    /// - Important: The writer lends `body` that storage: it must not be kept (moved
    ///   out of the `inout`) beyond the call.
    public static func bytes(capacity: Int, _ body: (inout JSONByteWriter) -> Void) -> [UInt8] {
        var grown: [UInt8]? = nil
        let written = [UInt8](unsafeUninitializedCapacity: Swift.max(capacity, 64)) {
            buffer, initializedCount in
            var writer = JSONByteWriter(borrowing: buffer)
            body(&writer)
            if writer.borrowsBase {
                initializedCount = writer.count
            } else {
                grown = writer.bytes
                initializedCount = 0
            }
        }
        return grown ?? written
    }

    /// The number of bytes written so far.
    public var byteCount: Int { count }

    /// The text framed for the LSP base protocol: `Content-Length: N\r\n\r\n` then
    /// the bytes, in one new buffer ready to write.
    public func framedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(count + 32)
        FrameWriter.appendHeader(bodyLength: count, to: &output)
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        return output
    }

    /// Calls `body` with the bytes written so far, without copying them.
    /// - Important: The pointer is valid only during the call.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Empties the buffer, keeping its capacity, to write the next document.
    @inlinable
    public mutating func reset() {
        count = 0
        needsComma = false
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline
    mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        // Raw copies: one memcpy, where a typed copy of bytes may go element by element
        // (Embedded Swift's -Osize, in the WebAssembly module).
        UnsafeMutableRawPointer(newBase).copyMemory(from: base, byteCount: count)
        if !borrowsBase { base.deallocate() }
        borrowsBase = false
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inlinable
    mutating func appendBytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        Self.copyBytes(source.count, from: start, to: base + count)
        count += source.count
    }

    /// Copies `n` bytes; up to 16 with overlapping loads and stores rather than a call:
    /// keys and short strings are most of what is written, and in the WebAssembly module
    /// a memcpy (`memory.copy`) of a few bytes is a call out of the compiled code.
    @inlinable @inline(__always)
    static func copyBytes(
        _ n: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer
    ) {
        if n > 16 {
            target.copyMemory(from: source, byteCount: n)
        } else if n >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n > 0 {
            // 1 to 3 bytes: the first, the middle and the last (some the same).
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(
                of: source.load(fromByteOffset: n >> 1, as: UInt8.self), toByteOffset: n >> 1,
                as: UInt8.self)
            target.storeBytes(
                of: source.load(fromByteOffset: n - 1, as: UInt8.self), toByteOffset: n - 1,
                as: UInt8.self)
        }
    }

    /// Appends the bytes of a literal.
    @inlinable @inline(__always)
    mutating func appendASCII(_ text: StaticString) {
        appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    mutating func separate() {
        if needsComma { appendByte(UInt8(ascii: ",")) }
    }

    /// Writes `{`.
    @inlinable
    public mutating func beginObject() {
        separate()
        appendByte(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`.
    @inlinable
    public mutating func endObject() {
        appendByte(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`.
    @inlinable
    public mutating func beginArray() {
        separate()
        appendByte(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    @inlinable
    public mutating func endArray() {
        appendByte(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key and its colon.
    ///
    /// A key in the source is a plain name: it is copied without looking for bytes to
    /// escape (3% of a pipelined request's instructions), and debug builds check that
    /// none is needed.
    ///
    /// Inlined: at a call site the literal's length is known, so the copy is a store or
    /// two, and a tick or sample writes a dozen keys per element.
    @inlinable @inline(__always)
    public mutating func writeKey(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        assert(
            !UnsafeBufferPointer(start: key.utf8Start, count: length).contains {
                $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
            }, "a key literal that needs escaping")
        guard count + length + 4 <= capacity else {
            writeKeyGrowing(key)
            return
        }
        if needsComma {
            base[count] = UInt8(ascii: ",")
            count += 1
        }
        base[count] = UInt8(ascii: "\"")
        Self.copyBytes(length, from: key.utf8Start, to: base + count + 1)
        base[count + 1 + length] = UInt8(ascii: "\"")
        base[count + 2 + length] = UInt8(ascii: ":")
        count += length + 3
        needsComma = false
    }

    /// `writeKey(_:)` when the buffer must grow first: grown, the key fits.
    @usableFromInline
    mutating func writeKeyGrowing(_ key: StaticString) {
        reserve(key.utf8CodeUnitCount + 4)
        writeKey(key)
    }

    /// Writes an object key and its colon. (A string literal picks the
    /// `StaticString` overload.)
    @_disfavoredOverload
    public mutating func writeKey(_ key: String) {
        separate()
        appendQuoted(key)
        appendByte(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `null`.
    public mutating func writeNull() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func write(_ value: Bool) {
        separate()
        if value { appendASCII("true") } else { appendASCII("false") }
        needsComma = true
    }

    /// Writes an integer.
    @inlinable
    public mutating func write(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// Writes an integer.
    @inlinable
    public mutating func write(_ value: Int64) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// Writes the shortest round-trip form of a double (`null` if not finite).
    @inlinable
    public mutating func write(_ value: Double) {
        separate()
        appendDouble(value)
        needsComma = true
    }

    /// Writes a quoted, escaped string.
    @_disfavoredOverload
    public mutating func write(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// Writes a quoted, escaped string literal.
    @inlinable
    public mutating func write(_ value: StaticString) {
        separate()
        appendQuoted(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
        needsComma = true
    }

    /// Writes bytes that already form one complete JSON value, unchanged.
    /// - Important: The bytes are not checked.
    public mutating func writeRaw(_ json: [UInt8]) {
        separate()
        json.withUnsafeBufferPointer { appendBytes($0) }
        needsComma = true
    }
}
