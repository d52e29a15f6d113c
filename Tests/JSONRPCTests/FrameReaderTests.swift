import JSONRPC
import TestSupport
import Testing

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// All events from feeding `chunks` in order.
private func events(
    _ chunks: [[UInt8]], maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength
) -> [FrameEvent] {
    var reader = FrameReader(maximumBodyLength: maximumBodyLength)
    var result: [FrameEvent] = []
    for chunk in chunks {
        result += reader.read(chunk)
    }
    return result
}

/// Events from the whole stream at once, checked to be the same when fed byte by byte.
private func events(
    of stream: [UInt8], maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength
)
    -> [FrameEvent]
{
    let whole = events([stream], maximumBodyLength: maximumBodyLength)
    let dripped = events(stream.map { [$0] }, maximumBodyLength: maximumBodyLength)
    #expect(whole == dripped, "byte-by-byte feeding differs")
    return whole
}

private func message(_ text: String) -> FrameEvent { .message(bytes(text)) }

private func error(_ reason: FramingError.Reason, at offset: Int) -> FrameEvent {
    .error(FramingError(reason, streamOffset: offset))
}

/// A well-framed message to check that the reader recovered.
private let okBody = #"{"ok":1}"#
private let ok = FrameWriter.frame(okBody)

struct FrameReaderTests {
    static let bodies = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
        #"{"s":"héllo 😀 €"}"#,
        "[]",
    ]
    static let stream = bodies.flatMap { FrameWriter.frame($0) }

    @Test func oneMessage() {
        #expect(events(of: ok) == [message(okBody)])
    }

    @Test func splitAtEveryBytePosition() {
        let expected = Self.bodies.map(message)
        for split in 0...Self.stream.count {
            let chunks = [Array(Self.stream[..<split]), Array(Self.stream[split...])]
            #expect(events(chunks) == expected, "split at \(split)")
        }
    }

    @Test func splitAtEveryPairOfPositions() {
        let expected = Self.bodies.map(message)
        let stream = Self.stream
        for first in stride(from: 0, through: stream.count, by: 1) {
            for second in stride(from: first, through: stream.count, by: 3) {
                let chunks = [
                    Array(stream[..<first]), Array(stream[first..<second]),
                    Array(stream[second...]),
                ]
                #expect(events(chunks) == expected, "split at \(first), \(second)")
            }
        }
    }

    @Test func oneByteAtATime() {
        #expect(events(Self.stream.map { [$0] }) == Self.bodies.map(message))
    }

    @Test func manyMessagesInOneChunk() {
        var stream: [UInt8] = []
        var expected: [FrameEvent] = []
        for index in 0..<1000 {
            let body = #"{"jsonrpc":"2.0","method":"n","params":[\#(index)]}"#
            FrameWriter.append(Array(body.utf8), to: &stream)
            expected.append(message(body))
        }
        #expect(events([stream]) == expected)
    }

    @Test func multiByteUTF8SplitAcrossChunks() {
        let body = "\"😀é€\""
        let framed = FrameWriter.frame(body)
        let headerLength = framed.count - body.utf8.count
        // Split inside the 4-byte emoji, then inside the 2-byte é.
        let chunks = [
            Array(framed[..<(headerLength + 3)]),
            Array(framed[(headerLength + 3)..<(headerLength + 6)]),
            Array(framed[(headerLength + 6)...]),
        ]
        #expect(events(chunks) == [message(body)])
    }

    @Test func headerNamesAreCaseInsensitiveAndUnknownOnesIgnored() {
        let stream = bytes(
            "content-length: 2\r\nX-Foo: bar\r\nCONTENT-TYPE: application/vscode-jsonrpc\r\n\r\n{}"
                + "CoNtEnT-LeNgTh: 2\r\n\r\n[]")
        #expect(events(of: stream) == [message("{}"), message("[]")])
    }

    @Test func laterContentLengthWins() {
        #expect(
            events(of: bytes("Content-Length: 5\r\nContent-Length: 2\r\n\r\n{}") + ok) == [
                message("{}"), message(okBody),
            ])
        #expect(
            events(of: bytes("Content-Length: a\r\nContent-Length: 2\r\n\r\n{}") + ok) == [
                message("{}"), message(okBody),
            ])
        #expect(
            events(of: bytes("Content-Length: 2\r\nContent-Length: a\r\n\r\n{}") + ok)
                == [error(.invalidContentLength("a"), at: 0), message(okBody)])
    }

    @Test func whitespaceAroundTheValue() {
        #expect(events(of: bytes("Content-Length:2\r\n\r\n{}")) == [message("{}")])
        #expect(events(of: bytes("Content-Length: \t2 \t\r\n\r\n{}")) == [message("{}")])
        #expect(events(of: bytes("Content-Length: 002\r\n\r\n{}")) == [message("{}")])
    }

    @Test func charsetUTF8Accepted() {
        for value in [
            "application/vscode-jsonrpc; charset=utf-8", "application/vscode-jsonrpc; charset=utf8",
            "application/vscode-jsonrpc;charset=UTF-8",
            "application/vscode-jsonrpc; charset=\"utf-8\"",
            "application/json",
        ] {
            let stream = bytes("Content-Length: 2\r\nContent-Type: \(value)\r\n\r\n{}")
            #expect(events(of: stream) == [message("{}")], "\(value)")
        }
    }

    @Test func otherCharsetIsAnErrorAndTheBodyIsSkipped() {
        let stream =
            bytes("Content-Type: text/plain; charset=latin1\r\nContent-Length: 2\r\n\r\n{}") + ok
        #expect(
            events(of: stream) == [error(.unsupportedCharset("latin1"), at: 0), message(okBody)])
    }

    @Test func missingContentLength() {
        let stream =
            bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"a\":1}") + ok
        #expect(events(of: stream) == [error(.missingContentLength, at: 0), message(okBody)])
    }

    @Test func zeroContentLength() {
        let stream = bytes("Content-Length: 0\r\n\r\n") + ok
        #expect(events(of: stream) == [error(.invalidContentLength("0"), at: 0), message(okBody)])
    }

    @Test func negativeContentLength() {
        let stream = bytes("Content-Length: -5\r\n\r\n{}") + ok
        #expect(events(of: stream) == [error(.invalidContentLength("-5"), at: 0), message(okBody)])
    }

    @Test func nonNumericContentLength() {
        for value in ["a", "12abc", "+5", "5 5", "", "0x10", "1.5"] {
            let stream = bytes("Content-Length: \(value)\r\n\r\n{}") + ok
            #expect(
                events(of: stream) == [
                    error(.invalidContentLength(value), at: 0), message(okBody),
                ], "\(value)")
        }
    }

    @Test func overflowingContentLengthIsFatal() {
        let huge = "99999999999999999999999"
        var reader = FrameReader()
        let first = reader.read(bytes("Content-Length: \(huge)\r\n\r\n{}") + ok)
        #expect(
            first == [
                error(
                    .bodyTooLarge(length: huge, limit: FrameReader.defaultMaximumBodyLength), at: 0)
            ])
        #expect(reader.isStopped)
        if case .error(let error) = first.first { #expect(error.isFatal) }
        #expect(reader.read(ok) == [])
        #expect(reader.finish() == nil)
    }

    @Test func contentLengthOverTheCapIsFatal() {
        #expect(
            events(of: bytes("Content-Length: 11\r\n\r\n"), maximumBodyLength: 10)
                == [error(.bodyTooLarge(length: "11", limit: 10), at: 0)])
        #expect(
            events(of: FrameWriter.frame("0123456789") + ok, maximumBodyLength: 10)
                == [message("0123456789"), message(okBody)])
        #expect(
            events(of: bytes("Content-Length: 16777217\r\n\r\n"))
                == [error(.bodyTooLarge(length: "16777217", limit: 16_777_216), at: 0)])
    }

    @Test func headerLineWithoutColon() {
        // As the first line: skipped up to the next Content-Length:.
        #expect(
            events(of: bytes("Content-Length 2\r\n\r\n{}") + ok)
                == [error(.malformedHeaderLine("Content-Length 2"), at: 0), message(okBody)])
        #expect(
            events(of: bytes("X-Bad\r\nContent-Length: 2\r\n\r\n{}") + ok)
                == [error(.malformedHeaderLine("X-Bad"), at: 0), message("{}"), message(okBody)])
        // After a good line: the section is rejected and its body skipped.
        #expect(
            events(of: bytes("Content-Length: 2\r\nX-Bad\r\n\r\n{}") + ok)
                == [error(.malformedHeaderLine("X-Bad"), at: 0), message(okBody)])
        #expect(
            events(of: bytes("Content-Length : 2\r\n\r\n{}") + ok)
                == [error(.malformedHeaderLine("Content-Length : 2"), at: 0), message(okBody)])
        #expect(
            events(of: bytes(": 2\r\n\r\n{}") + ok) == [
                error(.malformedHeaderLine(": 2"), at: 0), message(okBody),
            ])
    }

    @Test func contentLengthShorterThanTheJSON() {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"x"}"#
        let header = "Content-Length: 10\r\n\r\n"
        let stream = bytes(header + body) + ok
        let stray = String(body.dropFirst(10)) + "Content-Length: 8"
        #expect(
            events(of: stream)
                == [
                    message(#"{"jsonrpc""#),
                    error(.malformedHeaderLine(stray), at: header.utf8.count + 10),
                    message(okBody),
                ])
    }

    @Test func contentLengthLongerThanTheStream() {
        var reader = FrameReader()
        #expect(reader.read(bytes("Content-Length: 100\r\n\r\n{}")) == [])
        #expect(
            reader.finish()
                == FramingError(
                    .unexpectedEndOfStream(expectedBodyLength: 100, receivedBodyBytes: 2),
                    streamOffset: 23))
        #expect(reader.isStopped)
    }

    @Test func endOfStreamInsideAHeader() {
        var reader = FrameReader()
        #expect(reader.read(ok + bytes("Content-Len")) == [message(okBody)])
        #expect(
            reader.finish()
                == FramingError(
                    .unexpectedEndOfStream(expectedBodyLength: nil, receivedBodyBytes: 0),
                    streamOffset: ok.count))
    }

    @Test func cleanEndOfStream() {
        var reader = FrameReader()
        #expect(reader.read(ok + bytes("\r\n")) == [message(okBody)])
        #expect(reader.finish() == nil)
    }

    @Test func bareLineFeedsAreAccepted() {
        #expect(
            events(of: bytes("Content-Length: 2\n\n{}") + ok) == [message("{}"), message(okBody)])
        #expect(events(of: bytes("Content-Length: 2\r\n\n{}")) == [message("{}")])
        #expect(events(of: bytes("X-A: 1\nContent-Length: 2\n\n{}")) == [message("{}")])
    }

    @Test func blankLinesBetweenMessagesAreSkipped() {
        #expect(
            events(of: bytes("\r\n") + ok + bytes("\r\n\r\n\n") + ok) == [
                message(okBody), message(okBody),
            ])
    }

    @Test func headerSectionOverTheLimit() {
        let long = "X-Long: " + String(repeating: "a", count: 9000) + "\r\n"
        let stream = bytes(long + "Content-Length: 2\r\n\r\n{}") + ok
        #expect(
            events(of: stream) == [
                error(.headerTooLong(limit: 8192), at: 0), message("{}"), message(okBody),
            ])
    }

    @Test func garbageBetweenMessages() {
        let stream = ok + bytes("garbage {\"x\": 1}\r\n") + ok
        #expect(
            events(of: stream)
                == [
                    message(okBody),
                    error(.malformedHeaderLine("garbage {\"x\": 1}"), at: ok.count),
                    message(okBody),
                ])
    }

    @Test func binaryNoiseNeverTraps() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let noise = (0..<Int(random.next() % 300)).map { _ in
                UInt8(truncatingIfNeeded: random.next())
            }
            var reader = FrameReader(maximumBodyLength: 1000, maximumHeaderLength: 100)
            var index = 0
            while index < noise.count {
                let size = Int(random.next() % 17) + 1
                _ = reader.read(noise[index..<min(noise.count, index + size)])
                index += size
            }
            // Memory stays bounded by the caps whatever the noise.
            _ = reader.read(ok)
            #expect(reader.bufferedByteCount <= 1000 + 100 + 64 + ok.count)
            _ = reader.finish()
        }
    }

    @Test func errorsDescribeThemselves() {
        let error = FramingError(.invalidContentLength("a"), streamOffset: 12)
        #expect(error.description == "invalid Content-Length 'a' (at stream byte 12)")
        #expect(!error.isFatal)
    }
}
