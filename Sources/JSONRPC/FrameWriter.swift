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
        output.append(contentsOf: "Content-Length: ".utf8)
        output.append(contentsOf: String(length).utf8)
        output.append(contentsOf: [0x0D, 0x0A, 0x0D, 0x0A])
    }
}
