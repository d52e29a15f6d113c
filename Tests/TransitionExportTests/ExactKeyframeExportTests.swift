import JSONRPC
import TestSupport
import Testing
import TransitionEngine

@testable import TransitionExport

/// Keyframed elements in CSS and Web Animations: each property its own keyframes at the
/// stops, with curves that make them the engine's exactly, whatever the tolerance.
struct ExactKeyframeExportTests {
    /// The issue's example: alpha 0.2 and scale 0.5 half way, linear, 1 s.
    @Test func theExampleIsKeyframedAtItsStop() throws {
        var options = TransitionOptions()
        options.keyframes = [Keyframe(at: 0.5, alpha: 0.2, scaleX: 0.5, scaleY: 0.5)]
        let plan = try ExportFormatTests.plan(
            TransitionTiming(duration: 1, curve: .easing(.linear)), options: options)
        let cells = plan.elements.filter { $0.kind.isCell }
        #expect(!cells.isEmpty && cells.allSatisfy { !$0.propertyTracks.isEmpty })
        let tracks = cells[0].propertyTracks
        #expect(tracks.map(\.css) == ["opacity", "translate", "rotate", "scale"])
        #expect(tracks[0].keys.map(\.at) == [0, 0.5, 1])
        #expect(tracks[0].keys.map(\.value) == ["1", "0.2", "1"])
        #expect(tracks[3].keys.map(\.value) == ["1 1", "0.5 0.5", "1 1"])
        #expect(tracks[1].keys.map(\.value) == ["0px 0px", "0px 0px"])
        let css = Exporter.export(plan, as: .css).content
        #expect(
            css.contains(
                "  0% { opacity: 1; animation-timing-function: linear; }\n  50% { opacity: 0.2; animation-timing-function: linear; }\n  100% { opacity: 1; }"
            ))
        #expect(css.contains("  50% { scale: 0.5 0.5; animation-timing-function: linear; }"))
        let waapi = try JSONValue(parsing: Exporter.export(plan, as: .waapi).content)
        guard case .array(let entries) = waapi else {
            Issue.record("waapi shape")
            return
        }
        let opacity = entries.compactMap { entry -> [JSONValue]? in
            guard case .object(let e) = entry, e["selector"] == .string(cells[0].selector),
                case .array(let frames)? = e["keyframes"], frames.count == 3,
                case .object(let middle) = frames[1], middle["opacity"] != nil
            else { return nil }
            return frames
        }
        #expect(opacity.count == 1)
    }

    /// Random keyframes (offsets, alpha, transforms, a value) with curves the formats
    /// have, under linear and eased transitions: every property track, read as a browser
    /// reads it, is the engine at 201 progresses, and does not change with the tolerance.
    @Test(arguments: 0..<30)
    func everyTrackIsTheEngineAtEveryProgress(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 77)
        let curves: [TimingCurve] = [
            .easing(.linear), .easing(.quadraticEaseOut), .easing(.cubicEaseIn),
            .cubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5),
            .linearStops([
                LinearStop(value: 0), LinearStop(value: 0.7, input: 0.3), LinearStop(value: 1),
            ]),
        ]
        var stops: [Keyframe] = []
        for _ in 0..<(1 + Int(random.next() % 3)) {
            var k = Keyframe(
                at: 0.05 + 0.9 * random.unit(),
                timing: curves[Int(random.next() % UInt64(curves.count))])
            switch Int(random.next() % 4) {
            case 0: k.offset = Point(x: random.unit() * 60 - 30, y: random.unit() * 60 - 30)
            case 1: k.alpha = random.unit()
            case 2: (k.scaleX, k.scaleY) = (0.5 + random.unit(), 0.5 + random.unit())
            default:
                k.rotation = random.unit() * 2 - 1
                k.translateX = random.unit() * 20
            }
            stops.append(k)
        }
        var options = TransitionOptions()
        options.keyframes = stops
        let curve: TimingCurve =
            seed % 3 == 0
            ? .easing(.linear)
            : seed % 3 == 1
                ? .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
                : .easing(.backEaseOut)
        let timing = TransitionTiming(duration: 0.5, curve: curve)
        let (scene, transition, ends) = try Self.start(options, timing, items: 8)
        var plans: [MotionPlan] = []
        for tolerance in [0.25, 50] {
            plans.append(
                try MotionPlan(
                    scene: scene, to: ExportFidelityTests.grid, options: options, timing: timing,
                    settings: ExportSettings(tolerance: tolerance)))
        }
        #expect(plans[0].elements.map(\.propertyTracks) == plans[1].elements.map(\.propertyTracks))
        var exact = 0
        for (i, e) in plans[0].elements.enumerated() where !e.propertyTracks.isEmpty {
            exact += 1
            for n in 0...200 {
                let q = Double(n) / 200
                guard let a = transition.attributes(of: ends[i], atElementProgress: q) else {
                    continue
                }
                for track in e.propertyTracks {
                    var found = Self.read(track, at: q)
                    if track.css == "opacity" { found = found.map { min(max($0, 0), 1) } }
                    let expected = Self.engineValue(track.css, a)
                    for (x, y) in zip(found, expected) {
                        #expect(
                            abs(x - y) <= 1e-4,
                            "seed \(seed) \(track.css) at \(q): \(found) \(expected)")
                    }
                }
            }
        }
        // Offsets, alpha, transforms: the linear segments always can; the eased ones
        // whenever a property's tracks turn together.
        #expect(exact > 0, "seed \(seed): no element played exactly")
    }

    /// On a cubic-bezier track, CSS cuts a property whose segments are linear where the
    /// progress crosses a key or turns back: read in time as a browser reads it, it is
    /// the engine at 401 moments, overshoot included.
    @Test(arguments: [
        TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        .cubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.5),
        .cubicBezier(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9),
    ])
    func cssOnABezierTrackIsTheEngineInTime(curve: TimingCurve) throws {
        guard case .cubicBezier(let x1, let y1, let x2, let y2) = curve else { return }
        var options = TransitionOptions()
        options.keyframes = [
            Keyframe(at: 0.3, alpha: 0.4, offset: Point(x: 10, y: -25)),
            Keyframe(at: 0.7, scaleX: 0.6, scaleY: 0.6, rotation: 0.4),
        ]
        let timing = TransitionTiming(duration: 0.5, curve: curve)
        let (scene, transition, ends) = try Self.start(options, timing, items: 6)
        let plan = try MotionPlan(
            scene: scene, to: ExportFidelityTests.grid, options: options, timing: timing)
        var checked = 0
        for (i, e) in plan.elements.enumerated() where !e.propertyTracks.isEmpty {
            for p in e.propertyTracks {
                let keys = try #require(BezierTimeKeys.keys(p, x1: x1, y1: y1, x2: x2, y2: y2))
                #expect(keys.first?.time == 0 && keys.last?.time == 1)
                for n in 0...400 {
                    let time = Double(n) / 400
                    var k = 0
                    while k + 2 < keys.count && keys[k + 1].time <= time { k += 1 }
                    let u = (time - keys[k].time) / (keys[k + 1].time - keys[k].time)
                    let y = keys[k].easing.progress(atFraction: u, duration: 1)
                    let found = zip(Self.numbers(keys[k].value), Self.numbers(keys[k + 1].value))
                        .map { $0 + ($1 - $0) * y }
                    let q = curve.progress(atFraction: time, duration: 1)
                    let a = try #require(transition.attributes(of: ends[i], atElementProgress: q))
                    var expected = Self.engineValue(p.css, a)
                    var clamped = found
                    if p.css == "opacity" {
                        clamped = found.map { min(max($0, 0), 1) }
                        expected = expected.map { min(max($0, 0), 1) }
                    }
                    for (x, z) in zip(clamped, expected) {
                        #expect(abs(x - z) <= 2e-4, "\(curve) \(p.css) at \(time): \(x) \(z)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 4)
        let css = Exporter.export(plan, as: .css).content
        #expect(css.contains("-p0 {\n  0% { left: "))
    }

    /// Arcs and curves the formats lack are written pose by pose.
    @Test func arcsAndOtherCurvesAreWrittenPoseByPose() throws {
        var options = TransitionOptions()
        options.keyframes = [
            Keyframe(at: 0.5, timing: .easing(.sineEaseInOut), offset: Point(x: 0, y: -20))
        ]
        var plan = try ExportFormatTests.plan(
            TransitionTiming(duration: 0.5, curve: .easing(.linear)), options: options)
        #expect(plan.elements.filter { $0.isKeyed }.allSatisfy { $0.propertyTracks.isEmpty })
        options.keyframes = [Keyframe(at: 0.5, alpha: 0.3)]
        options.path = .arc(ArcPath())
        plan = try ExportFormatTests.plan(
            TransitionTiming(duration: 0.5, curve: .easing(.linear)), options: options)
        let keyed = plan.elements.filter { $0.isKeyed }
        #expect(!keyed.isEmpty)
        // Elements that move bend; one that does not is exact.
        #expect(keyed.filter { !$0.propertyTracks.isEmpty }.count < keyed.count)
    }

    /// A list of `items` going to a grid: the scene, the transition started on a copy,
    /// and its elements (in the order of a plan's).
    static func start(_ options: TransitionOptions, _ timing: TransitionTiming, items: Int) throws
        -> (Scene, Transition, [Transition.ElementEnds])
    {
        let scene = try Scene(
            spec: ExportFidelityTests.list, model: ItemModel(count: items),
            viewport: ExportFidelityTests.viewport)
        var copy = scene
        let started = try copy.startTransition(
            to: ExportFidelityTests.grid, options: options, timing: timing, at: 0)
        let transition = started.transition.geometry
        return (scene, transition, transition.allElements())
    }

    /// The numbers of a property at q, as CSS and Web Animations interpolate its keys.
    static func read(_ track: PropertyTrack, at q: Double) -> [Double] {
        var k = 0
        while k + 2 < track.keys.count && track.keys[k + 1].at <= q { k += 1 }
        let a = track.keys[k]
        let b = track.keys[k + 1]
        let y = a.easing.progress(atFraction: (q - a.at) / (b.at - a.at), duration: 1)
        return zip(numbers(a.value), numbers(b.value)).map { $0 + ($1 - $0) * y }
    }

    static func numbers(_ text: String) -> [Double] {
        text.split(separator: " ").map { part in
            var s = String(part)
            for unit in ["px", "deg"] where s.hasSuffix(unit) { s.removeLast(unit.count) }
            return Double(s)!
        }
    }

    static func engineValue(_ css: String, _ a: LayoutAttributes) -> [Double] {
        let t = a.itemTransform ?? .identity
        switch css {
        case "left": return [a.frame.minX]
        case "top": return [a.frame.minY]
        case "opacity": return [a.alpha]
        case "translate": return [t.translateX, t.translateY]
        case "rotate": return [t.rotation * 180 / Double.pi]
        case "scale": return [t.scaleX, t.scaleY]
        default: return []
        }
    }
}
