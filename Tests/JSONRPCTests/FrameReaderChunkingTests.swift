import JSONRPC
import TestSupport
import Testing

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
