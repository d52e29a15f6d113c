import Testing

@testable import JSONRPC

/// Runs of elements written from one text: a shared value copied, and consecutive
/// integers carried from the text before; each the same text as one element at a time.
@Suite struct RepeatedElementTests {
    static func array(_ body: (inout JSONByteWriter) -> Void) -> String {
        var w = JSONByteWriter(capacity: 64)
        w.beginArray()
        body(&w)
        w.endArray()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test(arguments: [0, 1, 2, 3, 7, 64, 1000])
    func aSharedNumberIsTheSameTextAsEachWrittenAlone(count: Int) {
        for value in [1, 0.25, 46.875, -3.5e-9, 123456.789, .nan] {
            for places in [-1, 3] {
                let repeated = Self.array {
                    $0.writeElement(7)
                    $0.writeElements(repeating: value, decimals: places, count: count)
                    $0.writeElement(8)
                }
                let single = Self.array { w in
                    w.writeElement(7)
                    for _ in 0..<count { w.writeElement(value, decimals: places) }
                    w.writeElement(8)
                }
                #expect(repeated == single, "\(value), \(places) places, \(count)")
            }
        }
        for value in [0, 9, 10, -4, Int.max, Int.min] {
            let repeated = Self.array { $0.writeElements(repeating: value, count: count) }
            let single = Self.array { w in for _ in 0..<count { w.writeElement(value) } }
            #expect(repeated == single, "\(value) x \(count)")
        }
    }

    @Test func consecutiveIntegersCarryLikeTheirTexts() {
        let runs: [[Int]] = [
            Array(0..<25), Array(8528..<8744), Array(95..<105), Array(990..<1010),
            Array(9_999_990..<10_000_010), [5, 6, 6, 7, 3, 4, -2, -1, 0, 1, 2],
            Array(Int.max - 3...Int.max), [Int.min, Int.min + 1], [],
            Array(99_999_999_999_999_990..<100_000_000_000_000_010),
        ]
        for numbers in runs {
            let carried = Self.array { w in
                w.writeElement(42)
                numbers.withUnsafeBufferPointer { w.writeElements(integers: $0) }
            }
            let single = Self.array { w in
                w.writeElement(42)
                for n in numbers { w.writeElement(n) }
            }
            #expect(carried == single, "\(numbers.prefix(3))...")
        }
    }

    @Test func borrowedDoubleTextsWriteWhatAFreshWriterWrites() {
        let texts = DoubleTexts()
        let values = (0..<300).map { 0.1 * Double($0) + 1.0 / 3.0 } + [1e300, 5e-324, 46.875]
        func document(_ places: Int, borrow: Bool) -> String {
            var w = JSONByteWriter(capacity: 64)
            w.beginArray()
            func body(_ w: inout JSONByteWriter) {
                for v in values { w.writeElement(v, decimals: places) }
            }
            if borrow { w.withDoubleTexts(texts, body) } else { body(&w) }
            // The writer's own texts again: nothing borrowed is kept.
            for v in values.prefix(20) { w.writeElement(v, decimals: places) }
            w.endArray()
            return String(decoding: w.bytes, as: UTF8.self)
        }
        // Documents after the first find their texts remembered, in both forms, and a
        // change of places forgets the rounded ones.
        for places in [-1, 3, -1, 2, 2, 3, -1] {
            #expect(document(places, borrow: true) == document(places, borrow: false), "\(places)")
        }
    }
}
