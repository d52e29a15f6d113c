import TestSupport
import Testing

@testable import TransitionEngine

/// Keyframes: each property its own track through the stops that name it, in element
/// progress, extrapolated past the ends; offsets move centres; momentum survives a
/// retarget.
@Suite struct KeyframeTests {
    static let viewport = Viewport(width: 200, height: 300)
    static let list = LayoutSpec.list(ListLayout(rowHeight: 40))
    static let grid = LayoutSpec.grid(GridLayout(columns: 2))

    static func scene(_ options: TransitionOptions, count: Int = 3) throws -> Scene {
        var scene = try Scene(spec: list, model: ItemModel(count: count), viewport: viewport)
        _ = try scene.startTransition(
            to: grid, options: options, timing: TransitionTiming(duration: 1), at: 0)
        return scene
    }

    static func visible(_ scene: Scene, at time: Double) throws -> [LayoutAttributes] {
        let frame = try #require(scene.frame(at: time))
        return frame.geometry.visibleAttributes(at: frame.sample.progress)
    }

    @Test func theIssuesExampleDimsAndShrinksHalfWay() throws {
        let options = TransitionOptions(keyframes: [
            Keyframe(at: 0.5, alpha: 0.2, scaleX: 0.5, scaleY: 0.5)
        ])
        let scene = try Self.scene(options)
        let half = try Self.visible(scene, at: 0.5)
        #expect(half.count == 3)
        for e in half {
            #expect(approx(e.alpha, 0.2), "\(e.key)")
            #expect(e.transform == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
        }
        let quarter = try Self.visible(scene, at: 0.25)
        #expect(quarter.count == 3)
        for e in quarter {
            #expect(approx(e.alpha, 0.6) && approx(e.itemTransform?.scaleX ?? 0, 0.75))
            #expect(approx(e.itemTransform?.scaleY ?? 0, 0.75))
        }
        // The frames are today's: keyframes without offsets leave the straight path.
        let frame = try #require(scene.frame(at: 0.25))
        let cell1 = try #require(
            frame.geometry.attributes(of: .cell(0, 1), inSource: true, at: 0.25))
        let plain = try #require(try Self.scene(TransitionOptions()).active).geometry
        #expect(
            cell1.frame == plain.attributes(of: .cell(0, 1), inSource: true, at: 0.25)?.frame)
        // The ends are the layouts' own.
        let end = try #require(
            frame.geometry.attributes(of: .cell(0, 1), inSource: true, at: 1))
        #expect(end.alpha == 1 && end.transform == nil)
    }

    @Test func tracksExtendTheirEndSegmentsPastTheEnds() throws {
        let options = TransitionOptions(keyframes: [
            Keyframe(at: 0.25, scaleX: 2),
            Keyframe(at: 0.75, timing: .easing(.quadraticEaseIn), scaleX: 0.5),
        ])
        let t = try #require(try Self.scene(options).active).geometry
        func scaleX(_ p: Double) throws -> Double {
            try #require(t.attributes(of: .cell(0, 0), inSource: true, at: p)?.itemTransform).scaleX
        }
        // 0.5 is half way through the eased segment from 2 to 0.5: 2 - 1.5 * 0.25.
        #expect(approx(try scaleX(0.5), 1.625))
        // Past 1, the last segment (0.5 at 0.75 to 1 at 1, linear) goes on: 1 + 0.5 * 2.
        #expect(approx(try scaleX(1.5), 2))
        // Before 0, the first segment (1 at 0 to 2 at 0.25) goes on backwards.
        #expect(approx(try scaleX(-0.25), 0))
        // A property no stop names interpolates as before.
        #expect(try #require(t.attributes(of: .cell(0, 0), inSource: true, at: 0.5)).alpha == 1)
    }

    @Test func scopesLimitStopsToTheirElements() throws {
        let options = TransitionOptions(keyframes: [
            Keyframe(
                at: 0.5, alpha: 0,
                scope: KeyframeScope(items: .indexPaths([IndexPath(section: 0, item: 2)]))),
            Keyframe(
                at: 0.5, offset: Point(x: 10, y: -20), scope: KeyframeScope(items: .ids([.int(11)]))
            ),
        ])
        var scene = try Scene(
            spec: Self.list,
            model: ItemModel(sections: [
                SectionModel(count: 3, ids: [.int(10), .int(11), .int(12)])
            ]),
            viewport: Self.viewport)
        _ = try scene.startTransition(
            to: Self.grid, options: options, timing: TransitionTiming(duration: 1), at: 0)
        let t = try #require(scene.active).geometry
        let plain = try #require(t.attributes(of: .cell(0, 0), inSource: true, at: 0.5))
        let moved = try #require(t.attributes(of: .cell(0, 1), inSource: true, at: 0.5))
        let faded = try #require(t.attributes(of: .cell(0, 2), inSource: true, at: 0.5))
        #expect(plain.alpha == 1 && moved.alpha == 1 && faded.alpha == 0)
        // Cell 1 goes from (100, 60) to (150, 50) centre: half way (125, 55), offset.
        #expect(approx(moved.frame.center, Point(x: 135, y: 35)))
        #expect(approx(faded.frame.center, Point(x: lerp(100, 50, 0.5), y: lerp(100, 150, 0.5))))
        // An unknown id is refused, named.
        var refused = try Scene(
            spec: Self.list, model: ItemModel(count: 3), viewport: Self.viewport)
        #expect(
            throws: SceneError.invalid(
                ValidationError(field: "keyframes[1].ids[0]", message: "no item has the id 11"))
        ) {
            _ = try refused.startTransition(to: Self.grid, options: options, at: 0)
        }
    }

    @Test func invalidStopsAreRefusedByField() throws {
        for (stop, field) in [
            (Keyframe(at: 1, alpha: 0.5), "keyframes[0].at"),
            (Keyframe(at: 0.5, alpha: 1.5), "keyframes[0].alpha"),
            (
                Keyframe(
                    at: 0.5,
                    timing: .spring(Spring(response: 0.3, dampingFraction: 1), initialVelocity: 0)),
                "keyframes[0].timing"
            ),
            (
                Keyframe(at: 0.5, values: [CustomValue(name: "tint", value: .bool(true))]),
                "keyframes[0].values.tint"
            ),
        ] {
            var scene = try Scene(
                spec: Self.list, model: ItemModel(count: 3), viewport: Self.viewport)
            do {
                _ = try scene.startTransition(
                    to: Self.grid, options: TransitionOptions(keyframes: [stop]), at: 0)
                Issue.record("accepted \(stop)")
            } catch {
                guard case .invalid(let e) = error else { throw error }
                #expect(e.field == field)
            }
        }
    }

    static func randomStops(_ rng: inout SeededRandom, model: ItemModel) -> [Keyframe] {
        let curves: [TimingCurve] = [
            .easing(.linear), .easing(.cubicEaseInOut), .easing(.backEaseOut),
            .cubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.4), .steps(3, .jumpEnd),
            .linearStops([LinearStop(value: 0), LinearStop(value: 0.8), LinearStop(value: 1)]),
        ]
        var stops: [Keyframe] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            var stop = Keyframe(
                at: Double.random(in: 0.05...0.95, using: &rng),
                timing: curves.randomElement(using: &rng)!)
            if Bool.random(using: &rng) { stop.alpha = rng.unit() }
            if Bool.random(using: &rng) { stop.scaleX = Double.random(in: 0.2...2, using: &rng) }
            if Bool.random(using: &rng) { stop.rotation = Double.random(in: -3...3, using: &rng) }
            if Bool.random(using: &rng) {
                stop.offset = Point(x: rng.quarter(-60...60), y: rng.quarter(-60...60))
            }
            if Int.random(in: 0..<4, using: &rng) == 0, model.totalCount > 0 {
                stop.scope = KeyframeScope(items: .indexPaths([IndexPath(section: 0, item: 0)]))
                if model.sections[0].count == 0 {
                    stop.scope = KeyframeScope(items: .all, kind: "header")
                }
            }
            stops.append(stop)
        }
        return stops
    }

    /// Property: random layouts, stops and curves (stagger in half of them): at each stop's
    /// `at` of an element's own progress, every property the stop names has its value.
    @Test(arguments: 0..<40)
    func everyTrackPassesThroughItsStops(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 6007 &+ 1)
        let model = TransitionPropertyTests.randomModel(&rng)
        let stops = Self.randomStops(&rng, model: model)
        let options = TransitionOptions(
            stagger: seed % 2 == 0 ? nil : Stagger(delay: 0.01), keyframes: stops,
            path: seed % 3 == 0 ? .arc(ArcPath()) : .straight)
        let t = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), model: model, options: options)
        var checked = 0
        var applicable = 0
        for element in t.allElements() {
            guard let a = element.from, let b = element.to else { continue }
            let window = t.progressWindow(of: element)
            let mine = t.keyframes(for: a.key)
            applicable += mine.count
            for stop in mine {
                let p = window.start + stop.at * (window.end - window.start)
                guard let e = t.attributes(from: a, to: b, progress: p) else { continue }
                let q = t.elementProgress(p, window: window)
                // Only where the window maps back onto the stop exactly.
                guard Swift.abs(q - stop.at) < 1e-12 else { continue }
                let first = mine.first { $0.at == stop.at && $0 != stop } == nil
                guard first else { continue }
                if let alpha = stop.alpha {
                    #expect(approx(e.alpha, alpha, tolerance: 1e-6), "seed \(seed) \(a.key)")
                }
                if let s = stop.scaleX {
                    #expect(
                        approx(e.itemTransform?.scaleX ?? .nan, s, tolerance: 1e-6), "seed \(seed)")
                }
                if let r = stop.rotation {
                    #expect(
                        approx(e.itemTransform?.rotation ?? .nan, r, tolerance: 1e-6),
                        "seed \(seed)")
                }
                if let offset = stop.offset {
                    var base = Point(
                        x: lerp(a.frame.midX, b.frame.midX, q),
                        y: lerp(a.frame.midY, b.frame.midY, q))
                    if let arc = t.arc(a.frame, b.frame) { base = arc.point(at: q) }
                    #expect(
                        approx(
                            e.frame.center, Point(x: base.x + offset.x, y: base.y + offset.y),
                            tolerance: 1e-6),
                        "seed \(seed) \(a.key) \(e.frame.center)")
                }
                checked += 1
            }
        }
        #expect(checked * 2 >= applicable, "seed \(seed): \(checked) of \(applicable)")
    }

    /// Property: with offsets and arcs, the interval index still finds exactly the
    /// elements that meet a rect, at progress past the ends too.
    @Test(arguments: 0..<30)
    func bentPathsAreFoundWhereTheyAre(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(900 + seed))
        let model = TransitionPropertyTests.randomModel(&rng)
        let options = TransitionOptions(
            keyframes: Self.randomStops(&rng, model: model),
            path: seed % 2 == 0
                ? .arc(ArcPath(maxAngle: Double.random(in: 10...180, using: &rng))) : .straight)
        let t = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), model: model, options: options)
        for _ in 0..<10 {
            let p = Double.random(in: -1...2, using: &rng)
            let rect = Rect(
                x: rng.quarter(-100...400), y: rng.quarter(-100...3000),
                width: rng.quarter(0...300), height: rng.quarter(0...600))
            let expected = TransitionPropertyTests.sorted(
                TransitionPropertyTests.bruteForce(t, at: p, in: rect))
            var found: [LayoutAttributes] = []
            t.forEachAttributes(at: p, in: rect) { found.append($0) }
            #expect(
                TransitionPropertyTests.sorted(found) == expected,
                "seed \(seed) p \(p) rect \(rect)")
        }
    }

    /// Property: random layouts and curves with keyframes (offsets among them) in the
    /// source transition, retargeted with a spring: every element's velocity is continuous.
    @Test(arguments: 0..<25)
    func retargetKeepsVelocityWithKeyframes(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 31337 &+ 5)
        let model = ItemModel(count: Int.random(in: 1...30, using: &rng))
        let viewport = Viewport(width: rng.quarter(200...400), height: rng.quarter(300...700))
        var scene = try Scene(
            spec: TransitionPropertyTests.randomSpec(&rng), model: model, viewport: viewport)
        var stops = Self.randomStops(&rng, model: model)
        // Steps jump: a jump has no velocity to keep.
        for i in stops.indices where stops[i].timing == .steps(3, .jumpEnd) {
            stops[i].timing = .easing(.sineEaseOut)
        }
        stops.append(
            Keyframe(at: 0.5, timing: .easing(.quadraticEaseInOut), offset: Point(x: 30, y: -25)))
        _ = try scene.startTransition(
            to: TransitionPropertyTests.randomSpec(&rng),
            options: TransitionOptions(
                keyframes: stops, path: seed % 2 == 0 ? .arc(ArcPath()) : .straight),
            timing: TransitionTiming(duration: 0.6, curve: RetargetVelocityTests.randomCurve(&rng)),
            at: 0)
        // Tracks have kinks at their stops: finite differences must not straddle one.
        func progress(_ time: Double) -> Double { scene.frame(at: time)?.sample.progress ?? 0 }
        var t = Double.random(in: 0.05...0.5, using: &rng)
        func straddles(_ time: Double) -> Bool {
            let h = RetargetVelocityTests.h
            let low = Swift.min(progress(time - 4 * h), progress(time))
            let high = Swift.max(progress(time - 4 * h), progress(time))
            return stops.contains { $0.at >= low - 1e-3 && $0.at <= high + 1e-3 }
        }
        while straddles(t) { t = Double.random(in: 0.05...0.5, using: &rng) }
        let keys =
            scene.frame(at: t).map { $0.geometry.from.layout.allAttributes().map(\.key) } ?? []
        var befores: [ElementKey: [Double]] = [:]
        for key in keys {
            befores[key] = RetargetVelocityTests.velocity(scene, key, at: t, after: false)
        }
        _ = try scene.retarget(
            to: TransitionPropertyTests.randomSpec(&rng),
            options: seed % 3 == 0 ? TransitionOptions() : nil,
            timing: TransitionTiming(curve: RetargetVelocityTests.randomSpring(&rng)), at: t)
        var checked = 0
        for key in keys {
            guard let before = befores[key],
                let after = RetargetVelocityTests.velocity(scene, key, at: t, after: true)
            else { continue }
            if let f = RetargetVelocityTests.frame(scene, key, t),
                f.size.width <= 0.5 || f.size.height <= 0.5
            {
                continue
            }
            #expect(
                RetargetVelocityTests.agree(before, after),
                "seed \(seed) \(key): \(before) vs \(after)")
            checked += 1
        }
        #expect(checked > 0)
    }
}
