import Testing

@testable import WebTransport

struct FrameEncoderTests {
    @Test func headersForEachLengthForm() {
        #expect(WebSocketFrameEncoder.text(text("Hello")) == [0x81, 0x05] + text("Hello"))
        #expect(
            Array(WebSocketFrameEncoder.text([UInt8](repeating: 0x61, count: 126)).prefix(4)) == [
                0x81, 126, 0, 126,
            ])
        #expect(
            Array(WebSocketFrameEncoder.text([UInt8](repeating: 0x61, count: 65536)).prefix(10))
                == [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])
        #expect(WebSocketFrameEncoder.frame(.pong, text("p")) == [0x8A, 0x01, UInt8(ascii: "p")])
    }

    @Test func closeFrames() {
        #expect(WebSocketFrameEncoder.close(.messageTooBig) == [0x88, 0x02, 0x03, 0xF1])
        #expect(WebSocketFrameEncoder.closeReply(to: nil) == [0x88, 0x00])
        // A long reason is cut to fit 125 bytes, never inside a character.
        let long = WebSocketFrameEncoder.close(.normal, reason: String(repeating: "é", count: 100))
        #expect(long[1] == 124)
        #expect(isValidUTF8(Array(long[4...])))
    }
}
