import Testing

@testable import WebTransport

let upgradeRequest =
    "GET /?token=secret HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n"
    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

func head(_ s: String) -> HTTPRequestHead {
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
