import JSONRPC
import TransitionEngine
import TransitionExport
import TransitionProtocol

extension SessionHost {
    /// The most elements one export may hold (both sides together).
    var maxExportElements: Int { limits.maxAttributesPerResponse }

    /// `transition/export`: the transition the params describe, as `r.format`.
    func export(_ r: TransitionExportRequest, now: UInt64) throws(ResponseError) -> ExportPayload {
        let s = try session(r.session)
        let source = s.scene.active.map { $0.geometry.from.layout.model } ?? s.scene.model
        let destination = r.spec.model ?? source
        let elements =
            [source, destination].reduce(0) { $0 + $1.totalCount + 2 * $1.sections.count }
            + r.spec.to.supplementaryCount(model: destination)
            + (s.scene.placed.spec?.supplementaryCount(model: source) ?? 0)
        guard elements <= maxExportElements else {
            throw ResponseError(
                code: .limitExceeded,
                message: "Limit reached: an export holds at most \(maxExportElements) elements",
                data: ["limit": .integer(Int64(maxExportElements)), "field": "sections"])
        }
        let viewport = destinationViewport(for: s, r.spec)
        // With `motion: "auto"`, the formats that can carry both versions do (full, then
        // reduced), and the reader's setting chooses; the others follow the session.
        let both = r.spec.motion == .auto && r.format.carriesReducedMotion
        let plan = try exportPlan(
            r, of: s, viewport: viewport,
            reduced: !both && r.spec.motion.isReduced(inSession: s.reducedMotion), now: now)
        let reduced =
            both ? try exportPlan(r, of: s, viewport: viewport, reduced: true, now: now) : nil
        return ExportPayload(result: Exporter.export(plan, reduced: reduced, as: r.format))
    }

    /// The plan of the transition `r` describes, played reduced or not.
    @inline(never)
    private func exportPlan(
        _ r: TransitionExportRequest, of s: Session, viewport: Viewport?, reduced: Bool, now: UInt64
    ) throws(ResponseError) -> MotionPlan {
        var options = r.spec.options
        options.reducedMotion = reduced
        return try answeringRefusals(of: s.id) { () throws(SceneError) in
            try MotionPlan(
                scene: s.scene, to: r.spec.to, model: r.spec.model, viewport: viewport,
                options: options,
                timing: r.spec.timing, at: s.time(at: now), settings: r.settings)
        }
    }
}
