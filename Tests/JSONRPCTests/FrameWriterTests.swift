import JSONRPC
import Testing

struct FrameWriterTests {
    @Test func countsUTF8Bytes() {
        #expect(FrameWriter.frame("é") == bytes("Content-Length: 2\r\n\r\né"))
        #expect(FrameWriter.frame("😀") == bytes("Content-Length: 4\r\n\r\n😀"))
        #expect(FrameWriter.header(bodyLength: 0) == bytes("Content-Length: 0\r\n\r\n"))
        #expect(
            FrameWriter.header(bodyLength: 1_234_567) == bytes("Content-Length: 1234567\r\n\r\n"))
    }

    @Test func appendsSeveralFrames() {
        var output: [UInt8] = []
        FrameWriter.append(bytes("{}"), to: &output)
        FrameWriter.append(bytes("[1]"), to: &output)
        #expect(output == bytes("Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]"))
    }
}
