/// The opening handshake of RFC 6455 section 4.2, server side.
public enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
    public static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + guid).utf8)))
    }

    /// Whether `head` asks for a WebSocket (`Upgrade: websocket`).
    public static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.header("upgrade", contains: "websocket")
    }

    /// The 101 answer to a valid upgrade request, or the error answer to a bad one.
    public static func respond(to head: HTTPRequestHead) -> (response: HTTPResponse, upgraded: Bool)
    {
        guard head.method == "GET", head.version == "HTTP/1.1",
            head.header("connection", contains: "upgrade")
        else {
            return (.error(400), false)
        }
        guard head.header("sec-websocket-version") == "13" else {
            return (.error(426, extraHeaders: [("Sec-WebSocket-Version", "13")]), false)
        }
        guard head.count(of: "sec-websocket-key") == 1, let key = head.header("sec-websocket-key"),
            Base64.decode(key)?.count == 16
        else {
            return (.error(400), false)
        }
        let response = HTTPResponse(
            status: 101,
            headers: [
                ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                ("Sec-WebSocket-Accept", acceptValue(forKey: key)),
            ])
        return (response, true)
    }
}
