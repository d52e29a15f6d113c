import JSONRPC

/// Collects what notification handlers received (tests run on one thread per test).
final class NotificationLog: @unchecked Sendable {
    var updates: [[Int]] = []
    var initialized = 0
}
