/// Who may talk to the daemon over HTTP and WebSocket: a client that knows the token,
/// addresses the daemon by a loopback name (no DNS rebinding), and, when it is a page
/// in a browser, comes from the daemon's own origin or one the user allowed.
public struct WebAccessPolicy: Sendable {
    /// The secret every request carries as `?token=`.
    public var token: String
    /// The port the daemon listens on; `Host` must name it.
    public var port: Int
    /// Origins allowed besides the daemon's own (`--allow-origin`), normalised
    /// (`WebOrigin.normalized`) such as `http://localhost:5173`, or `*` for every origin.
    public var allowedOrigins: [String]
    /// Host names accepted besides the loopback ones: the address bound with
    /// `--ws-allow-remote`.
    public var extraHosts: [String]

    public init(token: String, port: Int, allowedOrigins: [String] = [], extraHosts: [String] = [])
    {
        self.token = token
        self.port = port
        // The daemon normalised them at start; a caller that did not still gets matches.
        self.allowedOrigins = allowedOrigins.map { (try? WebOrigin.normalized($0)) ?? $0 }
        self.extraHosts = extraHosts.map { $0.lowercased() }
    }

    /// Why a request was refused; said only in the daemon's log, never to the client.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case missingToken
        case wrongToken
        case host(String?)
        case origin(String)

        /// The check that failed: `token`, `Host` or `Origin`.
        public var check: String {
            switch self {
            case .missingToken, .wrongToken: return "token"
            case .host: return "Host"
            case .origin: return "Origin"
            }
        }

        public var description: String {
            switch self {
            case .missingToken: return "no token"
            case .wrongToken: return "wrong token"
            case .host(let h):
                return "Host \(h.map { "'\($0)'" } ?? "missing") is not a loopback name with port"
            case .origin(let o): return "Origin '\(o)' is not allowed"
            }
        }
    }

    /// Nil when `head` may be served, else why not (answered with a bare 403).
    public func refusal(of head: HTTPRequestHead) -> Refusal? {
        guard let given = head.queryParameter("token") else { return .missingToken }
        guard constantTimeEqual(given, token) else { return .wrongToken }
        // One Host header exactly (RFC 9112 section 3.2).
        guard head.count(of: "host") == 1, let host = head.header("host"), isAcceptedHost(host)
        else {
            return .host(head.header("host"))
        }
        if head.count(of: "origin") > 1 { return .origin(head.header("origin") ?? "") }
        if let origin = head.header("origin"), !isAcceptedOrigin(origin) { return .origin(origin) }
        return nil
    }

    /// Whether `host` (a Host header) is a loopback name or address, or an extra host,
    /// with the daemon's port.
    public func isAcceptedHost(_ host: String) -> Bool {
        guard let (name, hostPort) = Self.splitHost(host.lowercased()) else { return false }
        guard hostPort == port || (hostPort == nil && port == 80) else { return false }
        return Self.isLoopbackName(name) || extraHosts.contains(name)
    }

    /// Whether a page of `origin` may connect: absent is checked by the caller; the
    /// daemon's own origins (http, a loopback name, its port) and the allowed ones.
    public func isAcceptedOrigin(_ origin: String) -> Bool {
        if allowedOrigins.contains("*") { return true }
        if let normalized = try? WebOrigin.normalized(origin), allowedOrigins.contains(normalized) {
            return true
        }
        let lower = origin.lowercased()
        guard lower.hasPrefix("http://") else { return false }
        let authority = String(lower.dropFirst("http://".count))
        guard !authority.contains("/"), !authority.contains("@") else { return false }
        return isAcceptedHost(authority)
    }

    /// `name[:port]` or `[v6]:port` split; nil when malformed.
    static func splitHost(_ host: String) -> (String, Int?)? {
        var name = Substring(host)
        var portText: Substring? = nil
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let rest = name[name.index(after: close)...]
            name = name[...close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = name.lastIndex(of: ":") {
            portText = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        guard !name.isEmpty else { return nil }
        guard let portText else { return (String(name), nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII }),
            let p = Int(portText), p <= 65535
        else {
            return nil
        }
        return (String(name), p)
    }

    /// `localhost`, `127.0.0.0/8` in dotted decimal, or `[::1]`.
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        var octets: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 3, p.allSatisfy({ $0.isASCII && $0.isNumber }),
                let v = Int(p), v <= 255
            else { return false }
            octets.append(v)
        }
        return octets[0] == 127
    }

    /// Whether `host` names the loopback interface (for `--ws`): the names above and
    /// `::1` unbracketed.
    public static func isLoopbackAddress(_ host: String) -> Bool {
        let h = host.lowercased()
        return isLoopbackName(h) || h == "::1"
    }
}

/// Compares two secrets in time that depends only on their lengths.
public func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in 0..<x.count { difference |= x[i] ^ y[i] }
    return difference == 0
}
