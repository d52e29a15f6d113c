import TestSupport
import Testing

@testable import WebTransport

struct FrameDecoderTests {
    @Test func maskedTextFrame() {
        #expect(decodeAll(clientFrame(0x1, text("Hello"))) == [.text(text("Hello"))])
        // RFC 6455 section 5.7: a masked "Hello".
        #expect(
            decodeAll([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]) == [
                .text(text("Hello"))
            ])
    }

    @Test func everyLengthEncodingDripFedOrWhole() {
        for length in [0, 1, 7, 8, 9, 125, 126, 127, 65535, 65536, 70000] {
            let payload = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let frames = clientFrame(0x1, payload) + clientFrame(0x1, text("next"))
            let expected: [WebSocketEvent] = [.text(payload), .text(text("next"))]
            #expect(decodeAll(frames) == expected, "length \(length)")
            if length <= 300 {
                #expect(
                    decodeAll(frames, chunk: 1) == expected, "length \(length), one byte at a time")
            }
            #expect(decodeAll(frames, chunk: 1000) == expected, "length \(length), 1000 at a time")
        }
    }

    @Test func fragmentsAreJoinedWithControlFramesBetween() {
        let bytes =
            clientFrame(0x1, text("Hel"), fin: false) + clientFrame(0x9, text("p1"))
            + clientFrame(0x0, text("lo "), fin: false)
            + clientFrame(0xA, text("x")) + clientFrame(0x0, text("world"))
        let expected: [WebSocketEvent] = [
            .ping(text("p1")), .pong(text("x")), .text(text("Hello world")),
        ]
        #expect(decodeAll(bytes) == expected)
        #expect(decodeAll(bytes, chunk: 1) == expected)
    }

    @Test func utf8SplitAcrossFragmentsIsValid() {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let bytes =
            clientFrame(0x1, [euro[0]], fin: false) + clientFrame(0x0, [euro[1]], fin: false)
            + clientFrame(0x0, [euro[2]])
        #expect(decodeAll(bytes) == [.text(euro)])
    }

    @Test func failuresAndTheirCloseCodes() {
        func code(_ bytes: [UInt8], limit: Int = 1 << 20) -> WebSocketCloseCode? {
            guard case .failure(let c, _)? = decodeAll(bytes, limit: limit).last else { return nil }
            return c
        }
        #expect(code(clientFrame(0x1, text("hi"), masked: false)) == .protocolError)
        #expect(code(clientFrame(0x1, text("hi"), rsv: 4)) == .protocolError)
        #expect(code(clientFrame(0x3, [])) == .protocolError)
        #expect(code(clientFrame(0xB, [])) == .protocolError)
        #expect(code(clientFrame(0x9, text("p"), fin: false)) == .protocolError)
        #expect(code(clientFrame(0x9, [UInt8](repeating: 0, count: 126))) == .protocolError)
        #expect(code(clientFrame(0x0, text("orphan"))) == .protocolError)
        #expect(
            code(clientFrame(0x1, text("a"), fin: false) + clientFrame(0x1, text("b")))
                == .protocolError)
        #expect(code(clientFrame(0x2, [1, 2, 3])) == .unsupportedData)
        #expect(code(clientFrame(0x1, [0xC0, 0x80])) == .invalidPayload)
        #expect(code(clientFrame(0x1, [0xED, 0xA0, 0x80])) == .invalidPayload)
        #expect(code(clientFrame(0x1, [0xF4, 0x90, 0x80, 0x80])) == .invalidPayload)
        #expect(code(clientFrame(0x1, [0xE2, 0x82])) == .invalidPayload)
        #expect(
            code(clientFrame(0x1, [UInt8](repeating: 0x61, count: 101)), limit: 100)
                == .messageTooBig)
        #expect(
            code(
                clientFrame(0x1, [UInt8](repeating: 0x61, count: 60), fin: false)
                    + clientFrame(0x0, [UInt8](repeating: 0x61, count: 41)), limit: 100)
                == .messageTooBig)
        #expect(code(clientFrame(0x8, [0x03])) == .protocolError)
        #expect(code(clientFrame(0x8, [0x03, 0xED])) == .protocolError)  // 1005 is local only
        #expect(code(clientFrame(0x8, [0x03, 0xE8, 0xC0])) == .invalidPayload)
    }

    @Test func tooBigIsRefusedAtTheHeaderBeforeThePayload() {
        // Only the header of a 10 MB frame: the decoder does not wait for its bytes.
        let header: [UInt8] = [0x81, 0xFF, 0, 0, 0, 0, 0, 0x98, 0x96, 0x80]
        #expect(decodeAll(header, limit: 1000).map(\.isFailure) == [true])
        // A 64-bit length with its top bit set.
        #expect(decodeAll([0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1]).map(\.isFailure) == [true])
    }

    @Test func nothingAfterAFailureOrAClose() {
        var decoder = WebSocketFrameDecoder(maximumMessageLength: 100)
        #expect(decoder.read(clientFrame(0x2, [1]) + clientFrame(0x1, text("late"))).count == 1)
        #expect(decoder.read(clientFrame(0x1, text("later"))) == [])
        var closing = WebSocketFrameDecoder(maximumMessageLength: 100)
        #expect(
            closing.read(
                clientFrame(0x8, [0x03, 0xE8] + text("bye")) + clientFrame(0x1, text("late")))
                == [.close(code: .normal, reason: text("bye"))])
        #expect(decodeAll(clientFrame(0x8, [])) == [.close(code: nil, reason: [])])
    }

    @Test func seededRandomSplitsGiveTheSameEvents() {
        var rng = SeededRandom(seed: 14)
        for round in 0..<50 {
            var bytes: [UInt8] = []
            var expected: [WebSocketEvent] = []
            for _ in 0..<Int(rng.next() % 6 + 1) {
                let length = Int(rng.next() % 300)
                let payload = (0..<length).map { _ in UInt8(rng.next() % 95 + 32) }
                let cut = length / 2
                if rng.next() % 2 == 0 {
                    bytes +=
                        clientFrame(0x1, Array(payload[..<cut]), fin: false) + clientFrame(0x9, [1])
                        + clientFrame(0x0, Array(payload[cut...]))
                    expected += [.ping([1]), .text(payload)]
                } else {
                    bytes += clientFrame(0x1, payload, mask: [UInt8(rng.next() % 256), 1, 2, 3])
                    expected.append(.text(payload))
                }
            }
            var decoder = WebSocketFrameDecoder(maximumMessageLength: 1 << 16)
            var events: [WebSocketEvent] = []
            var i = 0
            while i < bytes.count {
                let n = Int(rng.next() % 40) + 1
                events += decoder.read(bytes[i..<min(i + n, bytes.count)])
                i += n
            }
            #expect(events == expected, "round \(round)")
        }
    }
}

extension WebSocketEvent {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
