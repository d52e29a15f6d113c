import JSONRPC
import TransitionFilm

/// The entries of `session/list` as aligned text columns, a header first.
enum SessionTable {
    /// Column titles and the member each shows.
    static let columns: [(title: String, member: String)] = [
        ("SESSION", "session"), ("NAME", "name"), ("OWNER PID", "ownerProcessId"),
        ("SUBSCRIBERS", "subscribers"), ("STATE", "state"), ("ITEMS", "items"),
        ("LAYOUT", "layoutState"), ("CLOCK", "clock"), ("KEEPALIVE", "keepAlive"),
    ]

    /// The header and one line per session; a missing or null value shows as `-`.
    static func lines(_ sessions: [JSONValue]) -> [String] {
        let rows =
            [columns.map(\.title)]
            + sessions.map { entry in columns.map { cell(entry[$0.member]) } }
        let widths = columns.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (i, text) in row.enumerated() {
                line += i == row.count - 1 ? text : Format.padded(text, widths[i]) + "  "
            }
            return line
        }
    }

    private static func cell(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: return text
        case .integer(let n)?: return String(n)
        case .bool(let b)?: return b ? "yes" : "no"
        case .double(let d)?: return Format.short(d)
        default: return "-"
        }
    }
}
