// Fuzz target: raw bytes -> the browser transport's pure part, as one TCP connection of
// the daemon sees them: HTTP request heads routed by `WebRequestRouter` (keep-alive,
// refusals, the upgrade), then WebSocket frames through `WebSocketFrameDecoder`.
//
// Input: the first byte is a control byte, the rest is the client's byte stream.
//   bit 0      prepend a valid upgrade request with the right token, so the frame
//              decoder is reached without the fuzzer having to find the handshake;
//   bits 1...3 how the stream is cut into reads (0: one read; else pseudo-random
//              chunk sizes up to 1, 2, 3, 5, 8, 13 or 64 bytes).
//
// Checks: no trap; each response is a whole HTTP/1.1 response head; a refusal is the
// bare 403; text messages are valid UTF-8 and within the limit; nothing comes after a
// close or a failure; the decoder's memory stays within the limit plus one read; and
// the events do not depend on how the stream was cut (compared with one read).

import WebTransport

enum WebSocketFuzz {
    static let limit = 4096
    static let headLimit = 1024
    static let token = "0123456789abcdef0123456789abcdef"
    static let router = WebRequestRouter(
        policy: WebAccessPolicy(
            token: token, port: 9000, allowedOrigins: ["http://allowed.example"]),
        files: [
            "/index.html": StaticFile(
                contentType: "text/html; charset=utf-8",
                bytes: Array("<p>__TRANSITIOND_TOKEN__".utf8))
        ])
    static let upgrade = Array(
        ("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            .utf8)
    static let chunkCeilings = [1, 2, 3, 5, 8, 13, 64]

    enum Event: Equatable {
        case response([UInt8])
        case ws(WebSocketEvent)
        case end
    }

    static func run(_ data: [UInt8]) {
        guard let control = data.first else { return }
        let stream = (control & 1 == 1 ? upgrade : []) + data.dropFirst()
        let whole = events(stream, chunk: nil)
        let mode = Int(control >> 1) & 7
        if mode > 0 {
            let cut = events(stream, chunk: (chunkCeilings[mode - 1], UInt64(data.count)))
            guard cut == whole else {
                fuzzFailure("events depend on how the stream is cut (mode \(mode))")
            }
        }
    }

    static func events(_ stream: [UInt8], chunk: (ceiling: Int, seed: UInt64)?) -> [Event] {
        var out: [Event] = []
        var parser = HTTPHeadParser(maximumLength: headLimit)
        var decoder: WebSocketFrameDecoder? = nil
        var pending: [UInt8] = []
        var ended = false
        var state = chunk?.seed ?? 0
        var i = 0
        while i < stream.count && !ended {
            var n = stream.count - i
            if let chunk {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                n = min(n, Int(state >> 33) % chunk.ceiling + 1)
            }
            let piece = stream[i..<(i + n)]
            i += n
            if var d = decoder {
                d.append(piece)
                while let e = d.next() {
                    out.append(.ws(e))
                    check(e)
                    switch e {
                    case .close, .failure: ended = true
                    default: break
                    }
                }
                if ended, d.next() != nil { fuzzFailure("an event after a close or a failure") }
                if d.bufferedByteCount > limit + 14 + n {
                    fuzzFailure("the decoder holds \(d.bufferedByteCount) bytes")
                }
                decoder = d
                continue
            }
            pending += piece
            while !pending.isEmpty && !ended && decoder == nil {
                let outcome = parser.append(pending)
                pending = []
                switch outcome {
                case .needMoreInput:
                    break
                case .tooLarge, .malformed:
                    out.append(.end)
                    ended = true
                case .head(let head, let remainder):
                    let routing = router.route(head)
                    checkResponse(routing)
                    out.append(.response(routing.response))
                    switch routing.next {
                    case .close: ended = true
                    case .keepAlive: pending = remainder
                    case .upgrade:
                        var d = WebSocketFrameDecoder(maximumMessageLength: limit)
                        d.append(remainder)
                        while let e = d.next() {
                            out.append(.ws(e))
                            check(e)
                            if case .close = e { ended = true }
                            if case .failure = e { ended = true }
                        }
                        decoder = d
                    }
                }
            }
        }
        return out
    }

    static func check(_ event: WebSocketEvent) {
        switch event {
        case .text(let body):
            guard body.count <= limit else {
                fuzzFailure("a message of \(body.count) bytes passed the limit")
            }
            guard isValidUTF8(body) else { fuzzFailure("a text message that is not UTF-8", body) }
        case .ping(let p), .pong(let p):
            guard p.count <= 125 else { fuzzFailure("a control payload of \(p.count) bytes") }
        case .close(let code, let reason):
            if let code, !code.isValidOnTheWire { fuzzFailure("close code \(code) accepted") }
            guard isValidUTF8(reason) else {
                fuzzFailure("a close reason that is not UTF-8", reason)
            }
        case .failure(let code, _):
            guard [1002, 1003, 1007, 1009].contains(code.rawValue) else {
                fuzzFailure("failure with close code \(code)")
            }
        }
    }

    static func checkResponse(_ routing: WebRouting) {
        let text = String(decoding: routing.response, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 "), text.contains("\r\n\r\n") else {
            fuzzFailure("not an HTTP response", routing.response)
        }
        if text.hasPrefix("HTTP/1.1 403") {
            guard
                text == "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                routing.next == .close
            else {
                fuzzFailure("a refusal that says more than 403", routing.response)
            }
        }
        if routing.next == .upgrade, !text.hasPrefix("HTTP/1.1 101 ") {
            fuzzFailure("an upgrade without 101", routing.response)
        }
    }
}

/// The entry point libFuzzer calls (and the regression runner, for each saved input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    WebSocketFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
