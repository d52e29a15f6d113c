/// An HTTP/1.1 response head and body, written to bytes.
public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func reason(_ status: Int) -> String {
        switch status {
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 426: return "Upgrade Required"
        case 431: return "Request Header Fields Too Large"
        default: return "Error"
        }
    }

    /// A bodyless error answer that closes the connection. A 403 says nothing else.
    public static func error(_ status: Int, extraHeaders: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: extraHeaders + [("Content-Length", "0"), ("Connection", "close")])
    }

    /// The bytes to send; `includeBody` is false for HEAD.
    public func bytes(includeBody: Bool = true) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        var out = Array(text.utf8)
        if includeBody { out += body }
        return out
    }

    public static func == (a: HTTPResponse, b: HTTPResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map { $0.0 } == b.headers.map { $0.0 }
            && a.headers.map { $0.1 } == b.headers.map { $0.1 }
    }
}
