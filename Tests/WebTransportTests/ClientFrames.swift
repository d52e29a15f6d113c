import WebTransport

/// A client frame as a browser sends it: masked with `mask` (unless `masked` is false).
func clientFrame(
    _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true,
    mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D],
    rsv: UInt8 = 0
) -> [UInt8] {
    var out: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
    let maskBit: UInt8 = masked ? 0x80 : 0
    if payload.count < 126 {
        out.append(maskBit | UInt8(payload.count))
    } else if payload.count <= 0xFFFF {
        out += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
        out.append(maskBit | 127)
        for shift in stride(from: 56, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: payload.count >> shift))
        }
    }
    if masked {
        out += mask
        for (i, b) in payload.enumerated() { out.append(b ^ mask[i % 4]) }
    } else {
        out += payload
    }
    return out
}

func text(_ s: String) -> [UInt8] { Array(s.utf8) }

func decodeAll(_ bytes: [UInt8], limit: Int = 1 << 20, chunk: Int? = nil) -> [WebSocketEvent] {
    var decoder = WebSocketFrameDecoder(maximumMessageLength: limit)
    guard let chunk else { return decoder.read(bytes) }
    var events: [WebSocketEvent] = []
    var i = 0
    while i < bytes.count {
        events += decoder.read(bytes[i..<min(i + chunk, bytes.count)])
        i += chunk
    }
    return events
}
