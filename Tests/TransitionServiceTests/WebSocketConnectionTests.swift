import JSONRPC
import Testing
import WebTransport

@testable import TransitionService

/// A connection speaking `WebSocketWire` over the in-memory transport: the upgrade, one
/// text frame per message both ways (ticks included), and the close handshake.
@Suite struct WebSocketConnectionTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static func harness() -> ConnectionHarness {
        let router = WebRequestRouter(
            policy: WebAccessPolicy(token: token, port: 9000), files: [:])
        return ConnectionHarness(
            wire: WebSocketWire(
                router: router, maximumMessageLength: 1 << 20, maximumHeadLength: 8192,
                note: { _ in }))
    }

    static let upgrade = Array(
        ("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n").utf8)

    /// A masked client frame.
    static func clientFrame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        precondition(payload.count <= 0xFFFF)
        var out: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            out.append(0x80 | UInt8(payload.count))
        } else {
            out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        out += mask
        for (i, b) in payload.enumerated() { out.append(b ^ mask[i % 4]) }
        return out
    }

    /// The LSP-framed request's body as a masked text frame.
    static func request(_ id: Int, _ method: String, _ params: String = "{}") -> [UInt8] {
        var reader = FrameReader()
        guard
            case .message(let body)? = reader.read(ConnectionHarness.request(id, method, params))
                .first
        else { fatalError("not a frame") }
        return clientFrame(0x1, body)
    }

    /// The server's unmasked frames in `bytes`: (opcode, payload).
    static func serverFrames(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var i = 0
        while i < bytes.count {
            let opcode = bytes[i] & 0x0F
            var length = Int(bytes[i + 1] & 0x7F)
            i += 2
            if length == 126 {
                length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                i += 2
            } else if length == 127 {
                length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[i + $1]) }
                i += 8
            }
            frames.append((opcode, Array(bytes[i..<i + length])))
            i += length
        }
        return frames
    }

    static func upgraded() -> ConnectionHarness {
        let h = harness()
        h.transport.receive(upgrade)
        let response = String(decoding: h.transport.writes.joined(), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 101 "))
        #expect(response.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        h.transport.clearWrites()
        return h
    }

    @Test func repliesAndTicksGoOutAsOneTextFrameEach() throws {
        let h = Self.upgraded()
        h.transport.receive(
            Self.request(0, "initialize", #"{"processId":null}"#)
                + Self.request(
                    1, "session/create",
                    #"{"viewport":{"width":100,"height":100},"sections":[{"items":2}],"layout":{"type":"list","rowHeight":10},"clock":"manual"}"#
                ))
        h.transport.receive(
            Self.request(
                2, "transition/start", #"{"session":"s1","to":{"type":"grid","columns":2}}"#)
                + Self.request(3, "clock/advance", #"{"session":"s1","by":0.1}"#))
        let frames = Self.serverFrames(Array(h.transport.writes.joined()))
        #expect(frames.allSatisfy { $0.opcode == 0x1 })
        let messages = try frames.map { try JSONParser().parse($0.payload) }
        #expect(messages.map { $0["id"]?.int64Value } == [0, 1, 2, nil, 3])
        #expect(messages[3]["method"]?.stringValue == "transition/tick")
        #expect(messages[3]["params"]?["seq"]?.int64Value == 1)
        #expect(messages[3]["params"] == messages[4]["result"])
    }

    @Test func aCloseFrameIsAnsweredAndTheConnectionClosesWhenTheClientEndsItsInput() {
        let h = Self.upgraded()
        h.transport.receive(Self.clientFrame(0x8, [0x03, 0xE8]))
        #expect(Array(h.transport.writes.joined()) == WebSocketFrameEncoder.close(.normal))
        // The sending side is shut and the connection reads on (a close at once would
        // reset a client still sending), within the daemon's bound.
        #expect(h.transport.writingShutDown && h.transport.isReading)
        #expect(h.count("lingering") == 1 && h.connection.state == .lingering)
        #expect(!h.transport.isClosed && !h.connection.isClosed)
        // What comes now is read and discarded, not answered.
        h.transport.clearWrites()
        h.transport.receive(Self.request(7, "session/list"))
        #expect(h.transport.writes.isEmpty && !h.transport.isClosed)
        h.transport.end()
        #expect(h.transport.isClosed && h.connection.isClosed)
    }

    @Test func aMessageOverTheLimitIsClosed1009AndTheRestOfItIsReadAndDiscarded() {
        let router = WebRequestRouter(
            policy: WebAccessPolicy(token: Self.token, port: 9000), files: [:])
        let h = ConnectionHarness(
            wire: WebSocketWire(
                router: router, maximumMessageLength: 4096, maximumHeadLength: 8192,
                note: { _ in }))
        h.transport.receive(Self.upgrade)
        h.transport.clearWrites()
        // Two fragments of 3,000 bytes: the second passes the limit.
        var first = Self.clientFrame(0x1, Array(repeating: 0x78, count: 3000))
        first[0] &= 0x7F
        var second = Self.clientFrame(0x0, Array(repeating: 0x79, count: 3000))
        second[0] &= 0x7F
        h.transport.receive(first + second)
        let frames = Self.serverFrames(Array(h.transport.writes.joined()))
        #expect(frames.map(\.opcode) == [0x8])
        #expect(frames.first.map { Int($0.payload[0]) << 8 | Int($0.payload[1]) } == 1009)
        #expect(h.transport.writingShutDown && h.transport.isReading && !h.transport.isClosed)
        h.transport.clearWrites()
        h.transport.receive(Self.clientFrame(0x0, Array(repeating: 0x7A, count: 60_000)))
        #expect(h.transport.writes.isEmpty && !h.connection.isClosed)
        h.transport.end()
        #expect(h.connection.isClosed)
    }

    @Test func aCloseBehindUnreadRepliesWaitsForTheClientWithinTheDaemonsBound() {
        // The close is answered after what the client has not read yet; the connection
        // asks the daemon to bound that wait (else a client that never reads again
        // would hold it open for ever), then to bound its wait for the end of input.
        let h = Self.upgraded()
        h.transport.peerReads = false
        h.transport.receive(Self.request(1, "session/list"))
        h.transport.receive(Self.clientFrame(0x8, [0x03, 0xE8]))
        #expect(h.count("draining") == 1 && h.count("lingering") == 0)
        #expect(!h.transport.isClosed && !h.connection.isClosed)
        #expect(Self.serverFrames(Array(h.transport.writes.joined())).map(\.opcode) == [0x1, 0x8])
        h.transport.drain()
        #expect(h.count("lingering") == 1 && !h.connection.isClosed)
        h.transport.end()
        #expect(h.transport.isClosed && h.connection.isClosed)
    }

    @Test func aPingIsAnsweredWithItsPong() {
        let h = Self.upgraded()
        h.transport.receive(Self.clientFrame(0x9, Array("hi".utf8)))
        let frames = Self.serverFrames(Array(h.transport.writes.joined()))
        #expect(frames.map(\.opcode) == [0xA] && frames[0].payload == Array("hi".utf8))
        #expect(!h.connection.isClosed)
    }

    @Test func theDaemonClosingSendsACloseFrameFirst() {
        let h = Self.upgraded()
        h.connection.close()
        #expect(Array(h.transport.writes.joined()) == WebSocketFrameEncoder.close(.normal))
        #expect(h.transport.isClosed)
    }

    @Test func aRefusedRequestIsAnsweredAndClosedOnceTheClientEndsItsInput() {
        let h = Self.harness()
        h.transport.receive(
            Array(
                "POST /?token=wrong HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nContent-Length: 9000\r\n\r\n"
                    .utf8))
        #expect(
            String(decoding: h.transport.writes.joined(), as: UTF8.self).hasPrefix("HTTP/1.1 403 "))
        #expect(h.transport.writingShutDown && !h.transport.isClosed)
        // The body still arriving is read and discarded.
        h.transport.clearWrites()
        h.transport.receive(Array(repeating: 0x41, count: 9000))
        #expect(h.transport.writes.isEmpty)
        h.transport.end()
        #expect(h.transport.isClosed)
    }
}
