import JSONRPC
import TransitionEngine
import TransitionProtocol

/// All sessions of the daemon and the methods that act on them. It owns no I/O and no
/// clock: the time (monotonic nanoseconds) is passed in; methods return typed results,
/// and the notifications they cause wait as `Emission`s until `takeEmissions()`.
package final class SessionHost {
    /// The sessions in creation order: walked at every realtime wake-up, and searched by
    /// id (`liveSession(_:)`; no dictionary by id, which cost each session 50 bytes).
    private(set) var ordered: [Session] = []
    private var nextSessionNumber = 1
    /// Each connection's process id, from its `initialize`; `session/list` shows the
    /// owner's.
    private var processIDs: [ConnectionID: Int64] = [:]
    /// The connections whose wire carries binary frames: only they may create or
    /// subscribe to a session with binary ticks. (An array: a set of its own would
    /// cost the WebAssembly module a specialization.)
    private var binaryConnections: [ConnectionID] = []
    package let limits: ServiceLimits
    /// The texts of the doubles ticks wrote, for the next ticks of every session.
    private(set) lazy var doubleTexts = DoubleTexts()
    /// Notifications caused since the last `takeEmissions()`, in order.
    private var outbox: [Emission] = []
    /// Called after a session of at least `largeSessionItems` items is removed, so the
    /// daemon can hand the freed memory back to the system.
    package var onLargeSessionRemoved: (() -> Void)?
    static let largeSessionItems = 10_000
    /// Whether durable sessions (named, `keepAlive`) report their changes at rest through
    /// `takeStateChanges()`; off unless the host keeps state files (the daemon on a socket).
    package var recordsDurableState = false
    /// Names of the durable sessions changed or disposed since `takeStateChanges()`, each once.
    var changedDurableNames: [String] = []
    /// The documents whose previews are sessions, by session id (`session/list`'s
    /// `document`): kept here, not in every session, which would cost each of them; an
    /// array of the few there are (a dictionary of its own would cost the WebAssembly
    /// module a specialization).
    private var documentURIs: [(session: String, uri: String)] = []

    package init(limits: ServiceLimits = ServiceLimits()) {
        self.limits = limits
    }

    /// The notifications caused since the last call, in the order they were caused.
    func takeEmissions() -> [Emission] {
        guard !outbox.isEmpty else { return [] }
        defer { outbox = [] }
        return outbox
    }

    func session(_ id: String) throws(ResponseError) -> Session {
        guard let s = liveSession(id) else { throw .unknownSession(id) }
        return s
    }

    /// The live session with id `id`, if any: a binary search of `ordered`. Ids are
    /// `s` and a number counting up, so in creation order a shorter id comes first and
    /// ids of one length are in byte order.
    func liveSession(_ id: String) -> Session? {
        func precedes(_ a: String, _ b: String) -> Bool {
            let (m, n) = (a.utf8.count, b.utf8.count)
            return m != n ? m < n : a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        var low = 0
        var high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(ordered[mid].id, id) { low = mid + 1 } else { high = mid }
        }
        return low < ordered.count && ordered[low].id == id ? ordered[low] : nil
    }

    /// The live session called `name`.
    func session(named name: String) -> Session? {
        ordered.first { $0.name == name }
    }

    /// Records the process id a connection's `initialize` gave (nil: none).
    func identify(_ connection: ConnectionID, processID: Int64?) {
        processIDs[connection] = processID
    }

    /// Connection `connection` carries binary frames (a WebSocket, the in-page engine's
    /// messages).
    package func noteBinaryFrames(on connection: ConnectionID) {
        binaryConnections.append(connection)
    }

    /// The encodings `connection` may choose: binary only where binary frames travel.
    func encodings(for connection: ConnectionID) -> [AttributeEncoding] {
        AttributeEncoding.allCases.filter {
            $0 != .binary || binaryConnections.contains(connection)
        }
    }

    var layoutLimits: LayoutLimits { LayoutLimits(maxItems: limits.maxItemsPerSession) }

    // MARK: Sessions

    func create(_ r: SessionCreateRequest, connection: ConnectionID, now: UInt64)
        throws(ResponseError) -> SessionCreated
    {
        let owned = ordered.filter { $0.owner == connection }.count
        guard owned < limits.maxSessionsPerConnection else {
            throw .limit(
                "sessions per connection", limits.maxSessionsPerConnection, flag: "--max-sessions")
        }
        guard r.fps >= 1, r.fps <= limits.maxFPS else {
            throw .invalid(
                ValidationError(
                    field: "fps", message: "must be an integer from 1 to \(limits.maxFPS)"))
        }
        if r.format.encoding == .binary, !binaryConnections.contains(connection) {
            throw .invalid(
                ValidationError(
                    field: "encoding",
                    message:
                        "binary ticks travel in binary frames, which only a WebSocket (or the in-page engine) carries: use compact here"
                ))
        }
        if let name = r.name {
            do {
                try SessionName.validate(name)
            } catch {
                throw .invalid(error)
            }
            if let holder = session(named: name) { throw .nameTaken(name, by: holder.id) }
        }
        let scene = try answeringRefusals(of: "") { () throws(SceneError) in
            try Scene(
                spec: r.layout, model: r.model, viewport: r.viewport,
                contentOffset: r.contentOffset, limits: layoutLimits)
        }
        let id = nextSessionID()
        let session = Session(
            id: id, name: r.name, scene: scene, clock: r.clock, fps: r.fps, format: r.format,
            owner: connection,
            keepAlive: r.keepAlive, origin: now)
        session.reducedMotion = r.reducedMotion
        add(session)
        noteRestingChange(session)
        return SessionCreated(
            session: id, name: r.name, contentSize: scene.placed.layout.contentSize,
            contentOffset: scene.placed.contentOffset)
    }

    /// A new session id: `s1`, `s2` ...
    func nextSessionID() -> String {
        defer { nextSessionNumber += 1 }
        return "s\(nextSessionNumber)"
    }

    func add(_ session: Session) {
        ordered.append(session)
    }

    func update(_ r: SessionUpdateRequest) throws(ResponseError) -> RestingState {
        let s = try session(r.session)
        var viewport: Viewport? = nil
        if r.viewportSize != nil || r.contentInset != nil {
            viewport = Viewport(
                size: r.viewportSize ?? s.scene.placed.viewport.size,
                contentInset: r.contentInset ?? s.scene.placed.viewport.contentInset)
        }
        // `reducedMotion` alone changes nothing in flight: the next transition follows it.
        if !r.changesMotionOnly {
            try answeringRefusals(of: s.id) { () throws(SceneError) in
                try s.scene.update(spec: r.layout, model: r.model, viewport: viewport)
            }
        }
        if let reduced = r.reducedMotion { s.reducedMotion = reduced }
        noteRestingChange(s)
        return restingState(s)
    }

    func scroll(_ r: SessionScrollRequest) throws(ResponseError) -> ScrollResult {
        let s = try session(r.session)
        _ = try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.scroll(to: r.contentOffset)
        }
        noteRestingChange(s)
        return ScrollResult(contentOffset: s.scene.placed.contentOffset)
    }

    private func restingState(_ s: Session) -> RestingState {
        RestingState(
            contentSize: s.scene.placed.layout.contentSize,
            contentOffset: s.scene.placed.contentOffset)
    }

    func dispose(_ id: String, now: UInt64) throws(ResponseError) {
        let s = try session(id)
        remove(s, now: now)
        noteRestingChange(s)
    }

    private func remove(_ s: Session, now: UInt64) {
        let time = s.time(at: now)
        let offset = s.scene.frame(at: time)?.contentOffset
        if let ended = s.scene.dispose(at: time) {
            sendDidEnd(s, id: ended.id, end: ended.end, time: time, contentOffset: offset)
        }
        ordered.removeAll { $0 === s }
        if !documentURIs.isEmpty { documentURIs.removeAll { $0.session == s.id } }
        if s.scene.model.totalCount >= Self.largeSessionItems { onLargeSessionRemoved?() }
    }

    func list(connection: ConnectionID) -> SessionList {
        SessionList(
            sessions: ordered.map { s in
                SessionList.Entry(
                    session: s.id, name: s.name, ownerProcessID: s.owner.flatMap { processIDs[$0] },
                    subscribers: s.subscribers.count, clock: s.clock, rate: s.rate, fps: s.fps,
                    format: s.format,
                    state: s.state,
                    items: s.scene.model.totalCount, layoutState: s.scene.placed.layout.stateName,
                    owned: s.owner == connection, subscribed: s.subscribers.contains(connection),
                    keepAlive: s.keepAlive, reducedMotion: s.reducedMotion,
                    document: documentURIs.first { $0.session == s.id }?.uri)
            })
    }

    func subscribe(_ target: SessionTarget, connection: ConnectionID) throws(ResponseError)
        -> SessionSubscribed
    {
        let s: Session
        switch target {
        case .id(let id): s = try session(id)
        case .name(let name):
            guard let named = session(named: name) else { throw .unknownSessionName(name) }
            s = named
        }
        if s.format.encoding == .binary, !binaryConnections.contains(connection) {
            let field: String
            switch target {
            case .id: field = "session"
            case .name: field = "name"
            }
            throw .invalid(
                ValidationError(
                    field: field,
                    message:
                        "session '\(s.id)' sends binary ticks, in binary frames this connection cannot carry (subscribe over a WebSocket)"
                ))
        }
        s.subscribers.insert(connection)
        return SessionSubscribed(
            resting: restingState(s), state: s.state, session: s.id, name: s.name,
            clock: s.clock, fps: s.fps)
    }

    /// Session `id` no longer ends with the connection that created it: it is the
    /// preview of the document at `document` (a URI), which disposes it (the language
    /// server's previews outlive any one editor's connection). Its ticks go to its
    /// subscribers only.
    package func makeDocumentPreview(_ id: String, document: String) throws(ResponseError) {
        try session(id).owner = nil
        documentURIs.append((id, document))
    }

    /// What session `id` ticks on (`realtime` or `manual`) and how often, if it is live.
    package func clock(of id: String) -> (clock: String, fps: Int)? {
        liveSession(id).map { ($0.clock.rawValue, $0.fps) }
    }

    func unsubscribe(_ id: String, connection: ConnectionID) throws(ResponseError) {
        try session(id).subscribers.remove(connection)
    }

    func attributes(_ r: LayoutAttributesRequest) throws(ResponseError) -> AttributesResult {
        let s = try session(r.session)
        let placed = s.scene.placed
        let rect = r.all ? Rect.everything : (r.rect ?? placed.visibleRect)
        let list = try bounded { limit, list in
            placed.layout.forEachAttributes(in: rect, limit: limit) { list.append($0) }
        }
        return AttributesResult(
            contentSize: placed.layout.contentSize, contentOffset: placed.contentOffset,
            state: s.state,
            attributes: list, format: s.format, kinds: s.scene.kinds)
    }

    /// Collects what `query` appends, refusing more than the per-response limit; the
    /// query is asked for one more than the limit, so it stops early.
    func bounded(_ query: (Int, inout AttributeColumns) -> Bool)
        throws(ResponseError) -> AttributeColumns
    {
        var list = AttributeColumns()
        let limit = limits.maxAttributesPerResponse
        let complete = query(limit + 1, &list)
        guard complete, list.count <= limit else {
            throw ResponseError(
                code: .limitExceeded,
                message: "More than \(limit) attributes: ask for a smaller rect",
                data: ["limit": .integer(Int64(limit))])
        }
        return list
    }

    /// A connection went away: its sessions end unless kept alive, its subscriptions go.
    func connectionClosed(_ connection: ConnectionID, now: UInt64) {
        processIDs[connection] = nil
        binaryConnections.removeAll { $0 == connection }
        for s in ordered {
            s.subscribers.remove(connection)
            if s.owner == connection {
                if s.keepAlive { s.owner = nil } else { remove(s, now: now) }
            }
        }
    }

    // MARK: Output

    /// Emits the didEnd of transition `id`; the offset is the session's at rest unless
    /// given (a disposed session has no layout left to rest in).
    func sendDidEnd(
        _ s: Session, id: Int, end: TransitionEnd, time: Double, contentOffset: Point? = nil
    ) {
        let payload = TransitionDidEnd(
            session: s.id, transition: id, end: end,
            contentOffset: contentOffset ?? s.scene.placed.contentOffset, time: time)
        emit(Emission(session: s.id, payload: .didEnd(payload), audience: s.audience))
        if !s.isAnimating { s.stopPacing() }
    }

    func emit(_ emission: Emission) {
        guard !emission.audience.isEmpty else { return }
        outbox.append(emission)
    }
}
