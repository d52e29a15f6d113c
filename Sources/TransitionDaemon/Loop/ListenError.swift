/// Why a Unix socket could not be served.
enum ListenError: Error, CustomStringConvertible {
    case pathTooLong(path: String, bytes: Int, limit: Int)
    case daemonAlive(path: String)
    case notASocket(path: String)
    case failed(path: String, step: String, reason: String)
    /// `--listen` without a path, and no safe directory for the default one.
    case noDefaultPath(reason: String)

    var description: String {
        switch self {
        case .pathTooLong(let path, let bytes, let limit):
            return "socket path '\(path)' is \(bytes) bytes; the limit is \(limit) (sun_path)"
        case .daemonAlive(let path):
            return "a daemon is already serving '\(path)'; stop it or choose another path"
        case .notASocket(let path):
            return "'\(path)' exists and is not a socket; not replacing it"
        case .failed(let path, let step, let reason):
            return "cannot \(step) '\(path)': \(reason)"
        case .noDefaultPath(let reason):
            return "no safe default socket path: \(reason)"
        }
    }
}
