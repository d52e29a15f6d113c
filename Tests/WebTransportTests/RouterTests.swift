import Testing

@testable import WebTransport

struct RouterTests {
    let router = WebRequestRouter(
        policy: WebAccessPolicy(token: "secret", port: 9000),
        files: [
            "/index.html": StaticFile(
                contentType: "text/html; charset=utf-8",
                bytes: text("<script src=\"v.js?token=__TRANSITIOND_TOKEN__\">")),
            "/v.js": StaticFile(contentType: "text/javascript", bytes: text("x")),
        ])

    private func statusLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 0x0D }, as: UTF8.self)
    }

    @Test func upgrade() {
        let r = router.route(head(upgradeRequest))
        #expect(r.next == .upgrade)
        let response = String(decoding: r.response, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(response.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        #expect(response.hasSuffix("\r\n\r\n"))
    }

    /// Issue 29: `/rpc?token=...` upgraded like `/`, although other paths are 404.
    @Test func anUpgradeToAnotherPathIsNotFound() {
        let r = router.route(head(upgradeRequest.replacingOccurrences("GET /?", "GET /rpc?")))
        #expect(r.next == .close)
        #expect(
            String(decoding: r.response, as: UTF8.self)
                == "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        #expect(r.note == "WebSocket upgrade on /rpc, which is not the endpoint /")
    }

    @Test func refusalsSayNothingButForbidden() {
        let r = router.route(
            head(upgradeRequest.replacingOccurrences("token=secret", "token=guess")))
        #expect(r.next == .close)
        #expect(
            String(decoding: r.response, as: UTF8.self)
                == "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        #expect(r.note == "wrong token")
    }

    @Test func badHandshakes() {
        #expect(
            statusLine(
                router.route(head(upgradeRequest.replacingOccurrences("Version: 13", "Version: 8")))
                    .response) == "HTTP/1.1 426 Upgrade Required")
        #expect(
            statusLine(
                router.route(
                    head(upgradeRequest.replacingOccurrences("dGhlIHNhbXBsZSBub25jZQ==", "short"))
                ).response) == "HTTP/1.1 400 Bad Request")
    }

    /// Issue 29: `/transitiond.js` went without `Access-Control-Allow-Origin`, so a page
    /// of an allowed origin (a design tool's dev server) could not import it.
    @Test func theClientIsSharedWithAllowedOriginsOnly() {
        let router = WebRequestRouter(
            policy: WebAccessPolicy(
                token: "secret", port: 9000, allowedOrigins: ["http://localhost:5173"]),
            files: [
                "/transitiond.js": StaticFile(contentType: "text/javascript", bytes: text("x")),
                "/v.js": StaticFile(contentType: "text/javascript", bytes: text("y")),
            ])
        let request = { (path: String, origin: String) in
            String(
                decoding: router.route(
                    head(
                        "GET \(path)?token=secret HTTP/1.1\r\nHost: localhost:9000\r\nOrigin: \(origin)\r\n\r\n"
                    )
                ).response, as: UTF8.self)
        }
        let client = request("/transitiond.js", "http://localhost:5173")
        #expect(client.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(
            client.contains(
                "\r\nAccess-Control-Allow-Origin: http://localhost:5173\r\nVary: Origin\r\n"))
        #expect(!request("/v.js", "http://localhost:5173").contains("Access-Control"))
        #expect(
            request("/transitiond.js", "https://evil.example").hasPrefix("HTTP/1.1 403 Forbidden"))
    }

    @Test func filesWithTheTokenInHTML() {
        let r = router.route(head("GET /?token=secret HTTP/1.1\r\nHost: localhost:9000\r\n\r\n"))
        #expect(r.next == .keepAlive)
        let response = String(decoding: r.response, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"))
        #expect(response.hasSuffix("\r\n\r\n<script src=\"v.js?token=secret\">"))
        #expect(response.contains("Content-Security-Policy: default-src 'none'"))
        #expect(
            statusLine(
                router.route(
                    head("GET /nope?token=secret HTTP/1.1\r\nHost: localhost:9000\r\n\r\n")
                ).response) == "HTTP/1.1 404 Not Found")
        #expect(
            statusLine(
                router.route(head("POST /?token=secret HTTP/1.1\r\nHost: localhost:9000\r\n\r\n"))
                    .response) == "HTTP/1.1 405 Method Not Allowed")
        let headOnly = router.route(
            head(
                "HEAD /v.js?token=secret HTTP/1.1\r\nHost: localhost:9000\r\nConnection: close\r\n\r\n"
            ))
        #expect(headOnly.next == .close)
        #expect(
            String(decoding: headOnly.response, as: UTF8.self).hasSuffix(
                "Connection: close\r\n\r\n"))
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound] + b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
