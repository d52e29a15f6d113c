import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionExport

/// Keyframes and arcs in every format: shaped elements are written key by key along a
/// linear track, within the tolerance of the engine at every moment.
struct KeyedExportTests {
    static let keyframes = [
        Keyframe(at: 0.5, alpha: 0.2, scaleX: 0.5, scaleY: 0.5),
        Keyframe(at: 0.25, timing: .easing(.quadraticEaseOut), offset: Point(x: 0, y: -30)),
    ]

    @Test func aKeyframedArcStaysWithinToleranceUnderEveryCurve() throws {
        let scene = try Scene(
            spec: ExportFidelityTests.list, model: ItemModel(count: 30),
            viewport: ExportFidelityTests.viewport)
        for (curve, stagger) in [
            (TimingCurve.easing(.cubicEaseInOut), nil), (.easing(.linear), Stagger(delay: 0.02)),
            (ExportFidelityTests.springy, nil), (.steps(4, .jumpEnd), nil),
        ] {
            for tolerance in [0.25, 1] {
                let options = TransitionOptions(
                    stagger: stagger, keyframes: Self.keyframes, path: .arc(ArcPath()))
                let r = try ExportFidelityTests.deviation(
                    scene: scene, to: ExportFidelityTests.grid, options: options,
                    timing: TransitionTiming(duration: 0.6, curve: curve), tolerance: tolerance)
                #expect(r.distance <= tolerance, "\(curve) \(tolerance): \(r.distance)")
                #expect(r.alpha <= tolerance / ElementMotion.pointsPerUnit, "\(curve)")
                #expect(r.shownMismatches == 0, "\(curve)")
                // Every element moves (or is keyframed): every one is keyed.
                #expect(r.plan.elements.allSatisfy { $0.isKeyed }, "\(curve)")
                #expect(r.plan.elements.allSatisfy { $0.keys.count >= 3 }, "\(curve)")
            }
        }
    }

    @Test func onlyShapedElementsAreKeyed() throws {
        // A keyframe for one item, no arc: the others keep their two ends.
        var options = TransitionOptions()
        options.keyframes = [
            Keyframe(
                at: 0.5, offset: Point(x: 40, y: 0),
                scope: KeyframeScope(items: .indexPaths([IndexPath(section: 0, item: 2)])))
        ]
        let plan = try ExportFormatTests.plan(
            TransitionTiming(duration: 0.4, curve: .easing(.linear)), options: options)
        let keyed = plan.elements.filter { $0.isKeyed }
        #expect(keyed.count == 1 && keyed[0].indexPath == IndexPath(section: 0, item: 2))
        // A linear offset keyframe is exact in two linear segments: three keys.
        #expect(keyed[0].keys.count == 3 && abs(keyed[0].keys[1].input - 0.5) < 1e-8)
        // CSS and Web Animations play it exactly: left and top as their own keyframes.
        #expect(keyed[0].propertyTracks.map(\.css) == ["left", "top"])
        let css = Exporter.export(plan, as: .css).content
        #expect(css.contains("@keyframes transitiond-3-p0 {\n  0% { left: "))
        #expect(css.contains("\n  50% { left: "))
        #expect(
            css.contains("transitiond-3 0.4s linear 0s both, transitiond-3-p0 0.4s linear 0s both"))
        let waapi = try JSONValue(parsing: Exporter.export(plan, as: .waapi).content)
        guard case .array(let entries) = waapi, case .object(let entry) = entries[6],
            case .array(let frames)? = entry["keyframes"]
        else {
            Issue.record("waapi shape")
            return
        }
        #expect(entry["selector"] == .string(keyed[0].selector))
        #expect(frames.count == 3)
        let svg = Exporter.export(plan, as: .svg).content
        #expect(svg.contains("keyTimes=\"0;0.5;1\" calcMode=\"linear\""))
        let lottie = try JSONValue(parsing: Exporter.export(plan, as: .lottie).content)
        guard case .object(let root) = lottie, case .array(let layers)? = root["layers"] else {
            Issue.record("lottie shape")
            return
        }
        #expect(layers.count == plan.elements.count + 1)
    }
}
