/// The LSP trace setting: `off`, `messages` or `verbose`.
public enum TraceValue: String, Equatable, Sendable, JSONDecodable, JSONEncodable {
    case off
    case messages
    case verbose

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let text = try json.decode(String.self)
        guard let value = TraceValue(rawValue: text) else {
            throw json.invalid("\"off\", \"messages\" or \"verbose\"")
        }
        self = value
    }

    public func encode(to writer: inout JSONByteWriter) {
        writer.write(rawValue)
    }
}
