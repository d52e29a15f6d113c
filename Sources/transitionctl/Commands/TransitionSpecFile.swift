import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The `--spec <file>` of `render` and `export`: a JSON object {"session": <session/create
/// params>, "transition": <transition/start params without "session">}; without a file,
/// the list -> grid switch of the seed apps.
struct TransitionSpecFile {
    var session: JSONValue
    var transition: JSONObject

    /// The seed apps' list -> grid switch (100 items, manual clock).
    static let seedApps = TransitionSpecFile(
        session: SeedApps.session(items: 100, clock: "manual", fps: 60),
        transition: SeedApps.transition(
            to: SeedApps.grid, duration: SeedApps.duration, timing: SeedApps.timing))

    /// Reads `path` ('-': standard input).
    init(path: String) throws {
        let bytes = try StandardInput.contents(of: path)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw Failure("--spec \(path): not JSON: \(error)")
        }
        guard case .object(let session)? = value["session"],
            case .object(let transition)? = value["transition"]
        else {
            throw Failure("--spec \(path): expected {\"session\": {...}, \"transition\": {...}}")
        }
        guard transition["to"] != nil else {
            throw Failure("--spec \(path): \"transition\" needs \"to\" (the destination layout)")
        }
        self.init(session: .object(session), transition: transition)
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
