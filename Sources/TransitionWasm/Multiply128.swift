#if arch(wasm32)
    // compiler-rt's 128-bit product, which wasm32 code calls for `multipliedFullWidth`
    // (the shortest-decimal printing of numbers) and which wasi-libc does not carry. The
    // ABI returns the product through `result` (low word first); each operand comes as
    // its low and high words. Built from 32-bit halves, so it never calls itself.
    @_cdecl("__multi3")
    func multiply128(
        _ result: UnsafeMutablePointer<UInt64>, _ aLow: UInt64, _ aHigh: UInt64,
        _ bLow: UInt64, _ bHigh: UInt64
    ) {
        let (productHigh, productLow) = multiplyFull(aLow, bLow)
        // The high words only add to the upper half, where overflow is discarded.
        result[0] = productLow
        result[1] = productHigh &+ aLow &* bHigh &+ aHigh &* bLow
    }

    /// The full product of two 64-bit words, from four 32-bit products.
    private func multiplyFull(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
        let a0 = a & 0xFFFF_FFFF
        let a1 = a >> 32
        let b0 = b & 0xFFFF_FFFF
        let b1 = b >> 32
        let p00 = a0 &* b0
        let p01 = a0 &* b1
        let p10 = a1 &* b0
        let p11 = a1 &* b1
        let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)
        let low = (middle << 32) | (p00 & 0xFFFF_FFFF)
        let high = p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32)
        return (high, low)
    }
#endif
