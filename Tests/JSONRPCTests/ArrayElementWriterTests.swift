import TestSupport
import Testing

@testable import JSONRPC

/// `writeElements` and `writeElement` write what the same values written one by one
/// with `write` would: the first element without a separator, repeated values from the
/// memo, non-finite ones as `null`, rounded ones with their decimals.
@Suite struct ArrayElementWriterTests {
    static let doubles: [Double] = [
        0, -0.0, 1, -4, 44.125, 46.831043956, 0.06393606399999996, 49956.034715272, 1e-7,
        -1.5e-300, 1.7976931348623157e308, 9_007_199_254_740_993, .nan, .infinity, -.infinity,
        0.1 + 0.2, 123.45678901234567,
    ]

    static func oneByOne(_ values: [Double], decimals: Int) -> [UInt8] {
        var w = JSONByteWriter()
        w.beginArray()
        for v in values { w.write(v, decimals: decimals) }
        w.endArray()
        return w.bytes
    }

    @Test(arguments: [-1, 0, 2, 9])
    func runsOfFourAndSingleDoublesMatchOneByOne(decimals: Int) {
        var random = SeededRandom(seed: 7)
        // Enough values, most of them repeated, that the memo is in use.
        var values = (0..<400).map { _ in
            Self.doubles[Int(random.next() % UInt64(Self.doubles.count))]
        }
        values += (0..<40).map { _ in Double(bitPattern: random.next()) }
        var fours = JSONByteWriter()
        fours.beginArray()
        var i = 0
        while i + 4 <= values.count {
            fours.writeElements(
                values[i], values[i + 1], values[i + 2], values[i + 3], decimals: decimals)
            i += 4
        }
        fours.endArray()
        #expect(fours.bytes == Self.oneByOne(Array(values[..<i]), decimals: decimals))

        var singles = JSONByteWriter()
        singles.beginArray()
        for v in values { singles.writeElement(v, decimals: decimals) }
        singles.endArray()
        #expect(singles.bytes == Self.oneByOne(values, decimals: decimals))
    }

    @Test func integersMatchOneByOne() {
        let values = [0, 9, 10, -1, -9, 8528, Int.max, Int.min, 99, 100, 1_000_000_007]
        var elements = JSONByteWriter()
        var reference = JSONByteWriter()
        elements.beginArray()
        reference.beginArray()
        for v in values + values.reversed() {
            elements.writeElement(v)
            reference.write(v)
        }
        elements.endArray()
        reference.endArray()
        #expect(
            String(decoding: elements.bytes, as: UTF8.self)
                == String(decoding: reference.bytes, as: UTF8.self))
        #expect(
            String(decoding: elements.bytes, as: UTF8.self).hasPrefix(
                "[0,9,10,-1,-9,8528,9223372036854775807,-9223372036854775808,"))
    }
}
