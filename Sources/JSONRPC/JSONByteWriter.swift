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
public struct JSONByteWriter: Sendable {
    /// The JSON text written so far.
    public var bytes: [UInt8]
    /// Whether the next value or key must be preceded by a comma.
    var needsComma = false

    /// Creates a writer with an empty buffer of the given capacity.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Creates a writer that appends to existing bytes (which it treats as not
    /// needing a comma before the first value).
    public init(appendingTo bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Empties the buffer, keeping its capacity, to write the next document.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    @inline(__always)
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes `{`.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key and its colon.
    public mutating func writeKey(_ key: StaticString) {
        separate()
        appendQuoted(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key and its colon.
    public mutating func writeKey(_ key: String) {
        separate()
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
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
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    /// Writes an integer.
    public mutating func write(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// Writes an integer.
    public mutating func write(_ value: Int64) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// Writes the shortest round-trip form of a double (`null` if not finite).
    public mutating func write(_ value: Double) {
        separate()
        appendDouble(value)
        needsComma = true
    }

    /// Writes a quoted, escaped string.
    public mutating func write(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// Writes bytes that already form one complete JSON value, unchanged.
    /// - Important: The bytes are not checked.
    public mutating func writeRaw<Bytes: Sequence<UInt8>>(_ json: Bytes) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    @inline(__always)
    mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
