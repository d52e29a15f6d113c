/// Number formatting for people (JSON output keeps full precision).
public enum Format {
    /// `value` with exactly `digits` digits after the point: fixed(0.5, 3) = "0.500".
    public static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return String(value) }
        let n = UInt64(scaled)
        let sign = value < 0 && n != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(n) }
        let whole = n / UInt64(scale)
        var fraction = String(n % UInt64(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        return "\(sign)\(whole).\(fraction)"
    }

    /// The shortest of `fixed(value, digits)` without trailing zeros: 0.5 -> "0.5", 2 -> "2".
    public static func short(_ value: Double, _ digits: Int = 3) -> String {
        var text = fixed(value, digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// Seconds for messages: 30 -> "30", 0.25 -> "0.25".
    public static func seconds(_ value: Double) -> String { short(value, 3) }

    /// Pads `text` on the right to `width` characters.
    public static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
