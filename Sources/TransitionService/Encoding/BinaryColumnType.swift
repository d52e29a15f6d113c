/// The element types of a binary tick's columns (Protocol 8.3), named as the header
/// names them; each reads into the typed array of the same width in a page.
enum BinaryColumnType: String {
    case u8, u16, u32, i32, f32, f64
    /// A colour: red, green, blue and alpha bytes in that order (a u32, little-endian).
    case rgba

    /// Bytes per element.
    var size: Int {
        switch self {
        case .u8: return 1
        case .u16: return 2
        case .u32, .i32, .f32, .rgba: return 4
        case .f64: return 8
        }
    }

    /// The narrowest type that holds every integer from `low` to `high` exactly.
    static func integers(from low: Int64, to high: Int64) -> BinaryColumnType {
        if low >= 0 {
            if high <= 0xFF { return .u8 }
            if high <= 0xFFFF { return .u16 }
            if high <= 0xFFFF_FFFF { return .u32 }
        } else if low >= -0x8000_0000, high <= 0x7FFF_FFFF {
            return .i32
        }
        return .f64
    }
}
