import JSONRPC
import TransitionFilm
import TransitionProtocol

/// Plays the demo in the terminal: draws every tick in place, reads keys in raw mode,
/// and drives the session (animated switches, or scrubbing).
final class DemoPlayer {
    /// The two layouts the demo switches between.
    enum Layout {
        case list, grid

        var name: String { self == .list ? "list" : "grid" }
        var spec: JSONValue { self == .list ? SeedApps.list : SeedApps.grid }
        var other: Layout { self == .list ? .grid : .list }
    }

    private let client: DaemonClient
    private let demo: DemoCommand
    private let session: String
    private var raw: RawMode?
    private var display = InPlaceDisplay()
    private var boxes: [ElementBox] = []
    private var offset = (x: 0.0, y: 0.0)
    private var status = DemoStatus()
    private var needsDraw = true
    /// A transition is in flight (no didEnd yet).
    private var inFlight = false
    private var origin = "list"
    private var target = Layout.grid
    /// Where the next scrubbed transition goes.
    private var nextTarget = Layout.grid
    /// One line per ended transition, printed when the demo ends.
    private var ends: [String] = []
    private var hasEnded = false

    /// Creates the session, switches the keyboard to raw mode (when standard input is a
    /// terminal), hides the cursor and draws the list.
    init(client: DaemonClient, demo: DemoCommand) throws {
        self.client = client
        self.demo = demo
        session = try demo.createSession(client)
        if FileDescriptor.isTerminal(0) { raw = try RawMode(fd: 0) }
        Console.out("\u{1B}[?25l")
        status.title =
            "transitionctl demo: \(demo.items) items, list -> grid, \(Format.short(demo.duration)) s \(demo.timing)"
        status.keys =
            demo.scrub
            ? [
                "keys  ←/h →/l  scrub 5%", "      f finish   c cancel",
                "      space cancel in place", "      q quit",
            ]
            : ["keys  q quit"]
        status.transition = "list"
        status.state = demo.scrub ? "press l or → to start" : ""
        let resting = try client.call(.layoutAttributes, ["session": .string(session)])
        boxes = ElementBox.decode(resting["attributes"])
        offset = (resting["contentOffset"]?.pointX ?? 0, resting["contentOffset"]?.pointY ?? 0)
        status.visible = boxes.count
        draw()
    }

    /// Restores the terminal and prints how each transition ended. Safe to call twice.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        raw?.restore()
        Console.out("\u{1B}[?25h")
        display.finish()
        for line in ends { Console.line(line) }
    }

    // MARK: Animated switches

    /// list -> grid, hold, grid -> list (again and again with --loop), until q.
    func play() throws {
        do {
            repeat {
                try animate(to: .grid)
                try hold(demo.hold)
                try animate(to: .list)
                if demo.loop { try hold(demo.hold) }
            } while demo.loop
        } catch is DemoQuit {}
    }

    private func animate(to layout: Layout) throws {
        origin = layout.other.name
        target = layout
        let started = try client.call(
            .transitionStart, demo.startParams(session: session, to: layout.spec),
            onNotification: handle)
        inFlight = true
        status.transition = "\(started["transition"]?.stringValue ?? "") \(origin) → \(target.name)"
        status.state = "running"
        let deadline = MonotonicClock.now + demo.duration + client.timeout
        while inFlight {
            try wait(until: deadline) { _ in }
            if MonotonicClock.now >= deadline && inFlight {
                throw Failure(
                    "no transition/didEnd within \(Format.seconds(demo.duration + client.timeout)) s"
                )
            }
        }
    }

    // MARK: Flick (--release)

    /// list -> grid and back, each an interactive transition panned and then released
    /// (again and again with --loop), until q.
    func flick() throws {
        do {
            repeat {
                try flick(to: .grid)
                try hold(demo.hold)
                try flick(to: .list)
                if demo.loop { try hold(demo.hold) }
            } while demo.loop
        } catch is DemoQuit {}
    }

    private func flick(to layout: Layout) throws {
        origin = layout.other.name
        target = layout
        let started = try client.call(
            .transitionStart,
            demo.startParams(session: session, to: layout.spec, interactive: true),
            onNotification: handle)
        inFlight = true
        status.transition = "\(started["transition"]?.stringValue ?? "") \(origin) → \(target.name)"
        status.state = "panning"
        let released = try demo.pan(client, session: session) { [unowned self] n in
            self.handle(n)
            self.draw()
        }
        let decision = released["decision"]?.stringValue ?? "?"
        let projected = released["projectedProgress"]?.doubleValue ?? 0
        let velocity = released["velocity"]?.doubleValue ?? 0
        status.state =
            "released at \(Format.short(velocity))/s: rests at \(Format.short(projected)) -> \(decision)"
        needsDraw = true
        let deadline = MonotonicClock.now + 60 + client.timeout
        while inFlight {
            try wait(until: deadline) { _ in }
            if MonotonicClock.now >= deadline && inFlight {
                throw Failure("no transition/didEnd after the release")
            }
        }
    }

    private func hold(_ seconds: Double) throws {
        let deadline = MonotonicClock.now + seconds
        while MonotonicClock.now < deadline {
            try wait(until: deadline) { _ in }
        }
    }

    // MARK: Scrubbing

    /// Reads keys until q: scrub, finish, cancel, cancel in place; after an end, the next
    /// scrub key starts the next transition.
    func scrub() throws {
        do {
            while true {
                try wait(until: nil) { key in try self.scrubKey(key) }
            }
        } catch is DemoQuit {}
    }

    private func scrubKey(_ key: Key) throws {
        switch key {
        case .left, .character(UInt8(ascii: "h")): try step(-0.05)
        case .right, .character(UInt8(ascii: "l")): try step(0.05)
        case .character(UInt8(ascii: "f")): try leg(.transitionFinish, state: "finishing")
        case .character(UInt8(ascii: "c")): try leg(.transitionCancel, state: "cancelling")
        case .character(UInt8(ascii: " ")):
            try leg(.transitionCancelInPlace, state: "cancelled in place")
        default: break
        }
    }

    private func step(_ delta: Double) throws {
        if !inFlight {
            let started = try client.call(
                .transitionStart,
                demo.startParams(session: session, to: nextTarget.spec, interactive: true),
                onNotification: handle)
            inFlight = true
            target = nextTarget
            status.transition =
                "\(started["transition"]?.stringValue ?? "") \(origin) → \(target.name)"
            status.progress = 0
        }
        let p = ((Swift.min(1, Swift.max(0, status.progress + delta))) * 1000).rounded() / 1000
        let result = try client.call(
            .transitionScrub, ["session": .string(session), "progress": .double(p)],
            onNotification: handle)
        status.progress = result["progress"]?.doubleValue ?? p
        status.state = "paused (scrubbing)"
        needsDraw = true
    }

    private func leg(_ method: RequestMethod, state: String) throws {
        guard inFlight else {
            status.state = "no transition: press l or h"
            needsDraw = true
            return
        }
        // The didEnd of cancelInPlace arrives before its response: set the state first.
        status.state = state
        _ = try client.call(method, ["session": .string(session)], onNotification: handle)
        needsDraw = true
    }

    // MARK: Events

    /// Waits for messages and keys until `deadline`, handling them, then draws.
    private func wait(until deadline: Double?, onKey: (Key) throws -> Void) throws {
        var event = try client.poll(until: deadline, watching: raw == nil ? nil : 0)
        while true {
            switch event {
            case .notification(let n):
                handle(n)
            case .inputReady:
                for key in Key.read(fd: 0) {
                    switch key {
                    case .interrupt, .hangup, .character(UInt8(ascii: "q")),
                        .character(UInt8(ascii: "Q")):
                        throw DemoQuit()
                    default:
                        break
                    }
                    try onKey(key)
                }
            case .response:
                break
            case .timeout:
                draw()
                return
            }
            if Console.isOutputClosed { throw DemoQuit() }
            // Take everything already there before drawing once.
            event = try client.poll(until: MonotonicClock.now, watching: raw == nil ? nil : 0)
        }
    }

    private func handle(_ n: Notification) {
        guard let p = n.params, p["session"]?.stringValue == session else { return }
        if n.isTick, let moment = try? TransitionTick.Moment(json: JSONCursor(p)) {
            boxes = ElementBox.decode(p["attributes"])
            offset = (p["contentOffset"]?.pointX ?? 0, p["contentOffset"]?.pointY ?? 0)
            status.time = moment.time
            status.fraction = moment.fraction
            status.progress = moment.progress
            status.visible = boxes.count
            needsDraw = true
        } else if n.isDidEnd, let end = try? TransitionDidEnd(json: JSONCursor(p)) {
            inFlight = false
            let id = end.transition
            let reason = end.reason.rawValue
            ends.append(
                "\(id) \(origin) -> \(target.name): \(reason) at progress \(Format.short(end.progress))"
            )
            switch end.reason {
            case .finished:
                origin = target.name
                nextTarget = target.other
            case .cancelled:
                nextTarget = target
            case .cancelledInPlace, .retargeted, .superseded, .disposed:
                origin = "snapshot"
                nextTarget = target
            }
            status.state = "\(id) ended: \(reason)" + (demo.scrub ? "; l/h: next" : "")
            needsDraw = true
        }
    }

    private func draw() {
        guard needsDraw else { return }
        needsDraw = false
        let terminal = Terminal.size()
        let screen = DemoScreen(terminal: terminal, viewportWidth: 375, viewportHeight: 667)
        status.offsetY = offset.y
        display.draw(
            screen.lines(boxes: boxes, offsetX: offset.x, offsetY: offset.y, status: status),
            terminal: terminal)
    }
}
