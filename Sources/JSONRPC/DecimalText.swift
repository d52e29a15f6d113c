/// The slow path of number parsing: the correctly rounded double of a decimal text.
///
/// On hosts this is the standard library's locale-free `Double(String)`. Embedded Swift
/// has no runtime function behind that initializer, so there the C library's `strtod`
/// does it instead (wasi-libc's, from musl: correctly rounded, and locale-free since
/// WebAssembly has only the "C" locale), declared here by its C name.
#if hasFeature(Embedded)
    @_extern(c, "strtod")
    func strtod(
        _ text: UnsafePointer<CChar>, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Double
#endif

extension Double {
    /// The double nearest to `text`, a number that matched the JSON grammar; infinite
    /// when it is beyond the largest finite double, 0 when below the smallest.
    init?(decimalText text: String) {
        #if hasFeature(Embedded)
            self = text.withCString { strtod($0, nil) }
        #else
            guard let value = Double(text) else { return nil }
            self = value
        #endif
    }
}
