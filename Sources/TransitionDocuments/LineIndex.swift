/// Byte offsets of a UTF-8 text turned into LSP positions (line, UTF-16 character).
///
/// - Complexity: O(n) to build for n bytes; O(log l + c) per offset for l lines and a
///   column of c bytes.
public struct LineIndex: Sendable {
    private let bytes: [UInt8]
    /// The byte offset where each line starts.
    private var lineStarts: [Int] = [0]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lineStarts.append(offset + 1)
        }
    }

    /// The position of the byte at `offset` (clamped to the text).
    public func position(of offset: Int) -> TextPosition {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var character = 0
        var index = lineStarts[low]
        while index < offset {
            let byte = bytes[index]
            // A lead byte of a four-byte sequence is two UTF-16 units; continuation
            // bytes count nothing.
            if byte & 0xC0 != 0x80 { character += byte >= 0xF0 ? 2 : 1 }
            index += 1
        }
        return TextPosition(line: low, character: character)
    }

    /// The range of the bytes `start..<end`.
    public func range(_ start: Int, _ end: Int) -> TextRange {
        TextRange(start: position(of: start), end: position(of: end))
    }

    /// The byte offset of a position (clamped to its line), the inverse of `position(of:)`.
    public func offset(of position: TextPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        guard position.line >= 0 else { return 0 }
        var index = lineStarts[position.line]
        var character = 0
        while index < bytes.count, bytes[index] != 0x0A, character < position.character {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { character += byte >= 0xF0 ? 2 : 1 }
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        return index
    }
}
