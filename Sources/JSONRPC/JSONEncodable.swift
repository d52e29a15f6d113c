/// A type that writes itself as one JSON value into a `JSONByteWriter`.
///
/// Results of request handlers conform to this; writing straight into the response
/// buffer avoids building a `JSONValue` tree.
public protocol JSONEncodable {
    /// Writes exactly one JSON value.
    func encode(to writer: inout JSONByteWriter)
}

extension JSONValue: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension JSONObject: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(.object(self)) }
}

extension Bool: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension Int: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension Int64: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension Double: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension String: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) { writer.write(self) }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    public func encode(to writer: inout JSONByteWriter) {
        writer.beginArray()
        for element in self { element.encode(to: &writer) }
        writer.endArray()
    }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
    /// `null` for `nil`.
    public func encode(to writer: inout JSONByteWriter) {
        if let self { self.encode(to: &writer) } else { writer.writeNull() }
    }
}

extension JSONEncodable {
    /// This value's JSON text as bytes.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONByteWriter()
        encode(to: &writer)
        return writer.bytes
    }
}
