import TransitionEngine

/// Whether a session's time follows the machine's monotonic clock or moves only with
/// `clock/advance`.
enum ClockKind: String, CaseIterable, Sendable {
    case realtime
    case manual
}

/// Identifies a client connection within the daemon.
typealias ConnectionID = Int

/// One transition session: a scene, how its time runs, and who watches it.
final class Session {
    let id: String
    var scene: Scene
    let clock: ClockKind
    let fps: Int
    let encoding: AttributeEncoding
    /// The connection that created it; nil once that connection closed (keepAlive).
    var owner: ConnectionID?
    /// Other connections that receive its ticks and didEnd.
    var subscribers: Set<ConnectionID> = []
    let keepAlive: Bool
    /// Ticks produced so far (a gap in a client's seq shows ticks it skipped).
    var seq = 0
    /// The session's clock in seconds: manual time, or the realtime origin.
    var manualTime = 0.0
    let origin: UInt64
    /// Realtime: the next tick's deadline in monotonic nanoseconds, while a transition runs.
    var nextDeadline: UInt64?

    init(
        id: String, scene: Scene, clock: ClockKind, fps: Int, encoding: AttributeEncoding,
        owner: ConnectionID, keepAlive: Bool, origin: UInt64
    ) {
        self.id = id
        self.scene = scene
        self.clock = clock
        self.fps = fps
        self.encoding = encoding
        self.owner = owner
        self.keepAlive = keepAlive
        self.origin = origin
    }

    /// The tick period in nanoseconds.
    var period: UInt64 { 1_000_000_000 / UInt64(fps) }

    /// The session's time in seconds at monotonic `now`.
    func time(at now: UInt64) -> Double {
        clock == .manual ? manualTime : Double(now &- origin) / 1e9
    }

    /// Every connection that hears from this session.
    var audience: [ConnectionID] {
        var list = subscribers.sorted()
        if let owner, !subscribers.contains(owner) { list.insert(owner, at: 0) }
        return list
    }

    /// `idle`, or the animator's phase.
    var state: String {
        scene.active.map { $0.animator.phase.rawValue } ?? "idle"
    }
}
