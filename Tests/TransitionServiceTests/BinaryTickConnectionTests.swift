import JSONRPC
import Testing

@testable import TransitionService

/// A session with `"encoding": "binary"`: its ticks go out as binary WebSocket frames,
/// everything else as text; connections that carry no binary frames refuse it.
@Suite struct BinaryTickConnectionTests {
    static let create =
        #"{"viewport":{"width":100,"height":100},"sections":[{"items":4}],"layout":{"type":"list","rowHeight":10},"clock":"manual","encoding":"binary"}"#

    @Test func ticksAreBinaryFramesAndTheRestText() throws {
        let h = WebSocketConnectionTests.upgraded()
        h.transport.receive(
            WebSocketConnectionTests.request(0, "initialize", #"{"processId":null}"#)
                + WebSocketConnectionTests.request(1, "session/create", Self.create)
                + WebSocketConnectionTests.request(
                    2, "transition/start", #"{"session":"s1","to":{"type":"grid","columns":2}}"#)
                + WebSocketConnectionTests.request(
                    3, "clock/advance", #"{"session":"s1","by":0.1}"#))
        let frames = WebSocketConnectionTests.serverFrames(Array(h.transport.writes.joined()))
        #expect(frames.map(\.opcode) == [0x1, 0x1, 0x1, 0x2, 0x1])
        let initialize = try JSONParser().parse(frames[0].payload)
        #expect(
            initialize["result"]?["capabilities"]?["encodings"] == ["objects", "compact", "binary"])
        let tick = try BinaryTickReader(frames[3].payload)
        #expect(tick.header["seq"] == 1)
        // The reply repeats the tick in compact JSON: a frame column in float32, a value
        // every element shares (the width, the height) exact in the header.
        let reply = try JSONParser().parse(frames[4].payload)
        #expect(reply["id"] == 3)
        let compact = try #require(reply["result"]?["attributes"])
        #expect(compact["count"]?.int64Value == Int64(tick.count))
        let frame = try #require(compact["frame"]?.arrayValue?.map { $0.doubleValue! })
        for (column, part) in [("x", 0), ("y", 1), ("width", 2), ("height", 3)] {
            let isConstant = tick.entry(column).doubleValue != nil
            let expected = (0..<tick.count).map {
                isConstant ? frame[4 * $0 + part] : Double(Float(frame[4 * $0 + part]))
            }
            #expect(tick.numbers(column) == expected, "\(column)")
        }
        #expect(reply["result"]?["progress"] == tick.header["progress"])
    }

    @Test func aConnectionWithoutBinaryFramesRefusesBinarySessions() throws {
        let h = ConnectionHarness()
        h.transport.receive(
            ConnectionHarness.initialize
                + ConnectionHarness.request(1, "session/create", Self.create))
        var reader = FrameReader()
        let replies = reader.read(Array(h.transport.writes.joined())).compactMap {
            if case .message(let body) = $0 { return try? JSONParser().parse(body) }
            return nil
        }
        #expect(replies.count == 2)
        #expect(replies[0]["result"]?["capabilities"]?["encodings"] == ["objects", "compact"])
        #expect(replies[1]["error"]?["code"] == -32602)
        #expect(replies[1]["error"]?["data"]?["field"] == "params.encoding")
    }

    @Test func aSubscriberWithoutBinaryFramesIsRefused() throws {
        let host = SessionHost()
        host.noteBinaryFrames(on: 1)
        let r = try SessionCreateRequest(
            json: SessionHostTests.parse(Self.create.replacingLast("}", with: #","name":"page"}"#)))
        let s = try host.create(r, connection: 1, now: 0).session
        #expect(throws: ResponseError.self) { try host.subscribe(.id(s), connection: 2) }
        do {
            _ = try host.subscribe(.name("page"), connection: 2)
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.data?["field"] == "params.name")
        }
        host.noteBinaryFrames(on: 3)
        #expect(try host.subscribe(.id(s), connection: 3).session == s)
        #expect(host.encodings(for: 2) == [.objects, .compact])
        #expect(host.encodings(for: 3) == [.objects, .compact, .binary])
    }
}

extension String {
    /// The string with its last `old` replaced by `new`.
    fileprivate func replacingLast(_ old: Character, with new: String) -> String {
        guard let at = lastIndex(of: old) else { return self }
        return String(self[..<at]) + new + String(self[index(after: at)...])
    }
}
