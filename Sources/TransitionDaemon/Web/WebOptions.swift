/// The browser transport's settings (`--ws`, `--ws-allow-remote`, `--allow-origin`).
public struct WebOptions: Sendable, Equatable {
    /// An IPv4 or IPv6 literal, or `localhost`.
    public var host = "127.0.0.1"
    /// 0 lets the system choose.
    public var port = 0
    /// A host that is not loopback is served only with this.
    public var allowRemote = false
    /// Page origins allowed besides the daemon's own.
    public var allowedOrigins: [String] = []

    public init() {}

    /// Parses `[HOST:]PORT` (`8080`, `127.0.0.1:0`, `[::1]:8080`); nil when malformed.
    public static func parseAddress(_ text: String) -> (host: String?, port: Int)? {
        var host: String? = nil
        var portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"),
                text[text.index(after: close)...].hasPrefix(":")
            else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        guard let port = Int(portText), (0...65535).contains(port),
            host.map({ !$0.isEmpty }) ?? true
        else { return nil }
        return (host == "localhost" ? "127.0.0.1" : host, port)
    }
}
