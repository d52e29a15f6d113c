// Fuzz target: binary ticks (Protocol 8.3, `BinaryTickWriter`). The bytes choose a tick's
// attributes (edge numbers: -0, 5e-324, 65536 and just past it, float32's integers,
// 2^53; ids, hidden elements, custom kinds, transforms, custom values of every type,
// state names with quotes and non-ASCII), which are encoded and read back as a page would.
//
// Checks: the frame's structure (magic, header length, padding with spaces to a multiple
// of 8, the header is JSON, every column at a multiple of 8, inside the frame, no two
// overlapping, as many bytes as its type holds for `count` elements), that each column
// has the type the format promises (integers in the narrowest that holds them; f32 only
// where each number is within 65,536 or exactly a float32), and the round trip: each
// element's kind, index path, frame, alpha, zIndex, progress, next frame, state,
// transform, id, hidden flag and custom values read back as written (a float32 column as
// the nearest float32).

import JSONRPC
import TransitionEngine

enum BinaryTickFuzz {
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 1.0 / 3, 0.1, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        255, 256, 65535, 65536,
        65536.000_000_000_01, 65536.5, -65536, -65537, 16_777_216, 16_777_217, 1e9, -1e9,
        4e9, 9_007_199_254_740_992, 1e15, 3.4e38, 1e300, -1e308,
    ]
    static let integers: [Int] = [
        0, 1, 2, 255, 256, 65535, 65536, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x1_0000_0000, -1,
        -0x8000_0000, -0x8000_0001, 9_007_199_254_740_992,
    ]
    static let strings = ["", "list", "grid", "a\"b", "\\", "ü", "😀", "line\nbreak", "\u{0}"]
    static let valueNames = ["background", "label", "x", "\"q\"", "ü"]

    static func number(_ bytes: inout FuzzBytes) -> Double {
        if bytes.below(4) > 0 { return bytes.pick(numbers) }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(bytes.byte()) }
        let v = Double(bitPattern: bits)
        return v.isFinite ? v : Double(bytes.uint16()) / 7
    }

    static func integer(_ bytes: inout FuzzBytes) -> Int {
        bytes.bool() ? bytes.pick(integers) : bytes.uint16() - 100
    }

    static func rect(_ bytes: inout FuzzBytes) -> Rect {
        Rect(
            x: number(&bytes), y: number(&bytes), width: abs(number(&bytes)),
            height: abs(number(&bytes)))
    }

    static func value(_ bytes: inout FuzzBytes) -> AnimatableValue {
        switch bytes.below(4) {
        case 0: return .number(number(&bytes))
        case 1:
            return .color(
                Color(
                    red: Double(bytes.byte()) / 255, green: Double(bytes.byte()) / 255,
                    blue: Double(bytes.byte()) / 255, alpha: Double(bytes.byte()) / 255))
        case 2: return .bool(bytes.bool())
        default: return .string(bytes.pick(strings))
        }
    }

    static func attributes(_ bytes: inout FuzzBytes, customKinds: Int) -> LayoutAttributes {
        let kind = ElementKind(code: bytes.below(3 + customKinds))
        var a = LayoutAttributes(
            key: ElementKey(
                kind, IndexPath(section: abs(integer(&bytes)), item: abs(integer(&bytes)))),
            frame: rect(&bytes))
        if bytes.below(4) == 0 {
            a.id = bytes.bool() ? .int(Int64(integer(&bytes))) : .string(bytes.pick(strings))
        }
        a.alpha = bytes.bool() ? 1 : number(&bytes)
        a.zIndex = bytes.bool() ? 0 : integer(&bytes)
        a.isHidden = bytes.below(8) == 0
        if bytes.below(4) == 0 {
            a.transform = AffineTransform(
                a: number(&bytes), b: number(&bytes), c: number(&bytes), d: number(&bytes),
                tx: number(&bytes), ty: number(&bytes))
        }
        a.transitionProgress = bytes.bool() ? 0 : number(&bytes)
        if bytes.bool() { a.nextFrame = bytes.bool() ? a.frame : rect(&bytes) }
        a.layoutState = bytes.pick(strings)
        for name in valueNames where bytes.below(3) == 0 {
            a.values.append(CustomValue(name: name, value: value(&bytes)))
        }
        return a
    }

    static func run(_ data: [UInt8]) {
        var bytes = FuzzBytes(data)
        var kinds = ElementKindTable()
        let customKinds = bytes.below(3)
        for k in 0..<customKinds { _ = try? kinds.intern("kind\(k)", field: "kinds") }
        let count = bytes.below(8) == 0 ? bytes.uint16() % 300 : bytes.below(12)
        // Neighbours often share everything but their frames, as cells of a layout do.
        var list: [LayoutAttributes] = []
        for i in 0..<count {
            if i > 0, bytes.bool() {
                var a = list[i - 1]
                a.key.indexPath.item += 1
                a.frame = rect(&bytes)
                list.append(a)
            } else {
                list.append(attributes(&bytes, customKinds: customKinds))
            }
        }
        let tick = TickPayload(
            session: "s1", transition: 1, seq: 7, time: 0.25,
            sample: AnimatorSample(time: 0.25, fraction: 0.5, progress: 0.5, velocity: 1),
            contentOffset: Point(x: 0, y: 10), accessory: [], attributes: AttributeColumns(list),
            format: AttributeFormat(encoding: .binary), kinds: kinds)
        let frame = BinaryTickWriter.bytes(tick)
        check(frame, list, kinds)
    }

    // MARK: Reading the frame back

    static func check(_ frame: [UInt8], _ list: [LayoutAttributes], _ kinds: ElementKindTable) {
        func fail(_ message: String) -> Never { fuzzFailure(message, frame) }
        guard frame.count >= 8, Array(frame[0..<4]) == BinaryTickWriter.magic else {
            fail("no magic")
        }
        let length = (4..<8).reduce(0) { $0 | Int(frame[$1]) << (8 * ($1 - 4)) }
        guard 8 + length <= frame.count else { fail("a header of \(length) bytes overruns") }
        let columnStart = (8 + length + 7) & ~7
        guard columnStart <= frame.count,
            frame[(8 + length)..<columnStart].allSatisfy({ $0 == 0x20 }),
            (frame.count - columnStart) % 8 == 0
        else { fail("the padding or the columns' length is wrong") }
        guard let header = try? JSONValue(parsing: Array(frame[8..<(8 + length)])),
            let attributes = header["attributes"]
        else { fail("the header is not JSON with attributes") }
        guard header["seq"]?.int64Value == 7, header["session"]?.stringValue == "s1" else {
            fail("the header's params are wrong")
        }
        let n = list.count
        guard attributes["count"]?.int64Value == Int64(n) else { fail("count") }
        var reader = ColumnReader(frame: frame, columnStart: columnStart, count: n, fail: fail)

        let states = attributes["states"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let hasTransform = list.contains { $0.transform != nil }
        guard let columns = attributes["columns"]?.objectValue else { fail("no columns") }
        let expectedKeys = BinaryField.allCases.filter { hasTransform || !$0.isTransform }.map {
            "\($0.key)"
        }
        guard columns.keys == expectedKeys else { fail("columns \(columns.keys)") }
        for field in BinaryField.allCases where hasTransform || !field.isTransform {
            let name = "\(field.key)"
            let decoded = reader.numbers(columns[name]!, what: name, integers: field.isInteger)
            for i in 0..<n {
                let got = decoded.values[i]
                if field == .layoutState {
                    guard got >= 0, Int(got) < states.count, states[Int(got)] == list[i].layoutState
                    else { fail("element \(i)'s state \(got) of \(states)") }
                    continue
                }
                if field == .kind, list[i].kind.code >= ElementKind.firstCustomCode {
                    let names = attributes["kinds"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    let index = list[i].kind.code - ElementKind.firstCustomCode
                    guard index < names.count, names[index] == kinds.name(of: list[i].kind) else {
                        fail("element \(i)'s kind name")
                    }
                }
                let want = expected(field, list[i])
                guard !decoded.isFloat32 || float32Allowed(want) else {
                    fail("column \(name) is f32 but holds \(want)")
                }
                let wanted = decoded.isFloat32 ? Double(Float(want)) : want
                guard got == wanted || (got.isNaN && wanted.isNaN) else {
                    fail("element \(i)'s \(name): wrote \(want), read \(got)")
                }
            }
        }
        checkIDs(attributes["id"], list, fail)
        let hidden = list.indices.filter { list[$0].isHidden }.map { JSONValue.integer(Int64($0)) }
        guard hidden.isEmpty ? attributes["hidden"] == nil : attributes["hidden"] == .array(hidden)
        else { fail("hidden") }
        checkValues(attributes["values"], list, &reader, fail)
        reader.checkDisjoint()
    }

    /// Whether the format lets a column holding `v` be float32 (8.3).
    static func float32Allowed(_ v: Double) -> Bool {
        v.isNaN || abs(v) <= BinaryColumns.float32Bound || Double(Float(v)) == v
    }

    static func expected(_ field: BinaryField, _ a: LayoutAttributes) -> Double {
        let next = a.nextFrame ?? a.frame
        let t = a.transform ?? .identity
        switch field {
        case .kind: return Double(a.kind.code)
        case .section: return Double(a.indexPath.section)
        case .item: return Double(a.indexPath.item)
        case .x: return a.frame.minX
        case .y: return a.frame.minY
        case .width: return a.frame.size.width
        case .height: return a.frame.size.height
        case .alpha: return a.alpha
        case .zIndex: return Double(a.zIndex)
        case .transitionProgress: return a.transitionProgress
        case .nextX: return next.minX
        case .nextY: return next.minY
        case .nextWidth: return next.size.width
        case .nextHeight: return next.size.height
        case .layoutState: return 0
        case .transformA: return t.a
        case .transformB: return t.b
        case .transformC: return t.c
        case .transformD: return t.d
        case .transformTx: return t.tx
        case .transformTy: return t.ty
        }
    }

    static func checkIDs(
        _ entry: JSONValue?, _ list: [LayoutAttributes], _ fail: (String) -> Never
    ) {
        guard list.contains(where: { $0.id != nil }) else {
            if entry != nil { fail("ids without any") }
            return
        }
        guard let ids = entry?.arrayValue, ids.count == list.count else { fail("ids") }
        for (i, a) in list.enumerated() {
            let want: JSONValue
            switch a.id {
            case nil: want = .null
            case .int(let v)?: want = .integer(v)
            case .string(let s)?: want = .string(s)
            }
            guard ids[i] == want else { fail("element \(i)'s id \(ids[i]), wrote \(want)") }
        }
    }

    static func checkValues(
        _ entry: JSONValue?, _ list: [LayoutAttributes], _ reader: inout ColumnReader,
        _ fail: (String) -> Never
    ) {
        var names: [String] = []
        for a in list { for v in a.values where !names.contains(v.name) { names.append(v.name) } }
        guard !names.isEmpty else {
            if entry != nil { fail("values without any") }
            return
        }
        guard let object = entry?.objectValue, object.keys == names else {
            fail("values' names \(entry?.objectValue?.keys ?? []), wrote \(names)")
        }
        for name in names {
            let column = object[name]!
            let values = list.map { $0.values.first(where: { $0.name == name })?.value }
            if let array = column.arrayValue {
                guard array.count == list.count else { fail("values \(name): count") }
                for (i, v) in values.enumerated() {
                    let want: JSONValue
                    switch v {
                    case nil: want = .null
                    case .number(let x)?: want = .double(x)
                    case .color(let c)?: want = .string(c.hexString)
                    case .bool(let b)?: want = .bool(b)
                    case .string(let s)?: want = .string(s)
                    }
                    let same =
                        array[i] == want
                        || (want.doubleValue != nil && array[i].doubleValue == want.doubleValue)
                    guard same else {
                        fail("values \(name) of element \(i): \(array[i]), wrote \(want)")
                    }
                }
                let notNumbers = values.contains {
                    switch $0 {
                    case nil, .number?: return false
                    default: return true
                    }
                }
                let notColors = values.contains {
                    if case .color? = $0 { return false }
                    return true
                }
                guard notNumbers && notColors else {
                    fail("values \(name): an array where a column would do")
                }
            } else if values.allSatisfy({ if case .color? = $0 { true } else { false } }) {
                let words = reader.colors(column, what: name)
                for (i, v) in values.enumerated() {
                    guard case .color(let c)? = v, words[i] == BinaryColumns.rgba(c) else {
                        fail("values \(name) of element \(i): colour \(words[i])")
                    }
                }
            } else {
                let decoded = reader.numbers(column, what: name, integers: false)
                for (i, v) in values.enumerated() {
                    let got = decoded.values[i]
                    switch v {
                    case .number(let x)?:
                        guard !decoded.isFloat32 || float32Allowed(x) else {
                            fail("values \(name) is f32 but holds \(x)")
                        }
                        let want = decoded.isFloat32 ? Double(Float(x)) : x
                        guard got == want else {
                            fail("values \(name) of element \(i): \(got), wrote \(x)")
                        }
                    case nil:
                        guard got.isNaN else {
                            fail("values \(name) of element \(i): \(got) for none")
                        }
                    default:
                        fail("values \(name): a column of numbers holds \(String(describing: v))")
                    }
                }
            }
        }
    }
}

/// Reads columns of a frame, checking each one's placement and type.
struct ColumnReader {
    let frame: [UInt8]
    let columnStart: Int
    let count: Int
    let fail: (String) -> Never
    /// The byte ranges the columns take, to check that none overlap.
    var taken: [Range<Int>] = []

    init(frame: [UInt8], columnStart: Int, count: Int, fail: @escaping (String) -> Never) {
        self.frame = frame
        self.columnStart = columnStart
        self.count = count
        self.fail = fail
    }

    func word(at offset: Int, size: Int) -> UInt64 {
        (0..<size).reduce(UInt64(0)) { $0 | UInt64(frame[offset + $1]) << (8 * UInt64($1)) }
    }

    /// The column's bytes, checked to lie at a multiple of 8 inside the frame.
    mutating func place(_ entry: JSONValue, what: String) -> (type: BinaryColumnType, at: Int) {
        guard let name = entry["type"]?.stringValue, let type = BinaryColumnType(rawValue: name),
            let offset = entry["offset"]?.int64Value.map(Int.init)
        else { fail("column \(what): \(entry)") }
        let at = columnStart + offset
        guard offset >= 0, offset % 8 == 0, at + count * type.size <= frame.count else {
            fail("column \(what) at \(offset) (\(count) x \(type.size) bytes) is misplaced")
        }
        taken.append(at..<(at + count * type.size))
        return (type, at)
    }

    mutating func numbers(_ entry: JSONValue, what: String, integers: Bool) -> (
        values: [Double], isFloat32: Bool
    ) {
        if let constant = entry.doubleValue {
            return (Array(repeating: constant, count: count), false)
        }
        let (type, at) = place(entry, what: what)
        var values: [Double] = []
        for i in 0..<count {
            let bits = word(at: at + i * type.size, size: type.size)
            switch type {
            case .u8, .u16, .u32: values.append(Double(bits))
            case .i32: values.append(Double(Int32(truncatingIfNeeded: bits)))
            case .f32: values.append(Double(Float(bitPattern: UInt32(bits))))
            case .f64: values.append(Double(bitPattern: bits))
            case .rgba: fail("column \(what) of numbers is rgba")
            }
        }
        if integers {
            guard type != .f32 else { fail("column \(what) of integers is f32") }
            // The narrowest type that holds them all.
            let narrowest = BinaryColumnType.integers(
                from: Int64(values.min() ?? 0), to: Int64(values.max() ?? 0))
            guard type == narrowest else { fail("column \(what) is \(type), not \(narrowest)") }
        } else if type == .f32 {
            // Written as f32 only when each number allows it; checked by the caller's
            // round trip against the nearest float32.
        } else if type != .f64 {
            fail("column \(what) of numbers is \(type)")
        }
        return (values, type == .f32)
    }

    mutating func colors(_ entry: JSONValue, what: String) -> [UInt32] {
        if let hex = entry.stringValue {
            guard let color = Color(hex: hex) else { fail("colour \(hex)") }
            return Array(repeating: BinaryColumns.rgba(color), count: count)
        }
        let (type, at) = place(entry, what: what)
        guard type == .rgba else { fail("column \(what) of colours is \(type)") }
        return (0..<count).map { UInt32(word(at: at + 4 * $0, size: 4)) }
    }

    func checkDisjoint() {
        let sorted = taken.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.upperBound > b.lowerBound {
            fail("columns \(a) and \(b) overlap")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    BinaryTickFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
