import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// A transition document (`--spec <file>` of `render` and `export`, the DOC of `record`
/// and `check`): `{"session": <session/create params>, "transition": <transition/start
/// params without "session">}` (Protocol/README.md 17), read by the daemon's
/// `document/check`; without a file, the list -> grid switch of the seed apps.
struct TransitionSpecFile {
    var session: JSONValue
    var transition: JSONObject
    /// What `document/check` answered for a valid document: duration, content sizes.
    var summary: JSONValue?

    /// The seed apps' list -> grid switch (100 items, manual clock).
    static let seedApps = TransitionSpecFile(
        session: SeedApps.session(items: 100, clock: "manual", fps: 60),
        transition: SeedApps.transition(
            to: SeedApps.grid, duration: SeedApps.duration, timing: SeedApps.timing))

    /// Reads the document at `path` ('-': standard input) and has `client`'s daemon check
    /// it: warnings go to standard error as `path:line:column: warning: field: message`,
    /// errors are the failure's lines.
    init(path: String, client: DaemonClient) throws {
        let bytes = try StandardInput.contents(of: path)
        let outcome = try client.request(
            .documentCheck, ["text": .string(String(decoding: bytes, as: UTF8.self))])
        let result: JSONValue
        switch outcome {
        case .success(let value): result = value
        case .failure(let error) where error.code == .methodNotFound:
            // A daemon without document/check (the WebAssembly module): the document's
            // two objects go to the methods as they are, which check them.
            try self.init(withoutCheck: bytes, path: path, client: client)
            return
        case .failure(let error):
            throw Failure(
                "document/check failed: \(error.message) (code \(error.code.rawValue))",
                details: [error.json.jsonText])
        }
        var errors: [String] = []
        for diagnostic in result["diagnostics"]?.arrayValue ?? [] {
            let isError = diagnostic["severity"]?.int64Value == 1
            let line = Self.describe(diagnostic, in: path, severity: isError ? "error" : "warning")
            if isError { errors.append(line) } else { Console.error(line) }
        }
        guard result["valid"]?.boolValue == true,
            case .object(let transition)? = result["document"]?["transition"],
            let session = result["document"]?["session"]
        else {
            throw Failure("\(path): not a valid transition document", details: errors)
        }
        self.init(session: session, transition: transition)
        summary = result["summary"]
    }

    /// The document read by its shape alone, for a daemon that cannot check it; the
    /// summary (its duration) from a `transition/start` on a session of its own.
    private init(withoutCheck bytes: [UInt8], path: String, client: DaemonClient) throws {
        guard let value = try? JSONValue(parsing: bytes),
            case .object(let session)? = value["session"],
            case .object(let transition)? = value["transition"]
        else {
            throw Failure(
                "\(path): expected a transition document {\"session\": {...}, \"transition\": {...}}"
            )
        }
        self.init(session: .object(session), transition: transition)
        let created = try client.call(.sessionCreate, .object(session))
        guard let id = created["session"] else { return }
        defer { _ = try? client.call(.sessionDispose, ["session": id]) }
        var start = transition
        start["session"] = id
        let started = try client.call(.transitionStart, .object(start))
        summary = ["duration": started["duration"] ?? .null]
    }

    /// `path:line:column: severity: field: message`, with the line and column counted
    /// from 1.
    static func describe(_ diagnostic: JSONValue, in path: String, severity: String) -> String {
        let start = diagnostic["range"]?["start"]
        let line = (start?["line"]?.int64Value ?? 0) + 1
        let column = (start?["character"]?.int64Value ?? 0) + 1
        let field = diagnostic["data"]?["field"]?.stringValue.map { "\($0): " } ?? ""
        let message = diagnostic["message"]?.stringValue ?? ""
        return "\(path):\(line):\(column): \(severity): \(field)\(message)"
    }

    init(session: JSONValue, transition: JSONObject) {
        self.session = session
        self.transition = transition
    }

    /// Writes `text` to `path` ('-': standard output).
    static func write(_ text: String, to path: String) throws {
        if path == "-" {
            Console.out(text)
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure("cannot write '\(path)': \(FileDescriptor.errorText)") }
        defer { close(fd) }
        guard FileDescriptor.writeAll(fd, Array(text.utf8)) else {
            throw Failure("cannot write '\(path)': \(FileDescriptor.errorText)")
        }
    }
}
