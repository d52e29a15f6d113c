#if arch(wasm32)
    import JSONRPC

    // compiler-rt's 128-bit product, which wasm32 code calls for `multipliedFullWidth`
    // and which wasi-libc does not carry. The ABI returns the product through `result`
    // (low word first); each operand comes as its low and high words. Built from 32-bit
    // halves (`fullProduct`), so it never calls itself.
    @_cdecl("__multi3")
    func multiply128(
        _ result: UnsafeMutablePointer<UInt64>, _ aLow: UInt64, _ aHigh: UInt64,
        _ bLow: UInt64, _ bHigh: UInt64
    ) {
        let (productHigh, productLow) = fullProduct(aLow, bLow)
        // The high words only add to the upper half, where overflow is discarded.
        result[0] = productLow
        result[1] = productHigh &+ aLow &* bHigh &+ aHigh &* bLow
    }
#endif
