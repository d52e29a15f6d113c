import Foundation
import JSONRPC
import TestSupport

// JSON parse and write throughput of the JSONRPC module against Foundation, on the
// same realistic messages in the same run: a `transition/start` request and a
// 200-attribute `transition/tick` notification. Throughput is the message's compact
// JSON size (as this module writes it) divided by the time per message, so the
// ratio of two figures is the ratio of their speeds.

/// JSON parse and write figures against Foundation.
func jsonBenchmarks() -> [Figure] {
    let start = Array(JSONBenchmarkMessages.startRequest.utf8)
    let exactTick = JSONBenchmarkMessages.tick(frames: .eighths)
    let arbitraryTick = JSONBenchmarkMessages.tick(frames: .arbitrary)
    let exactTickBytes = JSONBenchmarkMessages.fastWrite(exactTick)
    let arbitraryTickBytes = JSONBenchmarkMessages.fastWrite(arbitraryTick)

    // The three writers must agree on meaning before their speed is compared.
    let encoder = JSONEncoder()
    for tick in [exactTick, arbitraryTick] {
        let fast = try! JSONParser().parse(JSONBenchmarkMessages.fastWrite(tick))
        let foundation = try! JSONParser().parse([UInt8](try! encoder.encode(tick)))
        precondition(fast == foundation, "fast writer and JSONEncoder disagree")
    }

    var figures: [Figure] = []
    for (name, bytes) in [
        ("start", start), ("tick", exactTickBytes), ("tick.arbitraryDoubles", arbitraryTickBytes),
    ] {
        figures += parseFigures(name: name, bytes: bytes)
    }
    for (name, bytes) in [("start", start), ("tick", exactTickBytes)] {
        figures.append(treeWriteFigure(name: name, bytes: bytes))
    }
    for (name, tick, bytes) in [
        ("tick", exactTick, exactTickBytes),
        ("tick.arbitraryDoubles", arbitraryTick, arbitraryTickBytes),
    ] {
        figures += fastWriteFigures(name: name, tick: tick, size: bytes.count)
    }
    figures.append(doubleWriteFigure())
    figures.append(frameReadFigure(body: exactTickBytes))
    figures.append(dispatchFigure(bytes: start))
    return figures
}

/// Parse: `JSONParser` vs `JSONSerialization.jsonObject(with:)`, twice: reusing a
/// `JSONParserWorkspace` as the `Dispatcher` does for a connection's messages, and
/// cold (fresh parser memory and key cache for every message).
private func parseFigures(name: String, bytes: [UInt8]) -> [Figure] {
    let data = Data(bytes)
    let parser = JSONParser()
    let workspace = JSONParserWorkspace()
    let (warm, foundation) = compareNanosecondsPerIteration(
        { blackHole(try! parser.parse(bytes, workspace: workspace)) },
        { blackHole(try! JSONSerialization.jsonObject(with: data)) })
    let (cold, foundationAgain) = compareNanosecondsPerIteration(
        { blackHole(try! parser.parse(bytes)) },
        { blackHole(try! JSONSerialization.jsonObject(with: data)) })
    return [
        Figure(
            name: "json.parse.\(name)", value: megabytesPerSecond(bytes.count, warm), unit: "MB/s",
            baselineName: "Foundation.JSONSerialization",
            baselineValue: megabytesPerSecond(bytes.count, foundation)),
        Figure(
            name: "json.parse.\(name).cold", value: megabytesPerSecond(bytes.count, cold),
            unit: "MB/s",
            baselineName: "Foundation.JSONSerialization",
            baselineValue: megabytesPerSecond(bytes.count, foundationAgain)),
    ]
}

/// Write a tree: `JSONValue.serialized()` vs `JSONSerialization.data(withJSONObject:)`.
private func treeWriteFigure(name: String, bytes: [UInt8]) -> Figure {
    let value = try! JSONParser().parse(bytes)
    let object = try! JSONSerialization.jsonObject(with: Data(bytes))
    let (ours, foundation) = compareNanosecondsPerIteration(
        { blackHole(value.serialized()) },
        { blackHole(try! JSONSerialization.data(withJSONObject: object)) })
    return Figure(
        name: "json.write.tree.\(name)", value: megabytesPerSecond(bytes.count, ours), unit: "MB/s",
        baselineName: "Foundation.JSONSerialization",
        baselineValue: megabytesPerSecond(bytes.count, foundation))
}

/// Write a tick from Swift values: `JSONByteWriter` vs `JSONEncoder` (Codable), and
/// vs `JSONSerialization` (which first needs dictionaries built from the same
/// values: figure `….fromDictionaries`).
private func fastWriteFigures(name: String, tick: BenchTick, size: Int) -> [Figure] {
    // The writer is reused (as the tick stream will) and the bytes are copied out
    // each time, as JSONEncoder hands out a new `Data`.
    var writer = JSONByteWriter(capacity: size)
    let fastWrite = {
        writer.reset()
        JSONBenchmarkMessages.write(tick, into: &writer)
        blackHole(writer.bytes)
    }
    let encoder = JSONEncoder()
    let (ours, codable) = compareNanosecondsPerIteration(
        fastWrite, { blackHole(try! encoder.encode(tick)) })
    let (oursAgain, serialization) = compareNanosecondsPerIteration(
        fastWrite,
        { blackHole(try! JSONSerialization.data(withJSONObject: tick.foundationObject())) })
    return [
        Figure(
            name: "json.write.fast.\(name)", value: megabytesPerSecond(size, ours), unit: "MB/s",
            baselineName: "Foundation.JSONEncoder", baselineValue: megabytesPerSecond(size, codable)
        ),
        Figure(
            name: "json.write.fast.\(name).fromDictionaries",
            value: megabytesPerSecond(size, oursAgain),
            unit: "MB/s",
            baselineName: "Foundation.JSONSerialization",
            baselineValue: megabytesPerSecond(size, serialization)),
    ]
}

/// Doubles alone: ns per value for 1M random doubles in [0, 400) (like interpolated
/// frames: 15 to 17 significant digits), `JSONByteWriter.write(_:)` vs the standard
/// library's `Double.write(to:)` into a byte buffer, which is how the writer wrote
/// such values before it had its own shortest-digits code. Both make the same text.
private func doubleWriteFigure() -> Figure {
    let count = 1_000_000
    var random = SeededRandom(seed: 0x5EED_0400)
    let values = (0..<count).map { _ in Double.random(in: 0..<400, using: &random) }

    var writer = JSONByteWriter(capacity: 32 * count)
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 32 * count)
    defer { buffer.deallocate() }
    let writeAll = {
        writer.reset()
        for value in values { writer.write(value) }
        blackHole(writer.byteCount)
    }
    let standardLibraryWriteAll = {
        var sink = ByteSink(start: buffer)
        for value in values { sink.appendWithoutPointZero(value) }
        blackHole(sink.count)
    }
    // Same text, apart from the writer's commas between values.
    writeAll()
    standardLibraryWriteAll()
    writer.reset()
    writer.beginArray()
    for value in values.prefix(1000) { writer.write(value) }
    writer.endArray()
    let expected = "[" + values.prefix(1000).map { "\($0)" }.joined(separator: ",") + "]"
    precondition(writer.bytes == Array(expected.utf8), "writer and description disagree")

    let (ours, standardLibrary) = compareNanosecondsPerIteration(
        writeAll, standardLibraryWriteAll)
    return Figure(
        name: "json.write.double", value: ours / Double(count), unit: "ns/double",
        baselineName: "Double.write(to:)", baselineValue: standardLibrary / Double(count),
        note: "1M random doubles in [0, 400)")
}

/// A `TextOutputStream` into preallocated memory, as the writer used for
/// `Double.write(to:)`.
private struct ByteSink: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        (start + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }

    /// `description`'s text, without a trailing `.0`, as the writer writes doubles.
    mutating func appendWithoutPointZero(_ value: Double) {
        let first = count
        value.write(to: &self)
        if count - first >= 2 && start[count - 1] == UInt8(ascii: "0")
            && start[count - 2] == UInt8(ascii: ".")
        {
            count -= 2
        }
    }
}

/// `FrameReader` over a stream of framed ticks, read in 64 KiB chunks (no baseline).
private func frameReadFigure(body: [UInt8]) -> Figure {
    var stream: [UInt8] = []
    for _ in 0..<64 { FrameWriter.append(body, to: &stream) }
    let ns = nanosecondsPerIteration {
        var reader = FrameReader()
        var count = 0
        var index = 0
        while index < stream.count {
            let end = min(stream.count, index + 65_536)
            for event in reader.read(stream[index..<end]) {
                if case .message(let message) = event { count += message.count }
            }
            index = end
        }
        blackHole(count)
    }
    return Figure(
        name: "json.frameRead.tick", value: megabytesPerSecond(stream.count, ns), unit: "MB/s")
}

/// A whole `transition/start` exchange through the `Dispatcher`: parse, check,
/// decode params, call a handler, write the response (no baseline).
private func dispatchFigure(bytes: [UInt8]) -> Figure {
    var registry = MethodRegistry()
    registry.register(BenchStartRequest.self) { request, _ in
        ["transition": "t1", "duration": .double(request.duration)]
    }
    var dispatcher = Dispatcher(registry: registry)
    _ = dispatcher.handle(
        body: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    let ns = nanosecondsPerIteration {
        blackHole(dispatcher.handle(body: bytes))
    }
    return Figure(name: "json.dispatch.start", value: ns, unit: "ns/message")
}

/// The `transition/start` params the dispatch benchmark decodes.
private struct BenchStartRequest: RequestType {
    typealias Response = JSONValue
    static let method = "transition/start"
    var session: String
    var columns: Int
    var duration: Double
    var easing: String
    var items: [[Int]]

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        columns = try json["to"]["columns"].decode()
        duration = try json["duration"].decode()
        easing = try json["timing"]["easing"].decode()
        items = try json["contentOffset"]["items"].decode()
    }
}

// MARK: - Timing

/// CPU time of this thread in nanoseconds: time spent descheduled on the shared
/// machine does not count, so figures are steadier under load.
private func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// How many calls of `body` take about 20 ms.
private func calibratedIterations(_ body: () -> Void) -> Int {
    var iterations = 1
    while true {
        let t0 = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        let elapsed = threadCPUNanoseconds() - t0
        if elapsed >= 5_000_000 || iterations >= 1 << 24 {
            return max(1, Int(Double(iterations) * 20_000_000 / Double(max(elapsed, 1))))
        }
        iterations *= 4
    }
}

/// Nanoseconds per call of `body` alone: median of 7 runs of about 20 ms.
private func nanosecondsPerIteration(_ body: () -> Void) -> Double {
    let iterations = calibratedIterations(body)
    var samples: [Double] = []
    for _ in 0..<7 {
        let t0 = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        samples.append(Double(threadCPUNanoseconds() - t0) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Nanoseconds per call of two bodies, measured in alternating runs (7 of each,
/// about 20 ms per run, medians) so that both see the same machine conditions.
private func compareNanosecondsPerIteration(_ first: () -> Void, _ second: () -> Void) -> (
    Double, Double
) {
    let firstIterations = calibratedIterations(first)
    let secondIterations = calibratedIterations(second)
    var firstSamples: [Double] = []
    var secondSamples: [Double] = []
    for _ in 0..<7 {
        var t0 = threadCPUNanoseconds()
        for _ in 0..<firstIterations { first() }
        firstSamples.append(Double(threadCPUNanoseconds() - t0) / Double(firstIterations))
        t0 = threadCPUNanoseconds()
        for _ in 0..<secondIterations { second() }
        secondSamples.append(Double(threadCPUNanoseconds() - t0) / Double(secondIterations))
    }
    firstSamples.sort()
    secondSamples.sort()
    return (firstSamples[3], secondSamples[3])
}

/// Bytes per nanosecond, in MB/s (10^6 bytes per second).
private func megabytesPerSecond(_ bytes: Int, _ nanoseconds: Double) -> Double {
    Double(bytes) * 1000 / nanoseconds
}
