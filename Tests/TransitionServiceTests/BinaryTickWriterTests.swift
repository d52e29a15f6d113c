import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// A binary tick read back as a page would: the header's JSON, then each column at its
/// offset from the first multiple of 8 after the header.
struct BinaryTickReader {
    let bytes: [UInt8]
    let header: JSONValue
    let columnStart: Int

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        let length = Int(Self.word(bytes, at: 4))
        header = try JSONParser().parse(Array(bytes[8..<(8 + length)]))
        columnStart = (8 + length + 7) & ~7
    }

    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    var attributes: JSONValue { header["attributes"]! }
    var count: Int { Int(attributes["count"]!.int64Value!) }

    /// The entry of column `name` (under `columns`, or `values` when `value` is set).
    func entry(_ name: String, value: Bool = false) -> JSONValue {
        attributes[value ? "values" : "columns"]![name]!
    }

    /// Column `name` as numbers, whatever its type (a constant repeated).
    func numbers(_ name: String, value: Bool = false) -> [Double] {
        let e = entry(name, value: value)
        if let constant = e.doubleValue { return Array(repeating: constant, count: count) }
        let type = e["type"]!.stringValue!
        let base = columnStart + Int(e["offset"]!.int64Value!)
        return (0..<count).map { i in
            switch type {
            case "u8": return Double(bytes[base + i])
            case "u16":
                return Double(UInt16(bytes[base + 2 * i]) | UInt16(bytes[base + 2 * i + 1]) << 8)
            case "u32": return Double(Self.word(bytes, at: base + 4 * i))
            case "i32": return Double(Int32(bitPattern: Self.word(bytes, at: base + 4 * i)))
            case "f32": return Double(Float(bitPattern: Self.word(bytes, at: base + 4 * i)))
            case "rgba": return Double(Self.word(bytes, at: base + 4 * i))
            default:
                let low = UInt64(Self.word(bytes, at: base + 8 * i))
                let high = UInt64(Self.word(bytes, at: base + 8 * i + 4))
                return Double(bitPattern: low | high << 32)
            }
        }
    }

    func type(_ name: String, value: Bool = false) -> String? {
        entry(name, value: value)["type"]?.stringValue
    }
}

@Suite struct BinaryTickWriterTests {
    static func tick(_ attributes: [LayoutAttributes], offset: Point = Point(x: 0, y: 12.5))
        -> TickPayload
    {
        TickPayload(
            session: "s1", transition: 1, seq: 3, time: 0.25,
            sample: AnimatorSample(time: 0.25, fraction: 0.5, progress: 0.5, velocity: 2),
            contentOffset: offset, accessory: [], attributes: AttributeColumns(attributes),
            format: AttributeFormat(encoding: .binary), kinds: ElementKindTable())
    }

    static func cell(
        _ item: Int, frame: Rect, next: Rect? = nil, zIndex: Int = 0, state: String = "grid",
        values: [CustomValue] = []
    ) -> LayoutAttributes {
        LayoutAttributes(
            key: ElementKey(.cell, IndexPath(section: 0, item: item)), frame: frame,
            zIndex: zIndex, values: values, transitionProgress: 0.5, nextFrame: next,
            layoutState: state)
    }

    @Test func aFrameIsTheMagicTheHeaderThenAlignedColumns() throws {
        let bytes = BinaryTickWriter.bytes(
            Self.tick([
                Self.cell(0, frame: Rect(x: 0, y: 0, width: 95, height: 95)),
                Self.cell(1, frame: Rect(x: 105, y: 0, width: 95, height: 95)),
                Self.cell(2, frame: Rect(x: 0, y: 100.25, width: 95, height: 95)),
            ]))
        #expect(Array(bytes[0..<4]) == [0x74, 0x64, 0x62, 0x01])
        let r = try BinaryTickReader(bytes)
        #expect(r.columnStart % 8 == 0)
        // Spaces pad the header up to the columns.
        #expect(
            bytes[(8 + Int(BinaryTickReader.word(bytes, at: 4)))..<r.columnStart].allSatisfy {
                $0 == 0x20
            })
        #expect(r.header["session"] == "s1")
        #expect(r.header["transition"] == "t1")
        #expect(r.header["seq"] == 3)
        #expect(r.header["progress"]?.doubleValue == 0.5)
        #expect(r.header["velocity"]?.doubleValue == 2)
        #expect(r.header["contentOffset"]?["y"]?.doubleValue == 12.5)
        #expect(r.count == 3)
        #expect(r.attributes["states"] == ["grid"])
        // What every element shares is one number in the header.
        for name in ["kind", "section", "width", "height", "alpha", "zIndex", "layoutState"] {
            #expect(r.entry(name).doubleValue != nil, "\(name) is constant")
        }
        #expect(r.entry("width").doubleValue == 95)
        #expect(r.entry("transitionProgress").doubleValue == 0.5)
        #expect(r.type("item") == "u8")
        #expect(r.numbers("item") == [0, 1, 2])
        #expect(r.type("x") == "f32")
        #expect(r.numbers("x") == [0, 105, 0])
        #expect(r.numbers("y") == [0, 0, 100.25])
        // Without a next frame, an element's own frame stands for it, as in compact.
        #expect(r.numbers("nextX") == [0, 105, 0])
        // item (3 x u8), then x, y, nextX and nextY (3 x f32 each), each padded to 8 bytes.
        #expect(bytes.count == r.columnStart + 8 + 4 * 16)
        for name in ["item", "x", "y", "nextX", "nextY"] {
            #expect(Int(r.entry(name)["offset"]!.int64Value!) % 8 == 0)
        }
    }

    @Test func integersTakeTheNarrowestTypeThatHoldsThem() throws {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let r = try BinaryTickReader(
            BinaryTickWriter.bytes(
                Self.tick([
                    Self.cell(300, frame: rect, zIndex: -1),
                    Self.cell(70_000, frame: rect, zIndex: 5),
                ])))
        #expect(r.type("item") == "u32")
        #expect(r.numbers("item") == [300, 70_000])
        #expect(r.type("zIndex") == "i32")
        #expect(r.numbers("zIndex") == [-1, 5])
        let wide = try BinaryTickReader(
            BinaryTickWriter.bytes(
                Self.tick([
                    Self.cell(300, frame: rect, zIndex: -3_000_000_000),
                    Self.cell(301, frame: rect, zIndex: 1),
                ])))
        #expect(wide.type("item") == "u16")
        #expect(wide.type("zIndex") == "f64")
        #expect(wide.numbers("zIndex") == [-3_000_000_000, 1])
    }

    @Test func pointsPastFloat32sResolutionStayFloat64() throws {
        let far = 4_000_000_000.125
        let r = try BinaryTickReader(
            BinaryTickWriter.bytes(
                Self.tick([
                    Self.cell(0, frame: Rect(x: 1.1, y: far, width: 10, height: 10)),
                    Self.cell(1, frame: Rect(x: 2.2, y: 16_777_216 * 4, width: 10, height: 10)),
                ])))
        #expect(r.type("y") == "f64")
        #expect(r.numbers("y") == [far, 16_777_216 * 4])
        #expect(r.type("x") == "f32")
        #expect(r.numbers("x") == [Double(Float(1.1)), Double(Float(2.2))])
        // Every value exactly a float32, however large: float32 loses nothing.
        let exact = try BinaryTickReader(
            BinaryTickWriter.bytes(
                Self.tick([
                    Self.cell(0, frame: Rect(x: 0, y: 16_777_216 * 4, width: 10, height: 10)),
                    Self.cell(1, frame: Rect(x: 0, y: 1_048_576.5, width: 10, height: 10)),
                ])))
        #expect(exact.type("y") == "f32")
        #expect(exact.numbers("y") == [16_777_216 * 4, 1_048_576.5])
    }

    @Test func coloursAreRGBABytesAndNumbersFloatColumns() throws {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let red = Color(red: 1, green: 0, blue: 0)
        let purple = Color(hex: "#80008040")!
        let r = try BinaryTickReader(
            BinaryTickWriter.bytes(
                Self.tick([
                    Self.cell(
                        0, frame: rect,
                        values: [
                            CustomValue(name: "background", value: .color(red)),
                            CustomValue(name: "offset", value: .number(4)),
                            CustomValue(name: "label", value: .color(red)),
                        ]),
                    Self.cell(
                        1, frame: rect,
                        values: [
                            CustomValue(name: "background", value: .color(purple)),
                            CustomValue(name: "label", value: .color(red)),
                            CustomValue(name: "selected", value: .bool(true)),
                        ]),
                ])))
        #expect(r.type("background", value: true) == "rgba")
        let base = r.columnStart + Int(r.entry("background", value: true)["offset"]!.int64Value!)
        #expect(Array(r.bytes[base..<(base + 8)]) == [0xFF, 0, 0, 0xFF, 0x80, 0x00, 0x80, 0x40])
        #expect(r.entry("label", value: true) == "#ff0000ff")
        #expect(r.type("offset", value: true) == "f32")
        let offsets = r.numbers("offset", value: true)
        #expect(offsets[0] == 4 && offsets[1].isNaN)
        // Neither numbers nor colours: compact's array, null where an element lacks it.
        #expect(r.entry("selected", value: true) == [.null, true])
    }

    @Test func idsHiddenAndTransformsFollowCompact() throws {
        var a = Self.cell(0, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.id = .string("a")
        a.transform = AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        var b = Self.cell(1, frame: Rect(x: 0, y: 10, width: 10, height: 10), state: "list")
        b.isHidden = true
        let r = try BinaryTickReader(BinaryTickWriter.bytes(Self.tick([a, b])))
        #expect(r.attributes["id"] == ["a", .null])
        #expect(r.attributes["hidden"] == [1])
        #expect(r.attributes["states"] == ["grid", "list"])
        #expect(r.numbers("layoutState") == [0, 1])
        #expect(r.numbers("transformA") == [0.5, 1])
        #expect(r.entry("transformTx").doubleValue == 0)
    }

    @Test func anEmptyTickHasNoColumnBytes() throws {
        let bytes = BinaryTickWriter.bytes(Self.tick([]))
        let r = try BinaryTickReader(bytes)
        #expect(r.count == 0)
        #expect(bytes.count == r.columnStart)
    }
}
