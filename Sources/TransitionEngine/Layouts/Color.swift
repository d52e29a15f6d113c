/// An sRGB colour with straight alpha, each component in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive).
    public init?(hex: String) {
        var digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#") else { return nil }
        digits.removeFirst()
        var nibbles: [Int] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(Int(d) - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(Int(d) - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(Int(d) - 55)
            default: return nil
            }
        }
        var channels: [Double]
        switch nibbles.count {
        case 3, 4: channels = nibbles.map { Double($0 * 17) / 255 }
        case 6, 8:
            channels = stride(from: 0, to: nibbles.count, by: 2).map { i -> Double in
                let byte = nibbles[i] * 16 + nibbles[i + 1]
                return Double(byte) / 255
            }
        default: return nil
        }
        if channels.count == 3 { channels.append(1) }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }

    /// `#rrggbbaa`, each channel rounded to the nearest byte and clamped.
    public var hexString: String {
        let bytes = [red, green, blue, alpha].map { c -> UInt8 in
            UInt8((min(max(c, 0), 1) * 255).rounded())
        }
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for b in bytes {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hexString }
}
