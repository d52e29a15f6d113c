/// The server side of RFC 6455 framing: turns the bytes a client sends into messages,
/// control frames and protocol failures, incrementally.
///
/// Rules (each failure names its close code):
/// - Client frames must be masked (1002). RSV bits must be clear: no extension is
///   negotiated (1002). Unknown opcodes: 1002.
/// - Control frames (close, ping, pong) are final and carry at most 125 bytes (1002);
///   they may come between the fragments of a message.
/// - A continuation needs a message in progress, and a new message must wait for the
///   end of the previous one (1002).
/// - Binary messages are refused at their first frame header (1003).
/// - A message (all its fragments) longer than `maximumMessageLength` is refused at the
///   frame header that passes it, before its payload is read (1009).
/// - Text must be UTF-8 across the whole message (1007); a close reason too.
///
/// After `.close` or `.failure` the decoder yields nothing more. Memory is bounded by
/// `maximumMessageLength` plus one frame header and one read.
///
/// - Complexity: O(n) in the bytes appended.
public struct WebSocketFrameDecoder: Sendable {
    public let maximumMessageLength: Int
    private var buffer: [UInt8] = []
    /// Offset in `buffer` of the first byte not consumed.
    private var consumed = 0
    /// The text message being reassembled, when a fragment of it came.
    private var message: [UInt8]? = nil
    private(set) public var isStopped = false

    public init(maximumMessageLength: Int) {
        self.maximumMessageLength = maximumMessageLength
    }

    /// Bytes received and not yet yielded.
    public var bufferedByteCount: Int { buffer.count - consumed + (message?.count ?? 0) }

    /// Whether the input stopped in the middle of a message or frame.
    public var isInsideMessage: Bool { message != nil || buffer.count > consumed }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isStopped else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard !isStopped else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Appends and returns every event the bytes complete.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [WebSocketEvent] {
        append(bytes)
        var events: [WebSocketEvent] = []
        while let e = next() { events.append(e) }
        return events
    }

    private mutating func compact() {
        if consumed == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            consumed = 0
        } else if consumed >= 4096 && consumed * 2 >= buffer.count {
            buffer.removeFirst(consumed)
            consumed = 0
        }
    }

    private mutating func fail(_ code: WebSocketCloseCode, _ reason: String) -> WebSocketEvent {
        isStopped = true
        buffer = []
        consumed = 0
        message = nil
        return .failure(code, reason)
    }

    /// The next event, or nil when more bytes are needed (or the decoder stopped).
    public mutating func next() -> WebSocketEvent? {
        while !isStopped {
            let available = buffer.count - consumed
            guard available >= 2 else { return nil }
            let b0 = buffer[consumed]
            let b1 = buffer[consumed + 1]
            let fin = b0 & 0x80 != 0
            guard b0 & 0x70 == 0 else {
                return fail(.protocolError, "reserved bits set without an extension")
            }
            guard let opcode = WebSocketOpcode(rawValue: b0 & 0x0F) else {
                return fail(.protocolError, "unknown opcode \(b0 & 0x0F)")
            }
            guard b1 & 0x80 != 0 else { return fail(.protocolError, "unmasked client frame") }
            var length = Int(b1 & 0x7F)
            var headerLength = 2
            if length == 126 {
                guard available >= 4 else { return nil }
                length = Int(buffer[consumed + 2]) << 8 | Int(buffer[consumed + 3])
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                guard buffer[consumed + 2] & 0x80 == 0 else {
                    return fail(.protocolError, "64-bit length with its top bit set")
                }
                var l: UInt64 = 0
                for k in 2..<10 { l = l << 8 | UInt64(buffer[consumed + k]) }
                // Anything this large is over every message limit.
                length = l > UInt64(Int32.max) ? Int(Int32.max) : Int(l)
                headerLength = 10
            }
            if opcode.isControl {
                guard fin else { return fail(.protocolError, "fragmented control frame") }
                guard length <= 125 else {
                    return fail(.protocolError, "control frame longer than 125 bytes")
                }
            } else {
                switch opcode {
                case .continuation:
                    guard message != nil else {
                        return fail(.protocolError, "continuation without a message")
                    }
                case .binary:
                    if message != nil {
                        return fail(.protocolError, "new message inside a fragmented one")
                    }
                    return fail(.unsupportedData, "binary message (only text is spoken)")
                default:
                    if message != nil {
                        return fail(.protocolError, "new message inside a fragmented one")
                    }
                }
                if (message?.count ?? 0) + length > maximumMessageLength {
                    return fail(.messageTooBig, "message over \(maximumMessageLength) bytes")
                }
            }
            let total = headerLength + 4 + length
            guard available >= total else { return nil }
            let maskStart = consumed + headerLength
            let payloadStart = maskStart + 4
            let mask = (
                buffer[maskStart], buffer[maskStart + 1], buffer[maskStart + 2],
                buffer[maskStart + 3]
            )
            var payload = Array(buffer[payloadStart..<(payloadStart + length)])
            unmask(&payload, mask)
            consumed += total
            switch opcode {
            case .ping:
                return .ping(payload)
            case .pong:
                return .pong(payload)
            case .close:
                return closeEvent(payload)
            case .text where fin:
                return finish(payload)
            case .text:
                message = payload
            case .continuation:
                message!.append(contentsOf: payload)
                if fin {
                    let whole = message!
                    message = nil
                    return finish(whole)
                }
            case .binary:
                break  // refused above
            }
        }
        return nil
    }

    private mutating func finish(_ text: [UInt8]) -> WebSocketEvent {
        guard isValidUTF8(text) else { return fail(.invalidPayload, "text message is not UTF-8") }
        return .text(text)
    }

    private mutating func closeEvent(_ payload: [UInt8]) -> WebSocketEvent {
        if payload.isEmpty {
            isStopped = true
            return .close(code: nil, reason: [])
        }
        guard payload.count >= 2 else {
            return fail(.protocolError, "close frame with a 1-byte payload")
        }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isValidOnTheWire else {
            return fail(.protocolError, "close code \(code.rawValue) is not allowed")
        }
        let reason = Array(payload[2...])
        guard isValidUTF8(reason) else { return fail(.invalidPayload, "close reason is not UTF-8") }
        isStopped = true
        return .close(code: code, reason: reason)
    }

    private func unmask(_ payload: inout [UInt8], _ mask: (UInt8, UInt8, UInt8, UInt8)) {
        payload.withUnsafeMutableBytes { raw in
            let n = raw.count
            let key32 =
                UInt32(mask.0) | UInt32(mask.1) << 8 | UInt32(mask.2) << 16 | UInt32(mask.3) << 24
            let key64 = UInt64(key32) | UInt64(key32) << 32
            var i = 0
            // Eight bytes at a time; the mask repeats every four, so it lines up.
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ key64
                raw.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
                i += 8
            }
            let keys = [mask.0, mask.1, mask.2, mask.3]
            while i < n {
                raw[i] ^= keys[i & 3]
                i += 1
            }
        }
    }
}
