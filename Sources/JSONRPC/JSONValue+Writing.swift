/// Serialising a `JSONValue` tree.
extension JSONByteWriter {
    /// Writes a whole value tree.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - sortingKeys: Write object members sorted by key (by UTF-8 bytes) instead of
    ///     in insertion order; for golden files and stable comparisons.
    public mutating func write(_ value: JSONValue, sortingKeys: Bool = false) {
        switch value {
        case .null:
            writeNull()
        case .bool(let flag):
            write(flag)
        case .integer(let number):
            write(number)
        case .double(let number):
            write(number)
        case .string(let text):
            write(text)
        case .array(let elements):
            beginArray()
            for element in elements {
                write(element, sortingKeys: sortingKeys)
            }
            endArray()
        case .object(let object):
            beginObject()
            if sortingKeys {
                let sorted = object.members.sorted {
                    $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
                }
                for member in sorted {
                    writeKey(member.key)
                    write(member.value, sortingKeys: true)
                }
            } else {
                for member in object.members {
                    writeKey(member.key)
                    write(member.value, sortingKeys: false)
                }
            }
            endObject()
        }
    }
}

extension JSONValue {
    /// The JSON text of this value as UTF-8 bytes, compact (no whitespace).
    /// - Parameter sortingKeys: Sort object members by key instead of insertion order.
    public func serialized(sortingKeys: Bool = false) -> [UInt8] {
        var writer = JSONByteWriter()
        writer.write(self, sortingKeys: sortingKeys)
        return writer.bytes
    }

    /// The JSON text of this value, compact, members in insertion order.
    public var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { jsonText }
}
