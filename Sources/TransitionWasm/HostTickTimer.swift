import TransitionService

/// The realtime ticks' one deadline, kept for the host to read: it calls back at that
/// time (a timer in Node, `requestAnimationFrame` in a page).
final class HostTickTimer: TickScheduling {
    /// Monotonic nanoseconds of the next tick, if one is due.
    private(set) var deadline: UInt64?

    func schedule(at deadline: UInt64) { self.deadline = deadline }
    func stop() { deadline = nil }
}
