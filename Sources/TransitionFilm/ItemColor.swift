/// Colours that tell items apart from frame to frame: the hue turns by the golden angle
/// from one item to the next.
public enum ItemColor {
    public static func fill(for box: ElementBox) -> String {
        if box.kind != "cell" { return "#d9d9d9" }
        let hue = (Double(box.item + 7 * box.section) * 137.508).truncatingRemainder(
            dividingBy: 360)
        return hex(hue: hue, saturation: 0.55, lightness: 0.78)
    }

    public static func stroke(for box: ElementBox) -> String {
        if box.kind != "cell" { return "#777777" }
        let hue = (Double(box.item + 7 * box.section) * 137.508).truncatingRemainder(
            dividingBy: 360)
        return hex(hue: hue, saturation: 0.45, lightness: 0.38)
    }

    /// `#rrggbb` of an HSL colour (hue in degrees, the others in 0...1).
    public static func hex(hue: Double, saturation s: Double, lightness l: Double) -> String {
        let c = (1 - abs(2 * l - 1)) * s
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = l - c / 2
        let digits = Array("0123456789abcdef")
        var text = "#"
        for v in [r, g, b] {
            let n = Int(((v + m) * 255).rounded()).clamped(0, 255)
            text.append(digits[n / 16])
            text.append(digits[n % 16])
        }
        return text
    }
}

extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
