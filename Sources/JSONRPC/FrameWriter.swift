/// Frames outgoing message bodies for the LSP base protocol.
///
/// Writes only `Content-Length: N\r\n\r\n` followed by the body, where N is the
/// body's size in bytes (UTF-8 code units, never characters).
public enum FrameWriter {
    /// The header for a body of `length` bytes.
    public static func header(bodyLength length: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.reserveCapacity(24)
        appendHeader(bodyLength: length, to: &header)
        return header
    }

    /// Header and body in one buffer, ready to write.
    public static func frame<Body: Collection<UInt8>>(_ body: Body) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count + 24)
        append(body, to: &output)
        return output
    }

    /// Appends header and body to `output` (to batch several messages in one write).
    public static func append<Body: Collection<UInt8>>(_ body: Body, to output: inout [UInt8]) {
        appendHeader(bodyLength: body.count, to: &output)
        output.append(contentsOf: body)
    }

    /// Appends header and body to `output`: the same, for a byte array, in two copies
    /// (the daemon frames every message it sends through this).
    public static func append(_ body: [UInt8], to output: inout [UInt8]) {
        appendHeader(bodyLength: body.count, to: &output)
        body.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }

    /// Header and body of a string's UTF-8.
    public static func frame(_ body: String) -> [UInt8] {
        frame(Array(body.utf8))
    }

    /// Appends the header for a body of `length` bytes (the body is written apart).
    public static func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        // "Content-Length: " (16 bytes), at most 20 digits, "\r\n\r\n": built backwards
        // in one stack buffer and appended in one copy, without a `String`.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var first = buffer.count - 4
            buffer[first] = 0x0D
            buffer[first + 1] = 0x0A
            buffer[first + 2] = 0x0D
            buffer[first + 3] = 0x0A
            var n = UInt(length)
            repeat {
                first -= 1
                buffer[first] = UInt8(ascii: "0") &+ UInt8(n % 10)
                n /= 10
            } while n > 0
            let prefix: StaticString = "Content-Length: "
            first -= prefix.utf8CodeUnitCount
            (buffer.baseAddress! + first).update(
                from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[first...]))
        }
    }
}
