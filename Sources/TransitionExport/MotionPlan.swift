import TransitionEngine

/// A transition laid out for export: the content's track and every element's poses and
/// track, all within the tolerance of the engine. Format writers only read it.
public struct MotionPlan: Sendable {
    public var viewport: (from: Size, to: Size)
    public var contentOffset: (from: Point, to: Point)
    /// Seconds from the start to the end of the transition, stagger included.
    public var duration: Double
    /// The content (offset and viewport) always moves with track 0.
    public var tracks: [ProgressTrack]
    public var elements: [ElementMotion]
    public var settings: ExportSettings

    /// The content offset at `time` seconds, as the export plays it.
    public func contentOffset(at time: Double) -> Point {
        let p = tracks[0].progress(at: time)
        return Point(
            x: lerp(contentOffset.from.x, contentOffset.to.x, p),
            y: lerp(contentOffset.from.y, contentOffset.to.y, p))
    }

    /// The viewport size at `time` seconds, as the export plays it.
    public func viewportSize(at time: Double) -> Size {
        let p = tracks[0].progress(at: time)
        return Size(
            width: Swift.max(0, lerp(viewport.from.width, viewport.to.width, p)),
            height: Swift.max(0, lerp(viewport.from.height, viewport.to.height, p)))
    }

    /// The pose of element `i` at `time` seconds, as the export plays it.
    public func pose(ofElement i: Int, at time: Double) -> ElementPose {
        let e = elements[i]
        return e.pose(atProgress: tracks[e.track].progress(at: time))
    }

    /// Whether any element's viewport or content moves (else the content needs no animation).
    var contentMoves: Bool {
        contentOffset.from != contentOffset.to || viewport.from != viewport.to
    }
}

extension MotionPlan {
    /// Plans the transition that `transition/start` would start on `scene` at `time`
    /// (an interactive one is played as animated), without changing the scene.
    public init(
        scene: Scene, to spec: LayoutSpec, model: ItemModel? = nil, viewport: Viewport? = nil,
        options: TransitionOptions = .init(), timing: TransitionTiming = .init(),
        at time: Double = 0,
        settings: ExportSettings = .init()
    ) throws(SceneError) {
        var copy = scene
        var played = timing
        played.interactive = false
        let started = try copy.startTransition(
            to: spec, model: model, viewport: viewport, options: options, timing: played, at: time)
        self.init(
            transition: started.transition.geometry, animator: started.transition.animator,
            start: time, settings: settings, kinds: copy.kinds)
    }

    /// Plans `transition` as `animator` plays it from `start`; `kinds` names the
    /// elements' kinds.
    public init(
        transition: Transition, animator: Animator, start: Double, settings: ExportSettings,
        kinds: ElementKindTable = ElementKindTable()
    ) {
        self.settings = settings
        viewport = (transition.from.viewport.size, transition.to.viewport.size)
        contentOffset = (transition.from.contentOffset, transition.to.contentOffset)
        let duration = Swift.max(0, animator.duration)
        self.duration = duration
        let limits = Transition.progressLimits
        let progress = { (t: Double) -> Double in
            Swift.min(
                Swift.max(animator.sample(at: start + t).progress, limits.lowerBound),
                limits.upperBound)
        }
        // Elements grouped by stagger window: one track per window.
        // Elements of one side only take their progress clamped to 0...1 (the engine
        // applies no effect beyond) and must be shown exactly when the engine shows them.
        struct Window: Hashable {
            var start: Double
            var end: Double
            var side: ElementMotion.Presence
        }
        let whole = Window(start: 0, end: 1, side: .both)
        var groups: [Window: (index: Int, sensitivity: Double)] = [whole: (0, 0)]
        var windows = [whole]
        let content = Swift.max(
            Swift.abs(contentOffset.to.x - contentOffset.from.x),
            Swift.abs(contentOffset.to.y - contentOffset.from.y),
            Swift.abs(viewport.to.width - viewport.from.width),
            Swift.abs(viewport.to.height - viewport.from.height))
        groups[windows[0]]!.sensitivity = content
        var elements: [ElementMotion] = []
        var ordinal = 0
        // Elements that keyframes or an arc shape share one linear track over the whole
        // duration and carry their poses as keys.
        var shaped: [Int] = []
        // Reduced elements that move: keyed from their window's track (`reducedKeys`).
        var fading: [Int] = []
        let reduced = transition.options.reducedMotion
        let fitter = PoseFitter(tolerance: settings.tolerance * 0.9)
        for ends in transition.allElements() {
            let w = transition.progressWindow(of: ends)
            let options = transition.options
            var motion: ElementMotion
            switch (ends.from, ends.to) {
            case (let a?, let b?):
                var end = ElementPose(b)
                end.progress = 1
                motion = ElementMotion(
                    kind: a.kind, kindName: kinds.name(of: a.kind), indexPath: a.indexPath,
                    presence: .both, from: ElementPose(a), to: end,
                    zIndex: Swift.max(a.zIndex, b.zIndex), track: 0, color: .white)
                if options.hasContentLayers {
                    motion.contentFade = options.contentFade
                    motion.contentResize = options.contentResize
                }
            case (let a?, nil):
                let pose = ElementPose(a)
                motion = ElementMotion(
                    kind: a.kind, kindName: kinds.name(of: a.kind), indexPath: a.indexPath,
                    presence: .disappearing, from: pose,
                    to: pose.vanished(by: options.disappear), zIndex: a.zIndex, track: 0,
                    color: .white)
            case (nil, let b?):
                let pose = ElementPose(b)
                motion = ElementMotion(
                    kind: b.kind, kindName: kinds.name(of: b.kind), indexPath: b.indexPath,
                    presence: .appearing,
                    from: pose.vanished(by: options.appear),
                    to: pose, zIndex: b.zIndex, track: 0, color: .white)
            default:
                continue
            }
            let window = Window(start: w.start, end: w.end, side: motion.presence)
            if groups[window] == nil {
                groups[window] = (windows.count, 0)
                windows.append(window)
            }
            motion.track = groups[window]!.index
            motion.color =
                motion.from.color(named: "background") ?? motion.to.color(named: "background")
                ?? Color.palette(ordinal)
            ordinal += 1
            if duration > 0, reduced, transition.isShaped(ends) {
                // Alpha |1 - 2q| weighs 200 points per unit of progress.
                groups[window]!.sensitivity = Swift.max(
                    groups[window]!.sensitivity, motion.sensitivity,
                    2 * ElementMotion.pointsPerUnit)
                fading.append(elements.count)
            } else if duration > 0, transition.isShaped(ends), let key = ends.from?.key {
                let start = motion.from
                let breaks = MotionPlan.crossings(
                    of: transition.keyframeProgresses(of: ends)
                ) { u in transition.elementProgress(progress(u * duration), window: w) }
                motion.keys = fitter.fit(
                    { u in
                        let p = progress(u * duration)
                        guard let a = transition.attributes(of: key, inSource: true, at: p) else {
                            return start
                        }
                        return ElementPose(a)
                    }, breaks: breaks)
                shaped.append(elements.count)
                #if !hasFeature(Embedded)
                    var low = 0.0
                    var high = 1.0
                    for i in 0...256 {
                        let q = transition.elementProgress(
                            progress(Double(i) / 256 * duration), window: w)
                        (low, high) = (Swift.min(low, q), Swift.max(high, q))
                    }
                    if let tracks = PropertyTracks.of(
                        ends, in: transition, progressRange: low...high)
                    {
                        motion.propertyTracks = tracks
                        motion.exactTrack = groups[window]!.index
                        groups[window]!.sensitivity = Swift.max(
                            groups[window]!.sensitivity,
                            MotionPlan.sensitivity(of: ends, in: transition, over: low...high))
                    }
                #endif
            } else {
                groups[window]!.sensitivity = Swift.max(
                    groups[window]!.sensitivity, motion.sensitivity)
            }
            elements.append(motion)
        }
        let custom = Array(Set(elements.filter { $0.kind.isCustom }.map { $0.kindName })).sorted()
        if !custom.isEmpty {
            for i in elements.indices where elements[i].kind.isCell {
                elements[i].excludedKinds = custom
            }
        }
        var tracks = windows.map { window in
            let sensitivity = groups[window]!.sensitivity
            let exact = window == whole ? MotionPlan.exactCurve(animator.curve) : nil
            var fitter = StopFitter(
                tolerance: Swift.min(1, settings.tolerance * 0.9 / Swift.max(sensitivity, 1e-9)))
            switch window.side {
            case .both: break
            case .appearing: fitter.side = { $0 > 0 }
            case .disappearing: fitter.side = { $0 < 1 }
            }
            return MotionPlan.track(duration: duration, fitter: fitter, exact: exact) { t in
                let q = transition.elementProgress(progress(t), window: (window.start, window.end))
                return window.side == .both ? q : Swift.min(Swift.max(q, 0), 1)
            }
        }
        for i in fading {
            elements[i].keys = MotionPlan.reducedKeys(
                elements[i], tracks[elements[i].track], duration: duration)
        }
        shaped += fading
        if !shaped.isEmpty {
            for i in shaped { elements[i].track = tracks.count }
            tracks.append(
                ProgressTrack(
                    delay: 0, duration: duration,
                    stops: [LinearStop(value: 0, input: 0), LinearStop(value: 1, input: 1)],
                    curve: .easing(.linear)))
        }
        if transition.options.reducedMotion, duration > 0 {
            // The content switches at progress 0.5: a track of no duration at that moment.
            let x = MotionPlan.crossings(of: [Transition.reducedSwitch]) { progress($0 * duration) }
            tracks.insert(
                ProgressTrack(
                    delay: (x.first ?? 1) * duration, duration: 0,
                    stops: [LinearStop(value: 0, input: 0), LinearStop(value: 1, input: 1)],
                    curve: nil), at: 0)
            for i in elements.indices {
                elements[i].track += 1
                elements[i].exactTrack += 1
            }
        }
        self.elements = elements
        self.tracks = tracks
    }

    /// The keys of a reduced element that moves, on a linear track over `duration`: at
    /// each stop of its window's `track` (element progress q), its start pose while
    /// q < 0.5 and its end pose from 0.5, alpha times |1 - 2q|; where q crosses 0.5, two
    /// keys at alpha 0 (the start pose, then the end pose) at the same input. Alpha is
    /// linear in q, so these keys play the track exactly.
    static func reducedKeys(_ e: ElementMotion, _ track: ProgressTrack, duration: Double)
        -> [PoseKey]
    {
        var keys: [PoseKey] = []
        func add(_ x: Double, _ q: Double, start: Bool) {
            var pose = start ? e.from : e.to
            pose.alpha = Swift.min(Swift.max(pose.alpha * Swift.min(Swift.abs(1 - 2 * q), 1), 0), 1)
            keys.append(PoseKey(input: (track.delay + x * track.duration) / duration, pose: pose))
        }
        if track.delay > 0 { keys.append(PoseKey(input: 0, pose: e.from)) }
        var previous: LinearStop? = nil
        for stop in track.stops {
            let x = stop.input ?? 0
            if let p = previous, (p.value < 0.5) != (stop.value < 0.5) {
                let x0 = p.input ?? 0
                let at = x0 + (x - x0) * (0.5 - p.value) / (stop.value - p.value)
                add(at, 0.5, start: p.value < 0.5)
                add(at, 0.5, start: p.value >= 0.5)
            }
            add(x, stop.value, start: stop.value < 0.5)
            previous = stop
        }
        if let last = keys.last, last.input < 1 { keys.append(PoseKey(input: 1, pose: last.pose)) }
        return keys
    }

    #if !hasFeature(Embedded)
        /// How far an edge of a keyframed element's drawn rect moves per unit of its
        /// progress at most (alpha weighing `ElementMotion.pointsPerUnit`), on 128 steps of
        /// `range`: what its track's stops must keep within the tolerance.
        static func sensitivity(
            of ends: Transition.ElementEnds, in transition: Transition,
            over range: ClosedRange<Double>
        ) -> Double {
            let n = 128
            let step = (range.upperBound - range.lowerBound) / Double(n)
            var result = 0.0
            var previous: ElementPose? = nil
            for i in 0...n {
                let q = range.lowerBound + Double(i) * step
                guard let a = transition.attributes(of: ends, atElementProgress: q) else {
                    continue
                }
                let pose = ElementPose(a)
                if let p = previous {
                    let r = p.drawnRect
                    let s = pose.drawnRect
                    let moved = Swift.max(
                        Swift.abs(s.minX - r.minX), Swift.abs(s.minY - r.minY),
                        Swift.abs(s.maxX - r.maxX), Swift.abs(s.maxY - r.maxY),
                        Swift.abs(pose.alpha - p.alpha) * ElementMotion.pointsPerUnit)
                    result = Swift.max(result, moved / step)
                }
                previous = pose
            }
            return result
        }
    #endif

    /// Every input in 0...1 where `progress` reaches one of `levels` (a keyframe stop), in
    /// increasing order, found on 2,048 steps and refined by bisection.
    static func crossings(of levels: [Double], _ progress: (Double) -> Double) -> [Double] {
        guard !levels.isEmpty else { return [] }
        let n = 2048
        var result: [Double] = []
        var x0 = 0.0
        var y0 = progress(0)
        for i in 1...n {
            let x1 = Double(i) / Double(n)
            let y1 = progress(x1)
            for level in levels where (y0 < level) != (y1 < level) {
                var lo = x0
                var hi = x1
                for _ in 0..<50 where hi - lo > 1e-12 {
                    let mid = lo + (hi - lo) / 2
                    if (progress(mid) < level) == (y0 < level) { lo = mid } else { hi = mid }
                }
                // In order: levels crossed in one step are placed among each other.
                var place = result.count
                while place > 0 && result[place - 1] > hi { place -= 1 }
                result.insert(hi, at: place)
            }
            (x0, y0) = (x1, y1)
        }
        return result
    }

    /// The curve itself when a format can play it exactly: linear, cubic-bezier, steps,
    /// or `linear()` stops that end at 1 (the engine ends every animation at 1).
    static func exactCurve(_ curve: TimingCurve) -> TimingCurve? {
        switch curve {
        case .easing(.linear), .cubicBezier, .steps:
            return curve
        case .linearStops(let stops):
            let resolved = LinearStop.resolved(stops)
            guard resolved.last?.value == 1, resolved.last?.input == 1, resolved.first?.input == 0,
                resolved.allSatisfy({ Transition.progressLimits.contains($0.value) })
            else { return nil }
            return .linearStops(resolved)
        default:
            return nil
        }
    }

    /// The track of `progress` (seconds to element progress): it starts when the
    /// progress first leaves its start value and ends when it last differs from its
    /// final one, with stops fitted in between.
    static func track(
        duration: Double, fitter: StopFitter, exact: TimingCurve?, _ progress: (Double) -> Double
    ) -> ProgressTrack {
        let final = progress(duration)
        guard duration > 0 else {
            return ProgressTrack(
                delay: 0, duration: 0,
                stops: [LinearStop(value: final, input: 0), LinearStop(value: final, input: 1)],
                curve: nil)
        }
        if let exact {
            let stops = fitter.fit { progress($0 * duration) }
            return ProgressTrack(delay: 0, duration: duration, stops: stops, curve: exact)
        }
        let initial = progress(0)
        let n = 2048
        var first: Int? = nil
        var last: Int? = nil
        for i in 0...n {
            let v = progress(duration * Double(i) / Double(n))
            if v != initial && first == nil { first = i }
            if v != final { last = i }
        }
        guard let first, let last else {
            return ProgressTrack(
                delay: 0, duration: duration,
                stops: [LinearStop(value: initial, input: 0), LinearStop(value: final, input: 1)],
                curve: nil)
        }
        // The moment the progress leaves its start, and the last one it differs from its end.
        var lo = duration * Double(first - 1) / Double(n)
        var hi = duration * Double(first) / Double(n)
        if first > 0 {
            for _ in 0..<60 where hi - lo > 1e-12 {
                let mid = lo + (hi - lo) / 2
                if progress(mid) != initial { hi = mid } else { lo = mid }
            }
        }
        let start = first > 0 ? lo : 0
        lo = duration * Double(last) / Double(n)
        hi = Swift.min(duration, duration * Double(last + 1) / Double(n))
        for _ in 0..<60 where hi - lo > 1e-12 {
            let mid = lo + (hi - lo) / 2
            if progress(mid) != final { lo = mid } else { hi = mid }
        }
        let end = Swift.max(hi, start)
        let span = end - start
        let stops = fitter.fit { x in x >= 1 ? final : progress(start + x * span) }
        let linear = stops.count == 2 && stops[0].value == 0 && stops[1].value == 1
        return ProgressTrack(
            delay: start, duration: span, stops: stops, curve: linear ? .easing(.linear) : nil)
    }
}

extension Color {
    static let white = Color(red: 1, green: 1, blue: 1)

    /// A colour of its own for element `i`: hues spread by the golden ratio.
    static func palette(_ i: Int) -> Color {
        var hue = Double(i) * 0.618_033_988_749_895
        hue -= hue.rounded(.down)
        let saturation = i % 2 == 0 ? 0.65 : 0.85
        let value = i % 3 == 0 ? 0.95 : 0.8
        let h = hue * 6
        let sector = Int(h) % 6
        let f = h - h.rounded(.down)
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * f)
        let t = value * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (value, t, p)
        case 1: (r, g, b) = (q, value, p)
        case 2: (r, g, b) = (p, value, t)
        case 3: (r, g, b) = (p, q, value)
        case 4: (r, g, b) = (t, p, value)
        default: (r, g, b) = (value, p, q)
        }
        return Color(red: r, green: g, blue: b)
    }
}
