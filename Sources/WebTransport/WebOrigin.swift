/// A page origin as a browser writes it in `Origin` (RFC 6454 section 6.2): `scheme://host`
/// or `scheme://host:port`, scheme and host in lower case, no default port, no path.
///
/// `--allow-origin` values are normalised with it when the daemon starts, so that
/// `http://LOCALHOST:5173` matches what a browser sends, and a value no browser can send
/// (`http://127.0.0.1:8765/`, with a path) is refused there rather than never matching;
/// an `Origin` header is normalised the same way before it is compared.
public enum WebOrigin {
    /// Why a text is not an origin; `description` says it for a person.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// No `scheme://`.
        case noScheme
        /// A path, query or fragment after the host (`suggestion`: the origin without it).
        case path(suggestion: String)
        /// User information (`user@`), which no origin carries.
        case userInfo
        /// No host, or one with characters a host cannot have.
        case badHost
        /// A port that is not a number from 1 to 65535.
        case badPort

        public var description: String {
            switch self {
            case .noScheme: return "expected scheme://host[:port], such as http://localhost:5173"
            case .path(let suggestion):
                return "an origin has no path (a browser sends \(suggestion))"
            case .userInfo: return "an origin has no user information"
            case .badHost: return "expected a host name or address after the scheme"
            case .badPort: return "the port must be a number from 1 to 65535"
            }
        }
    }

    /// `text` as a browser would send it, or why it cannot be an origin.
    public static func normalized(_ text: String) throws(Problem) -> String {
        // `firstRange(of:)` needs string processing, which an Embedded build lacks.
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            throw .noScheme
        }
        let scheme = lowercasedASCII(String(text[..<colon]))
        guard let first = scheme.utf8.first, isLetter(first),
            scheme.utf8.allSatisfy({
                isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
            })
        else { throw .noScheme }
        var authority = text[text.index(colon, offsetBy: 3)...]
        var hadPath = false
        if let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            authority = authority[..<end]
            hadPath = true
        }
        guard !authority.contains("@") else { throw .userInfo }
        let lower = lowercasedASCII(String(authority))
        guard let (name, port) = WebAccessPolicy.splitHost(lower) else {
            // A host is there (and its brackets closed): what follows its colon is wrong.
            let hostless = lower.isEmpty || lower.hasPrefix(":")
            let unclosed = lower.hasPrefix("[") && !lower.contains("]")
            throw hostless || unclosed ? .badHost : .badPort
        }
        guard isHostName(name) else { throw .badHost }
        if let port, port < 1 { throw .badPort }
        let defaultPort =
            scheme == "http" || scheme == "ws"
            ? 80 : scheme == "https" || scheme == "wss" ? 443 : nil
        let origin = scheme + "://" + name + (port == nil || port == defaultPort ? "" : ":\(port!)")
        if hadPath { throw .path(suggestion: origin) }
        return origin
    }

    /// A registered name (letters, digits, `-`, `.`, `_`) or a bracketed IPv6 address.
    private static func isHostName(_ name: String) -> Bool {
        if name.hasPrefix("[") {
            return name.hasSuffix("]") && name.utf8.count > 2
                && name.utf8.dropFirst().dropLast().allSatisfy {
                    isDigit($0) || (0x61...0x66).contains($0) || $0 == 0x3A || $0 == 0x2E
                }
        }
        return !name.isEmpty
            && name.utf8.allSatisfy {
                isLetter($0) || isDigit($0) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F
            }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// ASCII letters in lower case, everything else as is (hosts of other scripts come
    /// as punycode from a browser).
    static func lowercasedASCII(_ text: String) -> String {
        String(
            decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
