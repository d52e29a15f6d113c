import CLibUV
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP server on one address: accepts clients as `Stream`s with Nagle's algorithm off
/// (replies and ticks are small and latency-bound) and keepalive on (a peer that
/// vanished without a FIN is noticed).
final class TCPListener {
    private var handle: LoopHandle<uv_tcp_t>!
    private let loop: EventLoop
    var onConnection: ((Stream) -> Void)?
    /// The port bound (the one the kernel chose for port 0).
    private(set) var port = 0

    /// Seconds of silence before the kernel probes a client.
    static let keepAliveSeconds: UInt32 = 30

    /// Binds `host:port` (an IPv4 or IPv6 literal) and listens.
    init(loop: EventLoop, host: String, port: Int, backlog: Int = 128) throws(ListenError) {
        self.loop = loop
        var storage = sockaddr_storage()
        let parsed = withUnsafeMutablePointer(to: &storage) { p -> Int32 in
            if host.contains(":") {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    uv_ip6_addr(host, Int32(port), $0)
                }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                uv_ip4_addr(host, Int32(port), $0)
            }
        }
        let address = "\(host):\(port)"
        guard parsed == 0 else {
            throw .failed(
                path: address, step: "parse the address", reason: "not an IPv4 or IPv6 address")
        }
        do {
            handle = try LoopHandle(loop: loop, owner: self, "uv_tcp_init") {
                uv_tcp_init(loop.raw, $0)
            }
        } catch {
            throw .failed(path: address, step: "open a socket for", reason: error.description)
        }
        let bound = withUnsafePointer(to: &storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_bind(handle.raw, $0, 0) }
        }
        guard bound == 0 else {
            close()
            throw .failed(path: address, step: "bind", reason: UVError.describe(bound))
        }
        let listening = uv_listen(asStream(handle.raw), Int32(clamping: Swift.max(backlog, 128))) {
            server, status in
            guard status == 0 else { return }
            LoopHandle.owner(
                of: server.map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: uv_tcp_t.self)
                },
                as: TCPListener.self)?
                .accept()
        }
        if listening != 0 {
            close()
            throw .failed(path: address, step: "listen on", reason: UVError.describe(listening))
        }
        self.port = boundPort()
    }

    private func boundPort() -> Int {
        var storage = sockaddr_storage()
        var length = Int32(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                uv_tcp_getsockname(handle.raw, $0, &length)
            }
        }
        guard status == 0 else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { p -> Int in
            if family == sa_family_t(AF_INET6) {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    private func accept() {
        let client = UnsafeMutablePointer<uv_tcp_t>.allocate(capacity: 1)
        guard uv_tcp_init(loop.raw, client) == 0 else {
            client.deallocate()
            return
        }
        guard uv_accept(asStream(handle.raw), asStream(client)) == 0 else {
            uv_close(asHandle(client)) { $0.map { UnsafeMutableRawPointer($0).deallocate() } }
            return
        }
        uv_tcp_nodelay(client, 1)
        uv_tcp_keepalive(client, 1, Self.keepAliveSeconds)
        onConnection?(Stream(loop: loop, memory: UnsafeMutableRawPointer(client), kind: "tcp"))
    }

    /// Stops listening.
    func close() {
        guard handle.isOpen else { return }
        onConnection = nil
        handle.close()
    }
}
