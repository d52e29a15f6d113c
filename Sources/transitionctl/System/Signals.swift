import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP become a flag that blocking waits check, so every exit
/// path runs its clean-up (terminal restored, daemon shut down and reaped).
///
/// - Important: the handler only stores the signal number (async-signal-safe); `poll(2)`
///   returns `EINTR` when it arrives, and the waiting code throws `Interrupted`.
enum Signals {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers (without `SA_RESTART`) and ignores SIGPIPE, so writing to a
    /// daemon or reader that went away fails with EPIPE instead of killing the process.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                Signals.received.store(number, ordering: .relaxed)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    /// The signal received so far, if any.
    static var pending: Int32? {
        let n = received.load(ordering: .relaxed)
        return n == 0 ? nil : n
    }

    /// Throws `Interrupted` when a signal arrived.
    static func check() throws(Interrupted) {
        if let n = pending { throw Interrupted(signal: n) }
    }
}
