/// How much the daemon logs, least first; `--log-level` takes the names.
public enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case error
    case warning
    case info
    case debug

    public static func < (a: LogLevel, b: LogLevel) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        case .debug: return 3
        }
    }

    package var name: String { rawValue }
}
