import TransitionEngine

/// Identifies a client connection within the daemon.
package typealias ConnectionID = Int

/// One transition session: a scene, how its time runs, and who watches it.
final class Session {
    let id: String
    /// The name other clients find it by (`session/subscribe {name}`), unique among
    /// live sessions.
    let name: String?
    var scene: Scene
    let clock: ClockKind
    let fps: Int
    let format: AttributeFormat
    /// The connection that created it; nil once that connection closed (keepAlive).
    var owner: ConnectionID?
    /// Other connections that receive its ticks and didEnd.
    var subscribers: Set<ConnectionID> = []
    let keepAlive: Bool
    /// Whether its client's user asked for reduced motion (`session/create`, `update`).
    var reducedMotion = false
    /// Ticks produced so far (a gap in a client's seq shows ticks it skipped).
    var seq = 0
    /// The session's clock in seconds: manual time, or the realtime origin.
    var manualTime = 0.0
    let origin: UInt64
    /// How fast the session's time runs against its clock (`clock/setRate`); 1 is
    /// normal speed.
    private(set) var rate = 1.0
    /// A realtime session's time and the monotonic reading when its rate last changed:
    /// its time runs on from there at `rate`.
    private var rateAnchor: (time: Double, now: UInt64)
    /// Realtime pacing: tick k is due at `pacingStart + k * 1e9 / fps` (monotonic ns),
    /// computed from k rather than by adding a rounded period, so nothing drifts.
    private(set) var pacingStart: UInt64 = 0
    private(set) var pacingIndex: UInt64 = 0
    /// Whether ticks are due (a transition is animating, or one tick is owed).
    private(set) var isPacing = false

    // Read on every tick through an in-place access: `scene.isAnimating` and the like
    // through the class property copied the whole scene each time (4% of the fan-out's
    // daemon samples in a profile).

    /// Whether the scene has a transition in flight.
    var isAnimating: Bool { inPlace { $0.isAnimating } }
    /// The phase of the transition in flight.
    var activePhase: Animator.Phase? { inPlace { $0.activePhase } }
    /// The scene's element kinds.
    var kinds: ElementKindTable { inPlace { $0.kinds } }

    private func inPlace<Result>(_ read: (inout Scene) -> Result) -> Result { read(&scene) }

    /// Starts a fresh tick grid at `now` (the first tick is due at once), unless one runs.
    func beginPacing(at now: UInt64, restart: Bool = false) {
        guard restart || !isPacing else { return }
        pacingStart = now
        pacingIndex = 0
        isPacing = true
    }

    func stopPacing() {
        isPacing = false
    }

    /// The next tick's deadline, while pacing.
    var nextDeadline: UInt64? {
        isPacing ? pacingStart + pacingIndex * 1_000_000_000 / UInt64(fps) : nil
    }

    /// The time the tick due now carries: its deadline, or, when the session fell more
    /// than a period behind (the process was stopped, the loop was held), the latest grid
    /// point at or before `now`, so the first tick after a pause shows the present.
    func dueGridPoint(now: UInt64) -> UInt64? {
        guard let deadline = nextDeadline else { return nil }
        guard deadline + period < now else { return deadline }
        let k = (now - pacingStart) * UInt64(fps) / 1_000_000_000
        return pacingStart + k * 1_000_000_000 / UInt64(fps)
    }

    /// Moves to the first grid point after `now` that is later than the current one
    /// (a session that fell behind skips ticks instead of bursting).
    /// The same test as `dueGridPoint`, so a tick sent for the latest grid point is
    /// followed by the one after it, never by that point again.
    func advancePacing(past now: UInt64) {
        if let d = nextDeadline, d + period < now {
            pacingIndex = (now - pacingStart) * UInt64(fps) / 1_000_000_000 + 1
        } else {
            pacingIndex += 1
        }
    }

    init(
        id: String, name: String?, scene: Scene, clock: ClockKind, fps: Int,
        format: AttributeFormat,
        owner: ConnectionID?, keepAlive: Bool, origin: UInt64
    ) {
        self.id = id
        self.name = name
        self.scene = scene
        self.clock = clock
        self.fps = fps
        self.format = format
        self.owner = owner
        self.keepAlive = keepAlive
        self.origin = origin
        rateAnchor = (0, origin)
    }

    /// Whether its state outlives the daemon: a named `keepAlive` session (when the host
    /// records durable state).
    var isDurable: Bool { keepAlive && name != nil }

    /// The tick period in nanoseconds.
    var period: UInt64 { 1_000_000_000 / UInt64(fps) }

    /// The session's time in seconds at monotonic `now`.
    func time(at now: UInt64) -> Double {
        clock == .manual
            ? manualTime : rateAnchor.time + Double(now &- rateAnchor.now) / 1e9 * rate
    }

    /// The range `clock/setRate` accepts.
    static let rates: ClosedRange<Double> = 0.01...100

    /// Runs the session's time at `rate` from monotonic `now` on (its time so far is kept).
    func setRate(_ rate: Double, at now: UInt64) {
        if clock == .realtime { rateAnchor = (time(at: now), now) }
        self.rate = rate
    }

    /// Every connection that hears from this session.
    var audience: [ConnectionID] {
        var list = subscribers.sorted()
        if let owner, !subscribers.contains(owner) { list.insert(owner, at: 0) }
        return list
    }

    /// `idle`, or the animator's phase.
    var state: String {
        scene.activePhase?.rawValue ?? "idle"
    }
}
