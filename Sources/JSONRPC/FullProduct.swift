/// The 128-bit product of two words. WebAssembly has no instruction for its upper half:
/// there it is four products of 32-bit halves, inline, rather than a call to a 128 by
/// 128-bit multiplication whose upper words are zero. The module's `__multi3`
/// (Sources/TransitionWasm/Multiply128.swift) is built from it too.
@inline(__always)
package func fullProduct(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
    #if arch(wasm32)
        let a0 = a & 0xFFFF_FFFF
        let a1 = a >> 32
        let b0 = b & 0xFFFF_FFFF
        let b1 = b >> 32
        let p00 = a0 &* b0
        let p01 = a0 &* b1
        let p10 = a1 &* b0
        let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)
        let high = a1 &* b1 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32)
        return (high, (middle << 32) | (p00 & 0xFFFF_FFFF))
    #else
        let product = a.multipliedFullWidth(by: b)
        return (product.high, product.low)
    #endif
}
