import TransitionDocuments

#if canImport(Glibc)
    import Glibc
#endif

/// `transitiond --mcp`: standard input's lines to the MCP server, its answers to
/// standard output, one line each, until the input ends. Blocking I/O: one client, and
/// nothing happens between its requests.
enum MCPStdio {
    static func run(_ options: MCPOptions) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let limit = options.limits.maxMessageBytes
        let server = MCPServer(limits: options.limits) { path in readDocument(path, limit: limit) }
        var pending: [UInt8] = []
        /// Set while a line longer than the limit is skipped up to its newline.
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                if skipping {
                    skipping = false
                } else {
                    pending += chunk[start..<index]
                    if let reply = server.handle(line: pending), !writeAll(reply) { return 1 }
                }
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            if !skipping { pending += chunk[start..<count] }
            if pending.count > limit {
                pending.removeAll()
                skipping = true
                let refusal = Array(
                    "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: a line longer than \(limit) bytes\"}}\n"
                        .utf8)
                if !writeAll(refusal) { return 1 }
            }
        }
        if !skipping, let reply = server.handle(line: pending), !writeAll(reply) { return 1 }
        return 0
    }

    /// Writes all of `bytes` to standard output; false when it is closed.
    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                write(1, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// A document's file, up to `limit` bytes.
    private static func readDocument(_ path: String, limit: Int) -> Result<
        [UInt8], DocumentFileError
    > {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(DocumentFileError(reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                return .failure(DocumentFileError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                return .failure(DocumentFileError(reason: "longer than \(limit) bytes"))
            }
        }
    }
}
