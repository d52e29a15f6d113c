/// A WebSocket close status code (RFC 6455 section 7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let normal = WebSocketCloseCode(rawValue: 1000)
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// A binary frame: the daemon speaks text only.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// Text that is not UTF-8.
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// Whether a peer may send this code in a close frame: the registered codes that
    /// are not reserved for local use (1005, 1006, 1015), and 3000-4999.
    public var isValidOnTheWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014: return true
        case 3000...4999: return true
        default: return false
        }
    }

    public var description: String { String(rawValue) }
}
