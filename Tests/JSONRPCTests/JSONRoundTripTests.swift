import JSONRPC
import TestSupport
import Testing

/// Property tests: what the writer writes, the parser reads back unchanged.
struct JSONRoundTripTests {
    /// A random finite double from random bits.
    static func randomFiniteDouble(_ random: inout SeededRandom) -> Double {
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }

    /// A double like those layouts produce: a few decimals, sometimes integral.
    static func randomLayoutDouble(_ random: inout SeededRandom) -> Double {
        switch random.next() % 4 {
        case 0: return Double(Int64.random(in: -100_000...100_000, using: &random)) / 8
        case 1: return Double(Int64.random(in: -10_000_000...10_000_000, using: &random)) / 1000
        case 2: return Double.random(in: -2000...2000, using: &random)
        default: return Double.random(in: 0...1, using: &random)
        }
    }

    static func randomString(_ random: inout SeededRandom) -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1f}",
            "\u{7f}", "é", "€", "\u{2028}", "\u{FFFF}", "😀", "\u{10FFFF}",
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            scalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
        }
        return String(scalars)
    }

    static func randomValue(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        let choice = random.next() % (depth > 5 ? 6 : 8)
        switch choice {
        case 0: return .null
        case 1: return .bool(random.next() & 1 == 0)
        case 2: return .integer(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
        case 3: return .double(randomFiniteDouble(&random))
        case 4: return .double(randomLayoutDouble(&random))
        case 5: return .string(randomString(&random))
        case 6:
            return .array(
                (0..<Int(random.next() % 6)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int(random.next() % 6) {
                object[randomString(&random)] = randomValue(&random, depth: depth + 1)
            }
            return .object(object)
        }
    }

    /// Equal by meaning, and numbers bit for bit (after the documented integer form).
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.double(let x), _):
            guard let y = b.doubleValue else { return false }
            return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys == y.keys && zip(x.values, y.values).allSatisfy { identical($0, $1) }
        default:
            return a == b
        }
    }

    @Test func randomValuesRoundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_0001)
        for iteration in 0..<3000 {
            let value = Self.randomValue(&random, depth: 0)
            let bytes = value.serialized()
            let parsed = try JSONParser().parse(bytes)
            #expect(parsed == value, "iteration \(iteration): \(value)")
            #expect(Self.identical(value, parsed), "iteration \(iteration): \(value)")
        }
    }

    @Test func randomDoublesRoundTripBitForBit() throws {
        var random = SeededRandom(seed: 0x5EED_0002)
        for _ in 0..<40_000 {
            for value in [Self.randomFiniteDouble(&random), Self.randomLayoutDouble(&random)] {
                var writer = JSONByteWriter()
                writer.write(value)
                let parsed = try JSONParser().parse(writer.bytes)
                let back = try #require(parsed.doubleValue)
                #expect(
                    back.bitPattern == value.bitPattern,
                    "\(value) -> \(String(decoding: writer.bytes, as: UTF8.self))")
            }
        }
    }

    /// The significant digits of a decimal number's text (no sign, point, exponent or
    /// leading/trailing zeros).
    static func significantDigits(_ text: Substring) -> Int {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter { $0.isNumber }
        let trimmed = mantissa.drop { $0 == "0" }
        return max(1, trimmed.reversed().drop { $0 == "0" }.count)
    }

    /// The writer is as short as Swift's shortest round-trip `description`.
    @Test func doublesAreShortest() {
        var random = SeededRandom(seed: 0x5EED_0003)
        for _ in 0..<40_000 {
            for value in [Self.randomFiniteDouble(&random), Self.randomLayoutDouble(&random)] {
                var writer = JSONByteWriter()
                writer.write(value)
                let written = String(decoding: writer.bytes, as: UTF8.self)
                let reference = value.description
                #expect(
                    Self.significantDigits(written[...]) == Self.significantDigits(reference[...]),
                    "\(reference) written as \(written)")
            }
        }
    }
}
