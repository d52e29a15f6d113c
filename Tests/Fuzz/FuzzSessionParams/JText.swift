/// A JSON text under construction; numbers are kept as written (`1e400`, `-0`, ...).
indirect enum JText {
    case raw(String)
    case string(String)
    case array([JText])
    case object([(String, JText)])

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .raw(let s): out += s
        case .string(let s):
            out += "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20:
                    out +=
                        "\\u00" + (scalar.value < 0x10 ? "0" : "1")
                        + String(scalar.value & 0xF, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            out += "\""
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JText.string(key).write(to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}
