/// Answers HTTP requests: refuses what the access policy forbids with a bare 403,
/// upgrades WebSocket requests to `/` (404 elsewhere), and serves the viewer's files.
public struct WebRequestRouter: Sendable {
    public var policy: WebAccessPolicy
    /// Files by path (`/index.html`); `/` serves `/index.html`.
    public var files: [String: StaticFile]
    /// In HTML files this placeholder becomes the token, so the page can load its
    /// scripts and styles (every request carries the token).
    public static let tokenPlaceholder = "__TRANSITIOND_TOKEN__"
    /// The JavaScript client, which pages of allowed origins may import.
    public static let clientPath = "/transitiond.js"

    public init(policy: WebAccessPolicy, files: [String: StaticFile]) {
        self.policy = policy
        self.files = files
    }

    /// Security headers of every file: nothing from elsewhere, no framing by other
    /// sites, the token never sent as a referrer.
    static let fileHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        ),
    ]

    public func route(_ head: HTTPRequestHead) -> WebRouting {
        if let refusal = policy.refusal(of: head) {
            return WebRouting(
                response: HTTPResponse.error(403).bytes(), next: .close, note: refusal.description,
                refusal: refusal)
        }
        if WebSocketHandshake.isUpgrade(head) {
            // The endpoint is `/` (web.json's `ws`); another path is not found, as for files.
            guard head.path == "/" else {
                return WebRouting(
                    response: HTTPResponse.error(404).bytes(), next: .close,
                    note: "WebSocket upgrade on \(head.path), which is not the endpoint /")
            }
            let (response, upgraded) = WebSocketHandshake.respond(to: head)
            return WebRouting(
                response: response.bytes(), next: upgraded ? .upgrade : .close,
                note: upgraded ? nil : "bad WebSocket handshake (\(response.status))")
        }
        guard head.method == "GET" || head.method == "HEAD" else {
            return WebRouting(
                response: HTTPResponse.error(405, extraHeaders: [("Allow", "GET, HEAD")]).bytes(),
                next: .close, note: nil)
        }
        let wantsClose = head.header("connection", contains: "close") || head.version == "HTTP/1.0"
        let path = head.path == "/" ? "/index.html" : head.path
        guard let file = files[path] else {
            let response = HTTPResponse(
                status: 404,
                headers: [("Content-Length", "0")] + (wantsClose ? [("Connection", "close")] : []))
            return WebRouting(
                response: response.bytes(), next: wantsClose ? .close : .keepAlive, note: nil)
        }
        var body = file.bytes
        if file.contentType.hasPrefix("text/html") {
            body = Self.replacing(
                Array(Self.tokenPlaceholder.utf8), with: Array(policy.token.utf8), in: body)
        }
        var headers =
            [("Content-Type", file.contentType), ("Content-Length", String(body.count))]
            + Self.fileHeaders
        if wantsClose { headers.append(("Connection", "close")) }
        // A page of an allowed origin (a design tool on its dev server) may import the
        // client as a module, which needs CORS; the policy has refused other origins.
        if path == Self.clientPath, let origin = head.header("origin") {
            headers += [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
        }
        let response = HTTPResponse(status: 200, headers: headers, body: body)
        return WebRouting(
            response: response.bytes(includeBody: head.method == "GET"),
            next: wantsClose ? .close : .keepAlive, note: nil)
    }

    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8])
        -> [UInt8]
    {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + pattern.count <= bytes.count && bytes[i] == pattern[0]
                && Array(bytes[i..<(i + pattern.count)]) == pattern
            {
                out += replacement
                i += pattern.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
