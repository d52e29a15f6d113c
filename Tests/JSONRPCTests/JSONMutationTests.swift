import JSONRPC
import TestSupport
import Testing

/// Mutated JSON texts: never a crash, and whatever is accepted round-trips.
struct JSONMutationTests {
    @Test func mutatedTextsAreHandled() throws {
        var random = SeededRandom(seed: 0x5EED_0004)
        let alphabet =
            Array(#"{}[]:,"\ -+.0123456789eEtrufalsn"#.utf8) + [
                0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF,
            ]
        var accepted = 0
        for iteration in 0..<4000 {
            var bytes = JSONRoundTripTests.randomValue(&random, depth: 0).serialized()
            for _ in 0..<Int(random.next() % 3) + 1 {
                let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0 where !bytes.isEmpty: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if !bytes.isEmpty { bytes.remove(at: position) }
                }
            }
            guard let value = try? JSONParser().parse(bytes) else { continue }
            accepted += 1
            let again = try JSONParser().parse(value.serialized())
            #expect(
                again == value, "iteration \(iteration): \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 100)
    }
}
