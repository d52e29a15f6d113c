import JSONRPC
import TransitionEngine

extension SessionHost {
    /// The destination viewport as transition/start takes it: the given parts over the
    /// current viewport; nil when neither is given.
    func destinationViewport(for s: Session, _ p: TransitionSpecParams) -> Viewport? {
        guard p.viewportSize != nil || p.contentInset != nil else { return nil }
        let current = s.scene.active.map { $0.geometry.to.viewport } ?? s.scene.placed.viewport
        return Viewport(
            size: p.viewportSize ?? current.size,
            contentInset: p.contentInset ?? current.contentInset)
    }

    func start(_ r: TransitionStartRequest, now: UInt64) throws(ResponseError) -> TransitionStarted
    {
        let s = try session(r.session)
        let time = s.time(at: now)
        let result = try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.startTransition(
                to: r.spec.to, model: r.spec.model, viewport: destinationViewport(for: s, r.spec),
                options: r.spec.options(inSession: s.reducedMotion),
                timing: r.spec.timing, at: time)
        }
        if let old = result.superseded { sendDidEnd(s, id: old.id, end: old.end, time: time) }
        s.beginPacing(at: now, restart: true)
        return TransitionStarted(result.transition)
    }

    func retarget(_ r: TransitionRetargetRequest, now: UInt64) throws(ResponseError)
        -> TransitionStarted
    {
        let s = try session(r.session)
        let time = s.time(at: now)
        let result = try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.retarget(
                to: r.spec.to, model: r.spec.model, viewport: destinationViewport(for: s, r.spec),
                options: r.spec.options(inSession: s.reducedMotion),
                timing: r.timingGiven ? r.spec.timing : nil, at: time)
        }
        sendDidEnd(s, id: result.retargeted.id, end: result.retargeted.end, time: time)
        s.beginPacing(at: now, restart: true)
        return TransitionStarted(result.transition)
    }

    func scrub(_ r: TransitionScrubRequest, now: UInt64) throws(ResponseError) -> TransitionStatus {
        let s = try session(r.session)
        try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.scrub(to: r.progress, at: s.time(at: now))
        }
        // Realtime: one tick for the change. Manual sessions tick only on clock/advance
        // (advance by 0 to see a scrub), so their tick stream stays fully deterministic.
        s.beginPacing(at: now)
        return status(s, now: now)
    }

    func finish(_ leg: LegParams, cancel: Bool, now: UInt64) throws(ResponseError)
        -> TransitionStatus
    {
        let s = try session(leg.session)
        let time = s.time(at: now)
        try answeringRefusals(of: s.id) { () throws(SceneError) in
            if cancel {
                try s.scene.cancel(
                    at: time, duration: leg.duration, curve: leg.curve, velocity: leg.velocity)
            } else {
                try s.scene.finish(
                    at: time, duration: leg.duration, curve: leg.curve, velocity: leg.velocity)
            }
        }
        s.beginPacing(at: now)
        return status(s, now: now)
    }

    func cancelInPlace(_ id: String, now: UInt64) throws(ResponseError) -> CancelledInPlace {
        let s = try session(id)
        let time = s.time(at: now)
        let ended = try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.cancelInPlace(at: time)
        }
        sendDidEnd(s, id: ended.id, end: ended.end, time: time)
        noteRestingChange(s)
        return CancelledInPlace(
            contentSize: s.scene.placed.layout.contentSize,
            contentOffset: s.scene.placed.contentOffset,
            progress: ended.end.progress)
    }

    func status(_ id: String, now: UInt64) throws(ResponseError) -> TransitionStatus {
        status(try session(id), now: now)
    }

    func status(_ s: Session, now: UInt64) -> TransitionStatus {
        let time = s.time(at: now)
        guard let frame = s.scene.frame(at: time) else {
            return TransitionStatus(
                session: s.id, time: time, rate: s.rate,
                contentOffset: s.scene.placed.contentOffset,
                accessory: s.scene.placed.accessory)
        }
        return TransitionStatus(
            session: s.id, time: time, rate: s.rate, contentOffset: frame.contentOffset,
            accessory: frame.accessory,
            inFlight: .init(
                state: s.state, transition: frame.transitionID, sample: frame.sample,
                reduced: frame.geometry.options.reducedMotion))
    }

    func sample(_ r: TransitionSampleRequest, now: UInt64) throws(ResponseError) -> SampleResult {
        let s = try session(r.session)
        var scene = s.scene
        let time = s.time(at: now)
        if let h = r.hypothetical {
            _ = try answeringRefusals(of: s.id) { () throws(SceneError) in
                try scene.startTransition(
                    to: h.to, model: h.model, viewport: destinationViewport(for: s, h),
                    options: h.options(inSession: s.reducedMotion), timing: h.timing, at: time)
            }
        }
        guard let active = scene.active else { throw .noTransition(s.id) }
        var sample: AnimatorSample
        switch r.moment {
        case .progress(let p):
            guard p.isFinite else {
                throw .invalid(
                    ValidationError(field: "progress", message: "must be a finite number"))
            }
            sample = AnimatorSample(time: time, fraction: 0, progress: p, velocity: 0)
        case .time(let t):
            guard t.isFinite else {
                throw .invalid(ValidationError(field: "time", message: "must be a finite number"))
            }
            // Time is measured from the transition's start for hypothetical samples.
            sample = active.animator.sample(at: r.hypothetical != nil ? time + t : t)
        }
        // Every part of the answer is computed at the same, representable progress.
        let limits = Transition.progressLimits
        sample.progress = Swift.min(
            Swift.max(sample.progress, limits.lowerBound), limits.upperBound)
        let geometry = active.geometry
        let rect =
            r.all
            ? Rect.everything
            : (r.rect ?? geometry.visibleRect(at: sample.progress, carry: sample.carry))
        let list = try bounded { limit, list in
            geometry.gatherAttributes(
                at: sample.progress, carry: sample.carry, in: rect, limit: limit, into: &list)
        }
        return SampleResult(
            sample: sample,
            contentOffset: geometry.contentOffset(at: sample.progress, carry: sample.carry),
            contentSize: geometry.contentSize(at: sample.progress),
            accessory: geometry.accessory(at: sample.progress),
            // A hypothetical transition never existed, so it has no id.
            transition: r.hypothetical == nil ? active.id : nil,
            attributes: list, format: s.format, kinds: scene.kinds)
    }

    // MARK: Time

    /// `clock/advance` for a manual session: move its time and emit the tick.
    func advance(_ r: ClockAdvanceRequest, now: UInt64) throws(ResponseError) -> AdvanceResult {
        let s = try session(r.session)
        guard s.clock == .manual else { throw .notManualClock(s.id) }
        let target: Double
        let field: String
        switch r.step {
        case .to(let time): (target, field) = (time, "to")
        // `by` is clock time, which the session's rate scales; `to` names its time.
        case .by(let seconds): (target, field) = (s.manualTime + seconds * s.rate, "by")
        }
        guard target.isFinite, target >= s.manualTime else {
            throw .invalid(
                ValidationError(
                    field: field,
                    message: "time only moves forward: must reach at least \(s.manualTime)"))
        }
        s.manualTime = target
        let brief = r.reply == .brief
        guard let tick = emitTick(s, time: target, forReply: true, replyRepeats: !brief) else {
            return .idle(session: s.id, time: target)
        }
        return brief ? .brief(tick.payload) : .tick(tick)
    }

    /// `clock/setRate`: how fast the session's time runs against its clock from now on.
    func setRate(_ r: ClockSetRateRequest, now: UInt64) throws(ResponseError) -> ClockRate {
        let s = try session(r.session)
        guard r.rate.isFinite, Session.rates.contains(r.rate) else {
            throw .invalid(
                ValidationError(
                    field: "rate", message: "must be a number from 0.01 to 100, got \(r.rate)"))
        }
        s.setRate(r.rate, at: now)
        noteRestingChange(s)
        return ClockRate(session: s.id, rate: s.rate, time: s.time(at: now))
    }

    /// Produces the tick of `s` at `time` (advancing its scene) for its audience, and the
    /// didEnd after it when the transition ended. One `TickParams` serves every reader
    /// (and the `clock/advance` reply, `forReply`, which repeats its bytes when
    /// `replyRepeats`).
    @discardableResult
    func emitTick(
        _ s: Session, time: Double, saturated: Set<TickReader> = [], forReply: Bool = false,
        replyRepeats: Bool = true
    ) -> TickParams? {
        let step = s.scene.advance(to: time)
        guard let frame = step.frame else { return nil }
        s.seq += 1
        // Every reader still has an unsent tick of this session: building this one would
        // only replace those, so skip it (the gap in seq shows it). The last tick of a
        // transition, a paused one and one a reply carries are always built.
        let paused = s.activePhase == .paused  // its one tick is not repeated
        let audience = s.audience
        if step.end == nil, !paused, !forReply, !audience.isEmpty, !saturated.isEmpty,
            audience.allSatisfy({ saturated.contains(TickReader(connection: $0, session: s.id)) })
        {
            return nil
        }
        var attributes = AttributeColumns()
        attributes.reserveCapacity(256)
        let complete = frame.gatherVisibleAttributes(
            limit: limits.maxAttributesPerTick, into: &attributes)
        let tick = TickParams(
            TickPayload(
                session: s.id, transition: frame.transitionID, seq: s.seq, time: time,
                sample: frame.sample,
                contentOffset: frame.contentOffset, accessory: frame.accessory,
                attributes: attributes,
                format: s.format, kinds: s.kinds, truncated: !complete, doubleTexts: doubleTexts),
            reused: forReply && replyRepeats && !audience.isEmpty)
        emit(Emission(session: s.id, payload: .tick(tick), audience: audience))
        if let ended = step.end {
            sendDidEnd(s, id: ended.id, end: ended.end, time: time)
            noteRestingChange(s)
        }
        return tick
    }

    /// Ticks due this soon are emitted together with those due now: one wake-up serves
    /// sessions whose deadlines nearly coincide, at the cost of that much earliness.
    static let tickSlack: UInt64 = 500_000

    /// What one realtime wake-up produced.
    struct TickRound {
        var emissions: [Emission]
        /// The next deadline (monotonic ns), while any session animates.
        var next: UInt64?
    }

    /// The ticks (and didEnds) of realtime sessions whose deadline has come, with the
    /// next deadline. No tick is built for a session whose every reader is `saturated`.
    func tickRealtime(now: UInt64, saturated: Set<TickReader> = []) -> TickRound {
        var next: UInt64? = nil
        for s in ordered where s.clock == .realtime {
            guard s.isAnimating, let deadline = s.nextDeadline else {
                s.stopPacing()
                continue
            }
            if deadline <= now + Self.tickSlack {
                let due = s.dueGridPoint(now: now) ?? deadline
                emitTick(s, time: s.time(at: Swift.max(due, s.origin)), saturated: saturated)
                s.advancePacing(past: now)
                // A paused interactive transition ticks only when something changes.
                if (s.activePhase ?? .paused) == .paused { s.stopPacing() }
            }
            if let d = s.nextDeadline { next = Swift.min(next ?? d, d) }
        }
        return TickRound(emissions: takeEmissions(), next: next)
    }
}
