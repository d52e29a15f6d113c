import JSONRPC

/// Multi-line JSON with two-space indentation, members in the order received.
enum PrettyJSON {
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, to out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out += "[\n"
            for (i, e) in elements.enumerated() {
                out += pad
                write(e, indent: indent + 1, to: &out)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += close + "]"
        case .object(let object) where !object.isEmpty:
            out += "{\n"
            for (i, member) in object.enumerated() {
                out += pad + JSONValue.string(member.key).jsonText + ": "
                write(member.value, indent: indent + 1, to: &out)
                out += i + 1 < object.count ? ",\n" : "\n"
            }
            out += close + "}"
        default:
            out += value.jsonText
        }
    }
}
