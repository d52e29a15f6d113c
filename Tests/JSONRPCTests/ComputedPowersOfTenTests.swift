import Testing

@testable import JSONRPC

/// The module computes the powers of ten the writer multiplies by rather than storing
/// them: every entry must be the table's.
@Suite struct ComputedPowersOfTenTests {
    @Test func computedSignificandsAreTheTables() {
        let computed = ShortestDecimal.computedPowerOfTenSignificands()
        #expect(computed.count == ShortestDecimal.powerOfTenSignificands.count)
        for i in stride(from: 0, to: computed.count, by: 2) {
            let e = i / 2 + ShortestDecimal.minPowerOfTenExponent
            #expect(
                computed[i] == ShortestDecimal.powerOfTenSignificands[i]
                    && computed[i + 1] == ShortestDecimal.powerOfTenSignificands[i + 1],
                "10^\(e)")
        }
    }
}
