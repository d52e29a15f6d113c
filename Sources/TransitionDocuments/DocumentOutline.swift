import JSONRPC

/// Where each value of a JSON text is: for every path (`transition`, `to`, `columns`),
/// the byte range of its value and, for an object member, of its name. A diagnostic's
/// field path becomes a range in the editor through it.
///
/// It reads text the JSON parser already accepted, so it checks nothing itself; on text
/// it cannot follow it stops and keeps what it found.
///
/// - Complexity: O(n) for n bytes; one entry per value.
public struct DocumentOutline: Sendable {
    /// One value: its bytes, and its member name's bytes when it is a member.
    public struct Entry: Sendable {
        public var value: Range<Int>
        public var name: Range<Int>?
    }

    public private(set) var entries: [[FieldPathStep]: Entry] = [:]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        skipSpace(&index)
        scanValue(&index, path: [], name: nil, depth: 0)
    }

    /// The entry of `path`, or of its nearest ancestor that is in the text, with whether
    /// it was found exactly.
    public func nearest(_ path: [FieldPathStep]) -> (entry: Entry, exact: Bool)? {
        var path = path
        var exact = true
        while true {
            if let entry = entries[path] { return (entry, exact) }
            if path.isEmpty { return nil }
            path.removeLast()
            exact = false
        }
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                || bytes[index] == 0x09
        {
            index += 1
        }
    }

    private mutating func scanValue(
        _ index: inout Int, path: [FieldPathStep], name: Range<Int>?, depth: Int
    ) {
        guard index < bytes.count, depth < 512 else { return }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            skipSpace(&index)
            while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let keyStart = index
                let key = scanString(&index)
                let keyRange = keyStart..<index
                skipSpace(&index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
                index += 1
                skipSpace(&index)
                scanValue(&index, path: path + [.key(key)], name: keyRange, depth: depth + 1)
                skipSpace(&index)
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace(&index)
                }
            }
            if index < bytes.count { index += 1 }  // the closing brace
        case UInt8(ascii: "["):
            index += 1
            skipSpace(&index)
            var element = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                let before = index
                scanValue(&index, path: path + [.index(element)], name: nil, depth: depth + 1)
                guard index > before else { return }
                element += 1
                skipSpace(&index)
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace(&index)
                }
            }
            if index < bytes.count { index += 1 }
        case UInt8(ascii: "\""):
            _ = scanString(&index)
        default:
            while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
        }
        entries[path] = Entry(value: start..<index, name: name)
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
            return true
        default: return false
        }
    }

    /// Reads a string starting at its opening quote; returns its text (escapes other
    /// than `\"` and `\\` kept as written, enough to name members).
    private func scanString(_ index: inout Int) -> String {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                index += 1
                if bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\\") {
                    text.append(UInt8(ascii: "\\"))
                }
            }
            text.append(bytes[index])
            index += 1
        }
        index += 1
        return String(decoding: text, as: UTF8.self)
    }
}
