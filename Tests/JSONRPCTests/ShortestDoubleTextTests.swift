import JSONRPC
import TestSupport
import Testing

/// The writer's text for doubles is Swift's `description` without a trailing `.0`
/// (`null` for non-finite values), for every kind of double: checked value by value
/// against the standard library.
struct ShortestDoubleTextTests {
    /// What the writer must produce: `description`, `2.0` -> `2`, `-0.0` -> `-0`.
    ///
    /// One departure, from the writer's short-decimal path: from 10^-7 up to 10^-4,
    /// where `description` switches to exponential form, values of at most 15
    /// significant digits are plain decimals (`1e-07` -> `0.0000001`).
    static func expectedText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        if text.hasSuffix(".0") { return String(text.dropLast(2)) }
        let magnitude = value.magnitude
        if magnitude >= 1e-7 && magnitude < 1e-4, let e = text.firstIndex(of: "e") {
            let digits = text[..<e].filter(\.isNumber)  // "-1.25e-05" -> "125"
            let exponent = Int(text[text.index(after: e)...])!  // -5
            if digits.count <= 15 {
                let sign = value.sign == .minus ? "-" : ""
                return sign + "0." + String(repeating: "0", count: -exponent - 1) + digits
            }
        }
        return text
    }

    /// The values that the writer writes differently from `expectedText`, at most
    /// `limit` of them, as "value: written (expected)" lines. One writer is reused and
    /// bytes are compared without making a `String` per value, to keep the debug-mode
    /// run short.
    static func mismatches(_ values: some Sequence<Double>, limit: Int = 10) -> [String] {
        var writer = JSONByteWriter()
        var found: [String] = []
        for value in values {
            writer.reset()
            writer.write(value)
            var expected = expectedText(value)
            let equal = expected.withUTF8 { expectedBytes in
                writer.withUnsafeBytes { Self.sameBytes($0, expectedBytes) }
            }
            if !equal {
                let written = String(decoding: writer.bytes, as: UTF8.self)
                found.append("\(expected): written \(written) (bits \(value.bitPattern))")
                if found.count >= limit { break }
            }
        }
        return found
    }

    /// Byte-for-byte equality, in a plain loop: the generic `elementsEqual` is slow in
    /// debug builds.
    static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var index = 0
        while index < a.count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    /// Each value and its negation.
    static func withNegations(_ values: [Double]) -> [Double] {
        values + values.map { -$0 }
    }

    /// A value and its two neighbours.
    static func withNeighbours(_ value: Double) -> [Double] {
        [value.nextDown, value, value.nextUp]
    }

    @Test func valuesOfTheWriterTests() {
        let values: [Double] = [
            2, -3, 0, -0.0, 0.1, -0.02, 48.125, 181.875, 0.5, 123.456, 1e15, 1e-7, 1e-8,
            9_007_199_254_740_992, 9_007_199_254_740_994, 1e16, 1e300, -1.5e-300,
            .leastNonzeroMagnitude, 0.30000000000000004, 1.7976931348623157e308,
            123_456_789.12345679, .nan, .infinity, -.infinity, 123.45678901234567,
            0.6180339887498949,
        ]
        #expect(Self.mismatches(values) == [])
    }

    @Test func extremesAndSubnormals() {
        var values: [Double] = [
            .leastNonzeroMagnitude, .leastNonzeroMagnitude.nextUp,
            .leastNormalMagnitude.nextDown,  // the largest subnormal
            .leastNormalMagnitude, .leastNormalMagnitude.nextUp,
            .greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown,
            2.2250738585072014e-308, 4.9406564584124654e-324, 2.225073858507201e-308,
        ]
        // The first thousand subnormals (one to four digits) and some spread out.
        values += (1...1000).map { Double(bitPattern: $0) }
        values += (0..<1000).map { Double(bitPattern: (1 << 52) - 1 - UInt64($0) * 4_503_599_627) }
        #expect(Self.mismatches(Self.withNegations(values)) == [])
    }

    @Test func powersOfTwoAndTen() {
        var values: [Double] = []
        for exponent in -1074...1023 {
            values += Self.withNeighbours(Double(sign: .plus, exponent: exponent, significand: 1))
        }
        for exponent in -323...308 {
            let power = Double("1e\(exponent)")!
            values += Self.withNeighbours(power)
            values += Self.withNeighbours(power * 3)
            values += Self.withNeighbours(power * 9.999999999999999)
        }
        #expect(Self.mismatches(Self.withNegations(values)) == [])
    }

    /// Around Swift's switches between plain and exponential form: 10^-4 and 10^-5 below,
    /// 2^53 (and 10^15, 10^16) above; and integers beyond 2^53, which are written in
    /// exponential form with their shortest digits.
    @Test func formatBoundaries() {
        var values: [Double] = []
        for boundary in [
            1e-4, 1e-5, 1.5e-5, 9.99999e-5, 1.234e-5, 1e-7, 1.5e-7,
            1e15, 1e16, 9_007_199_254_740_992, 4_503_599_627_370_496, 4.35e15, 1.2345e20,
            1e22, 1e23, 1e21,
        ] {
            var value = boundary
            for _ in 0..<20 { value = value.nextDown }
            for _ in 0..<40 {
                values.append(value)
                value = value.nextUp
            }
        }
        var random = SeededRandom(seed: 0x5EED_0D7A)
        for _ in 0..<20_000 {
            // Integers from 2^53 to 2^64, and decimals just above and below 10^-4.
            values.append(Double(UInt64.random(in: (1 << 53)...UInt64.max, using: &random)))
            values.append(Double.random(in: 5e-5..<2e-4, using: &random))
            values.append(Double.random(in: 1e15..<2e16, using: &random))
        }
        #expect(Self.mismatches(Self.withNegations(values)) == [])
    }

    @Test func randomBitPatterns() {
        var random = SeededRandom(seed: 0x5EED_B175)
        let values = (0..<2_000_000).lazy.map { _ in Double(bitPattern: random.next()) }
        #expect(Self.mismatches(values) == [])
    }

    @Test func randomDoublesBelow2000() {
        var random = SeededRandom(seed: 0x5EED_2000)
        let values = (0..<1_000_000).lazy.map { _ in Double.random(in: 0..<2000, using: &random) }
        #expect(Self.mismatches(values) == [])
    }

    /// Shortest digits for every double that has 1 to 17 of them: random decimals with
    /// that many significant digits, read as doubles, across the exponent range.
    @Test func randomShortDecimals() {
        var random = SeededRandom(seed: 0x5EED_D161)
        var values: [Double] = []
        for digits in 1...17 {
            var power: UInt64 = 1
            for _ in 1..<digits { power *= 10 }
            for _ in 0..<2000 {
                let significand = UInt64.random(in: power..<(power * 10), using: &random)
                let exponent = Int.random(in: -340...300, using: &random)
                if let value = Double("\(significand)e\(exponent)") { values.append(value) }
            }
        }
        #expect(Self.mismatches(values) == [])
    }

    /// Short and long decimals around the one departure from `description`, from 10^-8
    /// up to 10^-3.
    @Test func randomDecimalsBelowOneThousandth() {
        var random = SeededRandom(seed: 0x5EED_0E07)
        var values: [Double] = []
        for digits in 1...17 {
            var power: UInt64 = 1
            for _ in 1..<digits { power *= 10 }
            for _ in 0..<1000 {
                let significand = UInt64.random(in: power..<(power * 10), using: &random)
                let exponent = Int.random(in: -8...(-4), using: &random) - (digits - 1)
                if let value = Double("\(significand)e\(exponent)") { values.append(value) }
            }
        }
        #expect(Self.mismatches(Self.withNegations(values)) == [])
    }

    /// What the writer writes, the parser reads back to the same bits.
    @Test func parsesBackBitForBit() throws {
        var random = SeededRandom(seed: 0x5EED_BAC4)
        let parser = JSONParser()
        var writer = JSONByteWriter()
        for index in 0..<40_000 {
            let value =
                index % 2 == 0
                ? Double(bitPattern: random.next()) : Double.random(in: 0..<2000, using: &random)
            guard value.isFinite else { continue }
            writer.reset()
            writer.write(value)
            let back = try #require(try parser.parse(writer.bytes).doubleValue)
            #expect(back.bitPattern == value.bitPattern, "\(value)")
        }
    }

    /// A value written again in the same document is copied from the writer's recent
    /// texts: the copies must be the conversion's bytes, also when more distinct values
    /// than the memo holds share its slots, for signs and exponent forms, for integral
    /// values, and never for non-finite ones (a NaN with the bits that mark an empty
    /// slot included: it is `null`, never an empty slot's text).
    @Test func repeatedValuesInOneDocumentKeepTheirText() throws {
        var distinct: [Double] = []
        for i in 0..<200 {
            let step = Double(i)
            distinct.append(46.875 * step + 0.1 * Double(i % 7))
        }
        distinct += [
            -0.0, -1.5e-300, 5e-324, 1.7976931348623157e308, -123.45678901234567, 1e-7,
            0.30000000000000004, 0, 1, -4, 44, 9_007_199_254_740_991, 9_007_199_254_740_992,
            .nan, .infinity, -.infinity, Double(bitPattern: 0x7FF8_0000_0000_0001),
        ]
        var writer = JSONByteWriter()
        writer.beginArray()
        for round in 0..<3 {
            // Forwards, then backwards: each value written while others hold its slot.
            for value in round == 1 ? distinct.reversed() : distinct { writer.write(value) }
        }
        writer.endArray()
        let forwards = distinct.map(Self.expectedText)
        let expected = forwards + forwards.reversed() + forwards
        let written = String(decoding: writer.bytes, as: UTF8.self)
        #expect(written == "[" + expected.joined(separator: ",") + "]")
    }
}
