/// The space colours are interpolated in, chosen per transition.
public enum ColorSpace: String, Hashable, Sendable, CaseIterable {
    /// Gamma-encoded sRGB components, as UIKit animates colours.
    case srgb
    /// Linear-light sRGB: physically even blends, brighter midpoints.
    case linearSRGB = "linear-srgb"
    /// Oklab: perceptually even, as CSS uses for modern colours.
    case oklab

    /// The colour a fraction `t` of the way from `a` to `b`. Alpha is interpolated
    /// linearly and clamped to 0...1; colour components are clamped back into sRGB.
    /// The ends are exact: t <= 0 gives `a`, t >= 1 gives `b`.
    public func interpolate(_ a: Color, _ b: Color, _ t: Double) -> Color {
        if t <= 0 { return a }
        if t >= 1 { return b }
        let alpha = Swift.min(Swift.max(lerp(a.alpha, b.alpha, t), 0), 1)
        switch self {
        case .srgb:
            return Color(
                red: clamp01(lerp(a.red, b.red, t)), green: clamp01(lerp(a.green, b.green, t)),
                blue: clamp01(lerp(a.blue, b.blue, t)), alpha: alpha)
        case .linearSRGB:
            let la = a.linear
            let lb = b.linear
            return Color(
                linear: (lerp(la.0, lb.0, t), lerp(la.1, lb.1, t), lerp(la.2, lb.2, t)),
                alpha: alpha)
        case .oklab:
            let oa = a.oklab
            let ob = b.oklab
            let l = (lerp(oa.0, ob.0, t), lerp(oa.1, ob.1, t), lerp(oa.2, ob.2, t))
            return Color(oklab: l, alpha: alpha)
        }
    }
}

@inline(__always) func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
@inline(__always) func clamp01(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), 1) }

extension Color {
    private static func toLinear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func toGamma(_ c: Double) -> Double {
        let c = clamp01(c)
        return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    var linear: (Double, Double, Double) {
        (Color.toLinear(red), Color.toLinear(green), Color.toLinear(blue))
    }

    init(linear l: (Double, Double, Double), alpha: Double) {
        self.init(
            red: Color.toGamma(l.0), green: Color.toGamma(l.1), blue: Color.toGamma(l.2),
            alpha: alpha)
    }

    /// Björn Ottosson's Oklab (L, a, b) from linear sRGB.
    var oklab: (Double, Double, Double) {
        let (r, g, b) = linear
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    init(oklab o: (Double, Double, Double), alpha: Double) {
        let l = o.0 + 0.3963377774 * o.1 + 0.2158037573 * o.2
        let m = o.0 - 0.1055613458 * o.1 - 0.0638541728 * o.2
        let s = o.0 - 0.0894841775 * o.1 - 1.2914855480 * o.2
        let (l3, m3, s3) = (l * l * l, m * m * m, s * s * s)
        self.init(
            linear: (
                4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
                -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
                -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
            ), alpha: alpha)
    }
}
