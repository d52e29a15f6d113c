import JSONRPC
import TransitionEngine

/// The columns of a binary tick as they are written: the bytes after the header, and
/// each column's entry in the header (`columns` or `values`): its value when it is the
/// same for every element, else its type and offset. Every column starts at a multiple
/// of 8 bytes from the first, so a page views it as a typed array where it lies.
struct BinaryColumns {
    /// Elements per column.
    let count: Int
    private(set) var body: [UInt8] = []

    /// Points where float32 resolves 1/256 or finer: a column of numbers within this
    /// bound (or each exactly a float32) is written in 4 bytes per element.
    static let float32Bound = 65536.0

    init(count: Int) {
        self.count = count
    }

    /// Integers in the narrowest type that holds them all.
    mutating func writeIntegers(to w: inout JSONByteWriter, _ value: (Int) -> Int) {
        var low: Int64 = count > 0 ? Int64(value(0)) : 0
        var high = low
        for i in 0..<count {
            let v = Int64(value(i))
            low = Swift.min(low, v)
            high = Swift.max(high, v)
        }
        if count > 0, low == high {
            w.write(low)
            return
        }
        let type = BinaryColumnType.integers(from: low, to: high)
        fill(type, to: &w) { raw, at, i in
            let v = value(i)
            switch type {
            case .u8: raw[at] = UInt8(truncatingIfNeeded: v)
            case .u16:
                raw.storeBytes(
                    of: UInt16(truncatingIfNeeded: v).littleEndian, toByteOffset: at,
                    as: UInt16.self)
            case .u32:
                raw.storeBytes(
                    of: UInt32(truncatingIfNeeded: v).littleEndian, toByteOffset: at,
                    as: UInt32.self)
            case .i32:
                raw.storeBytes(
                    of: Int32(truncatingIfNeeded: v).littleEndian, toByteOffset: at, as: Int32.self)
            default:
                raw.storeBytes(
                    of: Double(v).bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
            }
        }
    }

    /// Numbers as float32 when each is within `float32Bound` or exactly a float32 (NaN
    /// where an element has none), float64 otherwise.
    mutating func writeReals(to w: inout JSONByteWriter, _ value: (Int) -> Double) {
        let first = count > 0 ? value(0) : 0
        var isConstant = count > 0
        var fitsFloat32 = true
        for i in 0..<count {
            let v = value(i)
            // NaN differs from itself: a column with a gap is never constant.
            if v != first { isConstant = false }
            if fitsFloat32, !(v.isNaN || abs(v) <= Self.float32Bound || Double(Float(v)) == v) {
                fitsFloat32 = false
            }
        }
        if isConstant {
            w.write(first)
            return
        }
        fill(fitsFloat32 ? .f32 : .f64, to: &w) { raw, at, i in
            if fitsFloat32 {
                raw.storeBytes(
                    of: Float(value(i)).bitPattern.littleEndian, toByteOffset: at, as: UInt32.self)
            } else {
                raw.storeBytes(
                    of: value(i).bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
            }
        }
    }

    /// Colours as RGBA bytes; one shared by every element is written `#rrggbbaa`.
    mutating func writeColors(to w: inout JSONByteWriter, _ value: (Int) -> Color) {
        let first = count > 0 ? Self.rgba(value(0)) : 0
        var isConstant = count > 0
        for i in 0..<count where isConstant { isConstant = Self.rgba(value(i)) == first }
        if isConstant {
            w.write(value(0).hexString)
            return
        }
        fill(.rgba, to: &w) { raw, at, i in
            raw.storeBytes(of: Self.rgba(value(i)).littleEndian, toByteOffset: at, as: UInt32.self)
        }
    }

    /// Red in the lowest byte, alpha in the highest: the bytes of `hexString`, in order.
    static func rgba(_ c: Color) -> UInt32 {
        var word: UInt32 = 0
        for (shift, channel) in [(0, c.red), (8, c.green), (16, c.blue), (24, c.alpha)] {
            word |= UInt32((Swift.min(Swift.max(channel, 0), 1) * 255).rounded()) << UInt32(shift)
        }
        return word
    }

    /// Writes `{"type", "offset"}` and a column of `type` after the others, each element
    /// stored by `store(bytes, byteOffset, index)`.
    private mutating func fill(
        _ type: BinaryColumnType, to w: inout JSONByteWriter,
        _ store: (UnsafeMutableRawBufferPointer, Int, Int) -> Void
    ) {
        let offset = body.count
        w.beginObject()
        w.writeKey("type")
        w.write(type.rawValue)
        w.writeKey("offset")
        w.write(offset)
        w.endObject()
        body.append(contentsOf: repeatElement(0, count: (count * type.size + 7) & ~7))
        body.withUnsafeMutableBytes { raw in
            for i in 0..<count { store(raw, offset + i * type.size, i) }
        }
    }
}
