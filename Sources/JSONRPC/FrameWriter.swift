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

    /// Header and body of a string's UTF-8.
    public static func frame(_ body: String) -> [UInt8] {
        frame(Array(body.utf8))
    }

    static func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        let prefix: StaticString = "Content-Length: "
        output.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        // The digits, last first, without a `String` (one per message otherwise).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var n = UInt(length)
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") &+ UInt8(n % 10)
                n /= 10
            } while n > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
        output.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
    }
}
