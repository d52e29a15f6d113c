import TransitionService

/// Log lines go to the host in the outbox, tagged with their level; the host writes them
/// where its platform keeps them (standard error, the console).
final class OutboxLog: LogSink {
    private let outbox: OutboxRef

    init(outbox: OutboxRef) { self.outbox = outbox }

    func write(_ level: LogLevel, _ message: String) {
        let rank: UInt32
        switch level {
        case .error: rank = 0
        case .warning: rank = 1
        case .info: rank = 2
        case .debug: rank = 3
        }
        outbox.value.append(.log, subject: rank, payload: Array(message.utf8))
    }
}
