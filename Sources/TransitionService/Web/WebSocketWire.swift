import JSONRPC
import WebTransport

/// The browser's wire: HTTP requests until one upgrades to WebSocket, then one text
/// frame per JSON-RPC message (or batch), without `Content-Length` headers.
package final class WebSocketWire: WireFormat {
    private enum Phase {
        /// Reading HTTP request heads (several, with keep-alive).
        case http(HTTPHeadParser, pending: [UInt8])
        case webSocket(WebSocketFrameDecoder)
        case ended
    }

    private var phase: Phase
    /// Set once a request passed the access policy (its token, host and origin).
    package private(set) var isAuthenticated = false
    private let router: WebRequestRouter
    private let maximumMessageLength: Int
    /// Called with each request's refusal reason or problem, for the log.
    private let note: (String) -> Void

    package init(
        router: WebRequestRouter, maximumMessageLength: Int, maximumHeadLength: Int,
        note: @escaping (String) -> Void
    ) {
        self.router = router
        self.maximumMessageLength = maximumMessageLength
        self.note = note
        phase = .http(HTTPHeadParser(maximumLength: maximumHeadLength), pending: [])
    }

    package func append(_ bytes: UnsafeRawBufferPointer) {
        switch phase {
        case .http(let parser, var pending):
            phase = .ended  // no copy of `pending` while it grows
            pending.append(contentsOf: bytes)
            phase = .http(parser, pending: pending)
        case .webSocket(var decoder):
            phase = .ended
            decoder.append(bytes)
            phase = .webSocket(decoder)
        case .ended:
            break
        }
    }

    package var bufferedByteCount: Int {
        switch phase {
        case .http(let parser, let pending): return parser.bufferedByteCount + pending.count
        case .webSocket(let decoder): return decoder.bufferedByteCount
        case .ended: return 0
        }
    }

    package func next() -> WireEvent? {
        switch phase {
        case .ended:
            return nil
        case .http(var parser, let pending):
            guard !pending.isEmpty else { return nil }
            switch parser.append(pending) {
            case .needMoreInput:
                phase = .http(parser, pending: [])
                return nil
            case .tooLarge:
                phase = .ended
                return .end(
                    reply: HTTPResponse.error(431).bytes(), reason: "HTTP request head too large")
            case .malformed(let problem):
                phase = .ended
                return .end(
                    reply: HTTPResponse.error(400).bytes(), reason: "bad HTTP request: \(problem)")
            case .head(let head, let remainder):
                let routing = router.route(head)
                switch routing.next {
                case .close:
                    phase = .ended
                    guard let refusal = routing.refusal else {
                        return .end(
                            reply: routing.response,
                            reason: routing.note.map { "refused: \($0)" } ?? "HTTP request served")
                    }
                    // Someone without the token, or a page of another site: worth a look.
                    return .end(
                        reply: routing.response,
                        reason: "refused by the \(refusal.check) check: \(refusal)",
                        level: .warning)
                case .keepAlive:
                    isAuthenticated = true
                    phase = .http(parser, pending: remainder)
                case .upgrade:
                    isAuthenticated = true
                    var decoder = WebSocketFrameDecoder(maximumMessageLength: maximumMessageLength)
                    decoder.append(remainder)
                    phase = .webSocket(decoder)
                    note("WebSocket opened")
                }
                return .reply(routing.response)
            }
        case .webSocket(var decoder):
            phase = .ended
            defer { if case .ended = phase { phase = .webSocket(decoder) } }
            while let event = decoder.next() {
                switch event {
                case .text(let body):
                    return .message(body)
                case .ping(let payload):
                    return .reply(WebSocketFrameEncoder.frame(.pong, payload))
                case .pong:
                    continue
                case .close(let code, _):
                    return .end(
                        reply: WebSocketFrameEncoder.closeReply(to: code),
                        reason: "client closed the WebSocket (\(code?.description ?? "no code"))")
                case .failure(let code, let reason):
                    return .end(
                        reply: WebSocketFrameEncoder.close(code, reason: reason),
                        reason: "WebSocket closed with \(code): \(reason)")
                }
            }
            return nil
        }
    }

    package func finish() -> String? {
        defer { phase = .ended }
        switch phase {
        case .http(let parser, let pending):
            return parser.bufferedByteCount + pending.count > 0
                ? "input ended inside an HTTP request" : nil
        case .webSocket(let decoder):
            return decoder.isInsideMessage
                ? "input ended inside a WebSocket message" : "input ended without a close frame"
        case .ended: return nil
        }
    }

    package func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        WebSocketFrameEncoder.appendHeader(.text, length: length, to: &output)
    }

    package var carriesBinary: Bool { true }

    package func appendBinaryHeader(bodyLength length: Int, to output: inout [UInt8]) {
        WebSocketFrameEncoder.appendHeader(.binary, length: length, to: &output)
    }

    package var farewell: [UInt8]? {
        if case .webSocket = phase { return WebSocketFrameEncoder.close(.normal) }
        return nil
    }
}
