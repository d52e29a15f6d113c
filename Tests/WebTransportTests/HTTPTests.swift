import Testing

@testable import WebTransport

private let upgradeRequest =
    "GET /?token=secret HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

private func head(_ s: String) -> HTTPRequestHead {
    var parser = HTTPHeadParser()
    guard case .head(let h, _) = parser.append(text(s)) else { fatalError("not a head: \(s)") }
    return h
}

struct HTTPHeadParserTests {
    @Test func wholeHeadWithRemainder() {
        var parser = HTTPHeadParser()
        let outcome = parser.append(text(upgradeRequest) + [0x81, 0x80])
        guard case .head(let h, let rest) = outcome else {
            Issue.record("no head: \(outcome)")
            return
        }
        #expect(h.method == "GET")
        #expect(h.path == "/")
        #expect(h.queryParameter("token") == "secret")
        #expect(h.header("host") == "127.0.0.1:9000")
        #expect(h.header("connection", contains: "upgrade"))
        #expect(rest == [0x81, 0x80])
    }

    @Test func dripFedGivesTheSameHead() {
        var parser = HTTPHeadParser()
        var result: HTTPParseResultBox? = nil
        for b in text(upgradeRequest) {
            let o = parser.append([b])
            if case .head(let h, _) = o { result = HTTPParseResultBox(head: h) }
        }
        #expect(result?.head == head(upgradeRequest))
    }

    @Test func boundedAndStrict() {
        var small = HTTPHeadParser(maximumLength: 64)
        #expect(
            small.append(text("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 100)))
                == .tooLarge)
        func isMalformed(_ s: String) -> Bool {
            var p = HTTPHeadParser()
            if case .malformed = p.append(text(s)) { return true }
            return false
        }
        #expect(isMalformed("GET /\r\n\r\n"))
        #expect(isMalformed("GET / HTTP/2\r\n\r\n"))
        #expect(isMalformed("GET / HTTP/1.1\r\nNoColon\r\n\r\n"))
        #expect(isMalformed("GET / HTTP/1.1\r\n folded\r\n\r\n"))
        #expect(isMalformed("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n"))
        #expect(isMalformed("get / HTTP/1.1\r\n\r\n"))
        #expect(isMalformed("GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n"))
        #expect(!isMalformed("GET / HTTP/1.1\nHost: x\n\n"))
    }

    @Test func queryParameters() {
        let h = head("GET /viewer.js?demo=1&token=a%2Bb+c&empty HTTP/1.1\r\n\r\n")
        #expect(h.path == "/viewer.js")
        #expect(h.queryParameter("token") == "a+b c")
        #expect(h.queryParameter("demo") == "1")
        #expect(h.queryParameter("empty") == "")
        #expect(h.queryParameter("missing") == nil)
        #expect(head("GET /?token=%zz HTTP/1.1\r\n\r\n").queryParameter("token") == nil)
    }
}

private struct HTTPParseResultBox {
    var head: HTTPRequestHead
}

struct AccessPolicyTests {
    let policy = WebAccessPolicy(
        token: "secret", port: 9000, allowedOrigins: ["https://design.example"])

    private func request(
        target: String = "/?token=secret", host: String? = "127.0.0.1:9000", origin: String? = nil
    ) -> HTTPRequestHead {
        var headers: [(name: String, value: String)] = []
        if let host { headers.append(("host", host)) }
        if let origin { headers.append(("origin", origin)) }
        return HTTPRequestHead(method: "GET", target: target, version: "HTTP/1.1", headers: headers)
    }

    @Test func tokenIsRequired() {
        #expect(policy.refusal(of: request()) == nil)
        #expect(policy.refusal(of: request(target: "/")) == .missingToken)
        #expect(policy.refusal(of: request(target: "/?token=secreT")) == .wrongToken)
        #expect(policy.refusal(of: request(target: "/?token=")) == .wrongToken)
        #expect(policy.refusal(of: request(target: "/?tok=secret")) == .missingToken)
    }

    @Test func hostMustBeLoopbackWithThePort() {
        for good in [
            "127.0.0.1:9000", "localhost:9000", "LOCALHOST:9000", "[::1]:9000", "127.1.2.3:9000",
        ] {
            #expect(policy.refusal(of: request(host: good)) == nil, "\(good)")
        }
        for bad in [
            "evil.example:9000", "127.0.0.1:9001", "127.0.0.1", "localhost.evil.example:9000",
            "128.0.0.1:9000", "0x7f.0.0.1:9000", "[::2]:9000", "127.0.0.1:", "",
        ] {
            #expect(policy.refusal(of: request(host: bad)) == .host(bad), "\(bad)")
        }
        #expect(policy.refusal(of: request(host: nil)) == .host(nil))
        let twoHosts = HTTPRequestHead(
            method: "GET", target: "/?token=secret", version: "HTTP/1.1",
            headers: [("host", "127.0.0.1:9000"), ("host", "evil:9000")])
        #expect(policy.refusal(of: twoHosts) != nil)
        let remote = WebAccessPolicy(token: "secret", port: 9000, extraHosts: ["192.168.1.5"])
        #expect(remote.refusal(of: request(host: "192.168.1.5:9000")) == nil)
    }

    @Test func originMustBeAbsentOwnOrAllowed() {
        #expect(policy.refusal(of: request(origin: "http://127.0.0.1:9000")) == nil)
        #expect(policy.refusal(of: request(origin: "http://localhost:9000")) == nil)
        #expect(policy.refusal(of: request(origin: "https://design.example")) == nil)
        for bad in [
            "https://evil.example", "http://127.0.0.1:9001", "null", "https://127.0.0.1:9000",
            "http://localhost:9000/x", "https://design.example.evil",
        ] {
            #expect(policy.refusal(of: request(origin: bad)) == .origin(bad), "\(bad)")
        }
    }
}

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
