import JSONRPC

enum JSONBenchmarkMessages {
    /// A realistic `transition/start` request.
    static let startRequest = """
        {"jsonrpc":"2.0","id":7,"method":"transition/start","params":{"session":"s1","to":{"type":"grid",\
        "columns":2,"spacing":10,"inset":{"top":10,"left":10,"bottom":10,"right":10}},"interactive":false,\
        "duration":0.5,"timing":{"easing":"quarticEaseInOut"},"contentOffset":{"placement":"center",\
        "items":[[0,20]]},"stagger":{"delay":0.02,"order":"index"},"appear":"fade","disappear":"fade"}}
        """

    /// How the frame values of a tick look.
    enum FrameValues {
        /// Short fractions such as 48.125 (layouts on a 1/8-point grid).
        case eighths
        /// Interpolated mid-transition: full 15–17 significant digits.
        case arbitrary
    }

    /// A 200-attribute tick: a list morphing into a two-column grid.
    static func tick(frames: FrameValues) -> BenchTick {
        let progress = frames == .eighths ? 0.625 : 0.6180339887498949
        var attributes: [BenchAttribute] = []
        for item in 0..<200 {
            let listFrame = [10.0, 10 + Double(item) * 54.5, 355.0, 44.25]
            let gridFrame = [
                10 + Double(item % 2) * 182.5, 10 + Double(item / 2) * 182.5, 172.5, 172.5,
            ]
            var frame = zip(listFrame, gridFrame).map { $0 + ($1 - $0) * progress }
            if frames == .eighths { frame = frame.map { ($0 * 8).rounded() / 8 + 0.125 } }
            attributes.append(
                BenchAttribute(
                    k: "cell", s: 0, i: item, f: frame, a: item % 7 == 0 ? 0.75 : 1, z: item % 3))
        }
        let params = BenchTickParams(
            session: "s1", seq: 42, time: 0.35, fraction: 0.7, progress: progress,
            contentOffset: BenchPoint(x: 0, y: 120.5), attributes: attributes)
        return BenchTick(params: params)
    }

    /// A tick written with `JSONByteWriter`.
    static func fastWrite(_ tick: BenchTick) -> [UInt8] {
        var writer = JSONByteWriter(capacity: 32 * 1024)
        write(tick, into: &writer)
        return writer.bytes
    }

    /// Writes a tick the way the tick stream will: straight from values to bytes.
    static func write(_ tick: BenchTick, into writer: inout JSONByteWriter) {
        let params = tick.params
        writer.beginNotification(method: tick.method)
        writer.beginObject()
        writer.writeKey("session")
        writer.write(params.session)
        writer.writeKey("seq")
        writer.write(params.seq)
        writer.writeKey("time")
        writer.write(params.time)
        writer.writeKey("fraction")
        writer.write(params.fraction)
        writer.writeKey("progress")
        writer.write(params.progress)
        writer.writeKey("contentOffset")
        writer.beginObject()
        writer.writeKey("x")
        writer.write(params.contentOffset.x)
        writer.writeKey("y")
        writer.write(params.contentOffset.y)
        writer.endObject()
        writer.writeKey("attributes")
        writer.beginArray()
        for attribute in params.attributes {
            writer.beginObject()
            writer.writeKey("k")
            writer.write(attribute.k)
            writer.writeKey("s")
            writer.write(attribute.s)
            writer.writeKey("i")
            writer.write(attribute.i)
            writer.writeKey("f")
            writer.beginArray()
            for value in attribute.f { writer.write(value) }
            writer.endArray()
            writer.writeKey("a")
            writer.write(attribute.a)
            writer.writeKey("z")
            writer.write(attribute.z)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endObject()
    }
}
