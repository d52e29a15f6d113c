import JSONRPC
import TestSupport
import Testing

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

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

/// Random streams of good and bad frames: the events never depend on chunking.
struct FrameReaderChunkingTests {
    static let pieces: [[UInt8]] = [
        FrameWriter.frame(#"{"a":1}"#), FrameWriter.frame("[\"é😀\"]"),
        Array("Content-Length: x\r\n\r\n{}".utf8),
        Array("Content-Length: 0\r\n\r\n".utf8), Array("X-Bad\r\n".utf8),
        Array("junk{\"id\":1}".utf8),
        Array("Content-Length: 3\r\nContent-Type: a; charset=latin1\r\n\r\nabc".utf8),
        Array("Content-Length: 2\nX-A: b\n\n{}".utf8), Array("\r\n".utf8),
        Array("Content-Length: 4\r\n\r\n{}".utf8),
    ]

    @Test func eventsDoNotDependOnChunking() {
        var random = SeededRandom(seed: 0x5EED_0005)
        for _ in 0..<300 {
            var stream: [UInt8] = []
            for _ in 0..<Int(random.next() % 8) + 1 {
                stream += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            var whole = FrameReader(maximumBodyLength: 100, maximumHeaderLength: 64)
            let expected = whole.read(stream)
            let expectedEnd = whole.finish()
            var chunked = FrameReader(maximumBodyLength: 100, maximumHeaderLength: 64)
            var events: [FrameEvent] = []
            var index = 0
            while index < stream.count {
                let size = Int(random.next() % 9) + 1
                events += chunked.read(stream[index..<min(stream.count, index + size)])
                index += size
            }
            #expect(
                events == expected, "\(String(decoding: stream, as: UTF8.self).debugDescription)")
            #expect(chunked.finish() == expectedEnd)
        }
    }

    /// The next body's text and its array's capacity; the body is given back to the
    /// reader when `giveBack` is set, else let go of.
    private func takeBody(_ reader: inout FrameReader, giveBack: Bool) -> (
        text: String, capacity: Int
    )? {
        guard case .message(let body)? = reader.next() else { return nil }
        let seen = (String(decoding: body, as: UTF8.self), body.capacity)
        if giveBack { reader.reuse(body) }
        return seen
    }

    /// A body given back takes the next: the small body after a long one has the long
    /// one's capacity (a fresh array would be its own size).
    @Test func aBodyGivenBackTakesTheNext() {
        var reader = FrameReader()
        let long = "\"" + String(repeating: "x", count: 1000) + "\""
        reader.append([long, #"{"b":22}"#, #"{"c":333}"#].flatMap { FrameWriter.frame($0) })
        let first = takeBody(&reader, giveBack: true)
        let second = takeBody(&reader, giveBack: true)
        let third = takeBody(&reader, giveBack: true)
        #expect(first?.text == long)
        #expect(second?.text == #"{"b":22}"#)
        #expect((second?.capacity ?? 0) >= 1002)
        #expect(third?.text == #"{"c":333}"#)
        #expect((third?.capacity ?? 0) >= 1002)
    }

    /// A caller that keeps its bodies (or does not give them back) gets arrays of their
    /// own size: ten thousand tiny bodies after a large one do not take its capacity
    /// each.
    @Test func bodiesKeptAreTheirOwnSize() {
        var reader = FrameReader()
        let long = "\"" + String(repeating: "x", count: 60_000) + "\""
        reader.append(
            FrameWriter.frame(long)
                + Array(repeating: FrameWriter.frame("{}"), count: 1000).joined())
        let events = reader.read([])
        #expect(events.count == 1001)
        let capacities = events.dropFirst().map { event -> Int in
            guard case .message(let body) = event else { return .max }
            return body.capacity
        }
        #expect(capacities.allSatisfy { $0 < 64 })
    }

    /// An array over the limit given back is not kept: the small body after it has a
    /// small array.
    @Test func aBodyOverTheReuseLimitIsNotKept() {
        var reader = FrameReader()
        let large = "\"" + String(repeating: "x", count: FrameReader.reusedBodyLimit) + "\""
        reader.append(FrameWriter.frame(large) + FrameWriter.frame(#"{"b":2}"#))
        let big = takeBody(&reader, giveBack: true)
        let next = takeBody(&reader, giveBack: true)
        #expect(big?.text == large)
        #expect(next?.text == #"{"b":2}"#)
        #expect((next?.capacity ?? .max) < 1024)
    }
}
