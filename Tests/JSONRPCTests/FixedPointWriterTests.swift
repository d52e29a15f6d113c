import Foundation
import JSONRPC
import TestSupport
import Testing

/// Doubles written with a fixed number of decimal places.
struct FixedPointWriterTests {
    private func text(_ value: Double, _ decimals: Int) -> String {
        var writer = JSONByteWriter()
        writer.write(value, decimals: decimals)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func roundsAndDropsTrailingZeros() {
        #expect(text(123.456789, 3) == "123.457")
        #expect(text(123.4564, 3) == "123.456")
        #expect(text(12.5, 3) == "12.5")
        #expect(text(3, 3) == "3")
        #expect(text(2.9996, 3) == "3")
        #expect(text(-0.0004, 3) == "0")
        #expect(text(-0.0006, 3) == "-0.001")
        #expect(text(-48.125, 2) == "-48.13")
        #expect(text(0.05, 0) == "0")
        #expect(text(181.5, 0) == "182")
        #expect(text(0.000123456, 9) == "0.000123456")
        #expect(text(1e-12, 9) == "0")
    }

    @Test func outOfRangeValuesAreWrittenInFull() {
        #expect(text(1e300, 3) == "1e+300")
        #expect(text(-9.5e12, 3) == "-9500000000000")
        #expect(text(.nan, 3) == "null")
        #expect(text(-.infinity, 3) == "null")
        // Negative decimals: the shortest round-trip text.
        #expect(text(0.30000000000000004, -1) == "0.30000000000000004")
        // More than the maximum is the maximum.
        #expect(text(0.1234567891234, 20) == "0.123456789")
    }

    /// Every written value is within half a unit of the last place of the value, and
    /// parses as a number.
    @Test func randomValuesAreWithinHalfAUnit() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20_000 {
            let value = Double.random(in: -5000..<5000, using: &random)
            let decimals = Int.random(in: 0...6, using: &random)
            let written = text(value, decimals)
            let parsed = try #require(Double(written))
            let unit = pow(10, -Double(decimals))
            #expect(
                abs(parsed - value) <= unit / 2 * (1 + 1e-9),
                "\(value) with \(decimals) decimals: \(written)")
            if let dot = written.firstIndex(of: ".") {
                #expect(written.distance(from: dot, to: written.endIndex) - 1 <= decimals)
                #expect(written.last != "0")
            }
        }
    }

    /// Values written again in one document are copied from the writer's recent texts
    /// for their places: the copies must be what a fresh writer writes, also when the
    /// places change between values (a value's text depends on them) and when more
    /// distinct values than the memo holds share its slots.
    @Test func repeatedValuesKeepTheirTextAcrossPlaces() {
        var values: [Double] = (0..<300).map { 46.8310439 * Double($0) + 0.1 * Double($0 % 7) }
        values += [
            0, -0.0, -0.0004, -0.0006, 1e300, 9_007_199_254_740_992, .nan, .infinity, 123.456789,
        ]
        var writer = JSONByteWriter()
        var expected: [String] = []
        writer.beginArray()
        for round in 0..<4 {
            let decimals = [3, 3, 1, 9][round]
            for value in round == 1 ? values.reversed() : values {
                writer.write(value, decimals: decimals)
                expected.append(text(value, decimals))
            }
        }
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",")
                + "]")
    }
}
