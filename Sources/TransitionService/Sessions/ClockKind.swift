import TransitionEngine

/// Whether a session's time follows the machine's monotonic clock or moves only with
/// `clock/advance`.
enum ClockKind: String, CaseIterable, Sendable {
    case realtime
    case manual
}
