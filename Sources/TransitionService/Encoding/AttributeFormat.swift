import JSONRPC
import TransitionEngine

/// How a session writes attributes: the encoding, and how numbers are rounded.
public struct AttributeFormat: Hashable, Sendable {
    public var encoding: AttributeEncoding
    /// Decimal places of the attributes' numbers (frames, alpha, progress, transforms,
    /// custom values) and of a tick's content offset; nil writes each number exactly,
    /// as the shortest text that reads back to the same double.
    public var precision: Int?

    public init(encoding: AttributeEncoding, precision: Int? = nil) {
        self.encoding = encoding
        self.precision = precision
    }

    /// The `decimals` argument of `JSONByteWriter.write(_:decimals:)`.
    var decimals: Int { precision ?? -1 }
}
