import JSONRPC
import TransitionEngine

extension SessionHost {
    /// Notes that durable session `s` changed at rest or was disposed (nothing unless the
    /// host records durable state).
    func noteRestingChange(_ s: Session) {
        guard recordsDurableState, s.isDurable, let name = s.name else { return }
        if !changedDurableNames.contains(name) { changedDurableNames.append(name) }
    }

    /// Whether a durable session changed since the last `takeStateChanges()`.
    package var hasStateChanges: Bool { !changedDurableNames.isEmpty }

    /// What became of the durable sessions changed since the last call, one change per
    /// name, in the order they first changed: the state of each live one (encoded now, so
    /// several changes in one call are one write), the removal of each disposed one.
    /// - Complexity: O(k n) for k changed names among n sessions, plus the encoding.
    package func takeStateChanges() -> [SessionStateChange] {
        guard !changedDurableNames.isEmpty else { return [] }
        defer { changedDurableNames.removeAll() }
        return changedDurableNames.map { name in
            if let s = session(named: name), s.isDurable {
                return .write(name: name, bytes: SessionState.encode(s))
            }
            return .remove(name: name)
        }
    }

    /// Makes a session again from its state file, at rest and without an owner (as a
    /// `keepAlive` session whose client left); a realtime clock starts at `now`.
    /// - Returns: the new session's id.
    /// - Throws: what `session/create` would answer for these params (the name taken,
    ///   a layout that does not fit the items, a limit).
    package func restore(_ state: SessionState, now: UInt64) throws(ResponseError) -> String {
        let r = state.request
        guard r.fps >= 1, r.fps <= limits.maxFPS else {
            throw .invalid(
                ValidationError(
                    field: "fps", message: "must be an integer from 1 to \(limits.maxFPS)"))
        }
        if let holder = session(named: state.name) { throw .nameTaken(state.name, by: holder.id) }
        let scene = try answeringRefusals(of: "") { () throws(SceneError) in
            try Scene(
                spec: r.layout, model: r.model, viewport: r.viewport,
                contentOffset: r.contentOffset, limits: layoutLimits)
        }
        let session = Session(
            id: nextSessionID(), name: state.name, scene: scene, clock: r.clock, fps: r.fps,
            format: r.format, owner: nil, keepAlive: true, origin: now)
        session.manualTime = state.time
        session.setRate(state.rate, at: now)
        session.reducedMotion = r.reducedMotion
        add(session)
        return session.id
    }
}
