import JSONRPC
import TransitionEngine

/// The columns of a binary tick as they are written: the bytes after the header, and
/// each column's entry in the header (`columns` or `values`): its value when it is the
/// same for every element, else its type and offset. Every column starts at a multiple
/// of 8 bytes from the first, so a page views it as a typed array where it lies. One
/// loop per column over plain arrays, no closure per column: the WebAssembly module
/// stays small.
struct BinaryColumns {
    private(set) var body: [UInt8] = []

    /// Points where float32 resolves 1/256 or finer: a column of numbers within this
    /// bound (or each exactly a float32) is written in 4 bytes per element.
    static let float32Bound = 65536.0

    /// Integers in the narrowest type that holds them all, or numbers as float32 when
    /// each is within `float32Bound` or exactly a float32 (NaN where an element has
    /// none), float64 otherwise.
    mutating func write(_ values: [Double], integers: Bool, to w: inout JSONByteWriter) {
        guard let first = values.first else {
            _ = begin(integers ? .u8 : .f32, count: 0, to: &w)
            return
        }
        var low = first
        var high = first
        // NaN differs from itself: a column with a gap is never one value.
        var shared = first == first
        var fitsFloat32 = true
        for v in values {
            low = Swift.min(low, v)
            high = Swift.max(high, v)
            if v != first { shared = false }
            if fitsFloat32, !(v.isNaN || abs(v) <= Self.float32Bound || Double(Float(v)) == v) {
                fitsFloat32 = false
            }
        }
        if shared {
            if integers { w.write(Int64(first)) } else { w.write(first) }
            return
        }
        let type: BinaryColumnType =
            integers
            ? .integers(from: Int64(low), to: Int64(high)) : fitsFloat32 ? .f32 : .f64
        let offset = begin(type, count: values.count, to: &w)
        body.withUnsafeMutableBytes { raw in
            values.withUnsafeBufferPointer { values in
                Self.store(values, as: type, at: raw.baseAddress! + offset)
            }
        }
    }

    /// Stores `values` as elements of `type` from `start` on, little-endian; one loop per
    /// type, so that no element asks which type it is.
    private static func store(
        _ values: UnsafeBufferPointer<Double>, as type: BinaryColumnType,
        at start: UnsafeMutableRawPointer
    ) {
        switch type {
        case .u8:
            for (i, v) in values.enumerated() {
                start.storeBytes(of: UInt8(v), toByteOffset: i, as: UInt8.self)
            }
        case .u16:
            for (i, v) in values.enumerated() {
                start.storeBytes(of: UInt16(v).littleEndian, toByteOffset: 2 * i, as: UInt16.self)
            }
        case .u32, .rgba:
            for (i, v) in values.enumerated() {
                start.storeBytes(of: UInt32(v).littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
        case .i32:
            for (i, v) in values.enumerated() {
                start.storeBytes(of: Int32(v).littleEndian, toByteOffset: 4 * i, as: Int32.self)
            }
        case .f32:
            for (i, v) in values.enumerated() {
                start.storeBytes(
                    of: Float(v).bitPattern.littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
        case .f64:
            for (i, v) in values.enumerated() {
                start.storeBytes(
                    of: v.bitPattern.littleEndian, toByteOffset: 8 * i, as: UInt64.self)
            }
        }
    }

    /// Colours as RGBA words (`rgba(_:)`); one shared by every element is written
    /// `#rrggbbaa`.
    mutating func write(colors: [UInt32], to w: inout JSONByteWriter) {
        if let first = colors.first, colors.allSatisfy({ $0 == first }) {
            let hex = Array("0123456789abcdef".utf8)
            var text: [UInt8] = [UInt8(ascii: "#")]
            for shift in stride(from: 0, to: 32, by: 8) {
                let byte = Int(first >> UInt32(shift) & 0xFF)
                text += [hex[byte >> 4], hex[byte & 15]]
            }
            w.write(String(decoding: text, as: UTF8.self))
            return
        }
        let offset = begin(.rgba, count: colors.count, to: &w)
        body.withUnsafeMutableBytes { raw in
            for (i, word) in colors.enumerated() {
                raw.storeBytes(of: word.littleEndian, toByteOffset: offset + 4 * i, as: UInt32.self)
            }
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

    /// Writes `{"type", "offset"}` and makes room for `count` elements of `type` after
    /// the other columns, padded to a multiple of 8; returns where they start.
    private mutating func begin(_ type: BinaryColumnType, count: Int, to w: inout JSONByteWriter)
        -> Int
    {
        let offset = body.count
        w.beginObject()
        w.writeKey("type")
        w.write(type.rawValue)
        w.writeKey("offset")
        w.write(offset)
        w.endObject()
        body.append(contentsOf: repeatElement(0, count: (count * type.size + 7) & ~7))
        return offset
    }
}
