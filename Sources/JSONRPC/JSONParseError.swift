/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rule a JSON text broke.
    public enum Reason: Equatable, Sendable {
        /// The input ended inside a value (or was empty).
        case unexpectedEndOfInput
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// A comma followed by `]` or `}`.
        case trailingComma
        /// Non-whitespace after the top-level value.
        case trailingCharacters
        /// A number with a leading zero such as `01`, a bare `-`, `1.` or `1e`.
        case invalidNumber
        /// A number too large to be a finite double (`1e400`).
        case numberOutOfRange
        /// A control character (U+0000..U+001F) unescaped inside a string.
        case controlCharacterInString
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case loneSurrogate
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// Arrays and objects nested deeper than the limit.
        case nestingTooDeep(limit: Int)
    }

    /// The rule that was broken.
    public var reason: Reason
    /// Zero-based byte offset in the input where the problem was found.
    public var offset: Int

    /// Creates an error for `reason` at byte `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A one-line explanation that names the offset, for logs and error responses.
    public var description: String {
        "\(explanation) at byte \(offset)"
    }

    /// The explanation without the offset.
    public var explanation: String {
        switch reason {
        case .unexpectedEndOfInput:
            return "unexpected end of input"
        case .unexpectedByte(let byte):
            if byte >= 0x21 && byte < 0x7F {
                return "unexpected character '\(Character(Unicode.Scalar(byte)))'"
            }
            return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        case .trailingComma:
            return "trailing comma"
        case .trailingCharacters:
            return "unexpected data after the JSON value"
        case .invalidNumber:
            return "invalid number"
        case .numberOutOfRange:
            return "number out of range"
        case .controlCharacterInString:
            return "unescaped control character in string"
        case .invalidEscape:
            return "invalid escape sequence"
        case .loneSurrogate:
            return "unpaired UTF-16 surrogate in \\u escape"
        case .invalidUTF8:
            return "invalid UTF-8"
        case .nestingTooDeep(let limit):
            return "nesting deeper than \(limit) levels"
        }
    }
}
