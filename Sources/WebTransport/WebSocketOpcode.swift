/// The frame types of RFC 6455 section 5.2.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames may arrive between the fragments of a message.
    var isControl: Bool { rawValue & 0x8 != 0 }
}
