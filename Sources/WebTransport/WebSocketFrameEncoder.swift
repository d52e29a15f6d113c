/// Server frames: final, unmasked (RFC 6455 section 5.1: a server never masks).
public enum WebSocketFrameEncoder {
    /// A whole frame of `opcode` carrying `payload`.
    public static func frame(_ opcode: WebSocketOpcode, _ payload: some Collection<UInt8>)
        -> [UInt8]
    {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 10)
        append(opcode, payload, to: &out)
        return out
    }

    /// Appends a frame to `output` (several frames in one write).
    public static func append(
        _ opcode: WebSocketOpcode, _ payload: some Collection<UInt8>, to output: inout [UInt8]
    ) {
        appendHeader(opcode, length: payload.count, to: &output)
        output.append(contentsOf: payload)
    }

    /// The header of a final, unmasked frame of `length` bytes.
    public static func appendHeader(
        _ opcode: WebSocketOpcode, length: Int, to output: inout [UInt8]
    ) {
        output.append(0x80 | opcode.rawValue)
        if length < 126 {
            output.append(UInt8(length))
        } else if length <= 0xFFFF {
            output.append(126)
            output.append(UInt8(length >> 8))
            output.append(UInt8(length & 0xFF))
        } else {
            output.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: length >> shift))
            }
        }
    }

    /// A text frame.
    public static func text(_ utf8: some Collection<UInt8>) -> [UInt8] { frame(.text, utf8) }

    /// A close frame with `code` and a reason (cut to fit the 125-byte control limit).
    public static func close(_ code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var reasonBytes = Array(reason.utf8.prefix(123))
        // Never cut inside a character.
        while !isValidUTF8(reasonBytes) { reasonBytes.removeLast() }
        payload += reasonBytes
        return frame(.close, payload)
    }

    /// The close frame that answers a peer's close: its code echoed, or none.
    public static func closeReply(to code: WebSocketCloseCode?) -> [UInt8] {
        code.map { close($0) } ?? frame(.close, [])
    }
}
