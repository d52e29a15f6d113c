/// Numbers as short decimal text for CSS, SVG and JSON: rounded to a number of decimal
/// places, without exponents or trailing zeros (`12.5`, `-0.0625`, `3`).
enum NumberText {
    private static let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// `x` rounded to `places` (0...9) decimals; non-finite values write as 0.
    static func format(_ x: Double, places: Int = 4) -> String {
        guard x.isFinite else { return "0" }
        let scale = scales[Swift.min(Swift.max(places, 0), 9)]
        let scaled = (Swift.abs(x) * scale).rounded()
        // Beyond 2^53 a double has no fraction left to print.
        guard scaled < 9e15 else { return String(Int64(x.rounded())) }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        var fraction = places
        // Trailing zeros of the fraction are dropped.
        while fraction > 0 && units % 10 == 0 {
            units /= 10
            fraction -= 1
        }
        let negative = x < 0
        // Written from the end of a small stack buffer: no allocation but the result.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var i = buffer.count
            var n = units
            var written = 0
            repeat {
                i -= 1
                buffer[i] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                written += 1
                if written == fraction {
                    i -= 1
                    buffer[i] = UInt8(ascii: ".")
                }
            } while n > 0 || written < fraction
            if buffer[i] == UInt8(ascii: ".") {
                i -= 1
                buffer[i] = UInt8(ascii: "0")
            }
            if negative {
                i -= 1
                buffer[i] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
        }
    }
}
