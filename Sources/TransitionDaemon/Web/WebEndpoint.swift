import CLibUV
import TransitionService
import WebTransport

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's HTTP and WebSocket port: the TCP listener, the token, the access
/// policy, and the discovery file `web.json` that tells the user's own tools where the
/// port is and what the token is.
final class WebEndpoint: ClientListener {
    private let listener: TCPListener
    let router: WebRequestRouter
    let port: Int
    let host: String
    /// `web.json`, removed when the endpoint closes.
    private(set) var discoveryPath: String?
    var onConnection: ((Stream) -> Void)? {
        didSet { listener.onConnection = onConnection }
    }

    init(loop: EventLoop, options: WebOptions, backlog: Int, logger: Logger) throws(ListenError) {
        let loopback = WebAccessPolicy.isLoopbackAddress(options.host)
        if !loopback && !options.allowRemote {
            throw .failed(
                path: options.host, step: "serve WebSocket on",
                reason: "not a loopback address; add --ws-allow-remote to serve other machines")
        }
        guard let token = Self.randomToken() else {
            throw .failed(path: "/dev/urandom", step: "read", reason: "no randomness for the token")
        }
        listener = try TCPListener(
            loop: loop, host: options.host, port: options.port, backlog: backlog)
        port = listener.port
        host = options.host
        if !loopback {
            logger.warning(
                "serving WebSocket on \(options.host):\(port), reachable from other machines (--ws-allow-remote); the token is the only guard"
            )
        }
        if options.allowedOrigins.contains("*") {
            logger.warning(
                "--allow-origin '*': a page of any site may connect over WebSocket; the token is the only guard"
            )
        }
        let extraHosts =
            loopback || options.host == "0.0.0.0" || options.host == "::"
            ? [] : [Self.urlHost(options.host)]
        router = WebRequestRouter(
            policy: WebAccessPolicy(
                token: token, port: port, allowedOrigins: options.allowedOrigins,
                extraHosts: extraHosts),
            files: ViewerFiles.files)
    }

    /// 128 random bits from the kernel, as 32 hex digits.
    static func randomToken() -> String? {
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 16)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, 16) }
        guard n == 16 else { return nil }
        let digits = Array("0123456789abcdef".utf8)
        return String(
            decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The host as a URL writes it; a wildcard address is reached through loopback.
    static func urlHost(_ host: String) -> String {
        if host == "0.0.0.0" { return "127.0.0.1" }
        if host == "::" { return "[::1]" }
        return host.contains(":") ? "[\(host)]" : host
    }

    var address: String { "\(Self.urlHost(host)):\(port)" }
    var namesPeerUser: Bool { false }
    var connectionKind: ConnectionKind { .web }
    var token: String { router.policy.token }
    var viewerURL: String { "http://\(Self.urlHost(host)):\(port)/?token=\(token)" }
    var webSocketURL: String { "ws://\(Self.urlHost(host)):\(port)/?token=\(token)" }

    /// Writes `web.json` (0600) into `directory`, atomically.
    func writeDiscoveryFile(in directory: String) -> Bool {
        let path = directory + "/web.json"
        let temporary = path + ".\(getpid()).tmp"
        let json = """
            {"url": "\(viewerURL)", "ws": "\(webSocketURL)", "token": "\(token)", "pid": \(getpid())}

            """
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return false }
        let bytes = Array(json.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, 0o600)
        Glibc.close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        discoveryPath = path
        return true
    }

    /// Stops listening; removes `web.json` unless another daemon replaced it since.
    func close() {
        listener.close()
        guard let path = discoveryPath else { return }
        discoveryPath = nil
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        Glibc.close(fd)
        let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
        if text.contains("\"token\": \"\(token)\"") { unlink(path) }
    }
}
