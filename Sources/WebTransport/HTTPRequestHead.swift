/// The request line and headers of one HTTP/1.1 request.
public struct HTTPRequestHead: Equatable, Sendable {
    public var method: String
    /// The request target as sent: path and query (`/viewer.js?token=...`).
    public var target: String
    public var version: String
    /// Headers in order, names lower-cased, values without surrounding blanks.
    public var headers: [(name: String, value: String)]

    public init(
        method: String, target: String, version: String, headers: [(name: String, value: String)]
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The value of header `name` (lower-case); nil when absent. A repeated header's
    /// values are joined with ", " (RFC 9110 section 5.3).
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.name == name }.map { $0.value }
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// How many times header `name` appears.
    public func count(of name: String) -> Int { headers.filter { $0.name == name }.count }

    /// Whether a comma-separated header lists `token` (case-insensitive), as
    /// `Connection: keep-alive, Upgrade` does.
    public func header(_ name: String, contains token: String) -> Bool {
        guard let value = header(name) else { return false }
        return value.split(separator: ",").contains {
            $0.trimmingBlanks().lowercased() == token.lowercased()
        }
    }

    /// The path of the target, without its query.
    public var path: String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }

    /// The value of query parameter `name` (the first one), percent-decoded; nil when
    /// absent or badly encoded.
    public func queryParameter(_ name: String) -> String? {
        guard let q = target.firstIndex(of: "?") else { return nil }
        let query = target[target.index(after: q)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard percentDecoded(parts[0]) == name else { continue }
            return parts.count == 2 ? percentDecoded(parts[1]) : ""
        }
        return nil
    }

    public static func == (a: HTTPRequestHead, b: HTTPRequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version
            && a.headers.map { $0.name } == b.headers.map { $0.name }
            && a.headers.map { $0.value } == b.headers.map { $0.value }
    }
}

/// `%XX` and `+` decoded; nil for a broken escape or bytes that are not UTF-8.
func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let c = utf8.popFirst() {
        if c == UInt8(ascii: "%") {
            guard utf8.count >= 2, let hi = hexValue(utf8.popFirst()!),
                let lo = hexValue(utf8.popFirst()!)
            else { return nil }
            bytes.append(hi << 4 | lo)
        } else if c == UInt8(ascii: "+") {
            bytes.append(UInt8(ascii: " "))
        } else {
            bytes.append(c)
        }
    }
    return String(validating: bytes, as: UTF8.self)
}

func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }),
            let last = lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(self[first...last])
    }
}
