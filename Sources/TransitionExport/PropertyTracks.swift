import TransitionEngine

#if !hasFeature(Embedded)

    /// The properties of a keyframed element (no arc) as `PropertyTrack`s that CSS and Web
    /// Animations play exactly: every number the keyframes shape is a part linear in the
    /// element's progress q plus, where stops name it, a keyframe track (`KeyframeTrack`:
    /// a curve per segment). On a segment between two keys that is a + b u + c e(u), u the
    /// segment's share and e the curve of the stop it arrives at, which is e's own family
    /// again when e is linear, a cubic bezier (its control points' y mixed with their x) or
    /// `linear()` stops, or when b is 0 (steps). Anything else (an arc, a curve no format
    /// has, two tracks of one property that turn differently) returns nil, and the element
    /// is written pose by pose within the tolerance instead.
    enum PropertyTracks {
        /// - Parameter progressRange: the element progress its track reaches (beyond 0...1
        ///   under a spring or an overshooting curve): there the formats extrapolate the
        ///   first and last segments, which must then be straight.
        static func of(
            _ ends: Transition.ElementEnds, in transition: Transition,
            progressRange: ClosedRange<Double>
        ) -> [PropertyTrack]? {
            guard let a = ends.from, let b = ends.to, !transition.bends(ends),
                !transition.options.reducedMotion
            else { return nil }
            let stops = transition.keyframeStops(of: ends)
            guard !stops.isEmpty else { return nil }
            let at = { (q: Double) in transition.attributes(of: ends, atElementProgress: q) }
            var result: [PropertyTrack] = []
            func add(_ css: String, _ components: [Component], _ text: PropertyText) -> Bool {
                guard
                    let track = write(
                        components, text: text, css: css, at: at, progressRange: progressRange)
                else { return false }
                result.append(track)
                return true
            }
            func track(
                _ start: Double, _ end: Double, _ value: @escaping (Keyframe) -> Double?,
                _ read: @escaping (LayoutAttributes) -> Double
            ) -> Component {
                Component(
                    start: start, end: end, stops: stops.filter { value($0) != nil }, value: value,
                    read: read)
            }
            if stops.contains(where: { $0.offset != nil }) {
                // A displacement (0 at both ends) added to the straight path.
                var left = track(0, 0, { $0.offset?.x }, { $0.frame.minX })
                left.slope = b.frame.minX - a.frame.minX
                var top = track(0, 0, { $0.offset?.y }, { $0.frame.minY })
                top.slope = b.frame.minY - a.frame.minY
                guard add("left", [left], .px), add("top", [top], .px) else { return nil }
            }
            if stops.contains(where: { $0.alpha != nil }) {
                guard
                    add("opacity", [track(a.alpha, b.alpha, { $0.alpha }, { $0.alpha })], .opacity)
                else { return nil }
            }
            if stops.contains(where: { $0.hasTransform }) {
                let s = a.itemTransform ?? .identity
                let t = b.itemTransform ?? .identity
                // At its ends the element is exactly its two layouts' attributes: their
                // transforms must be the item transforms the tracks start and end at.
                guard (a.transform ?? .identity) == s.matrix, (b.transform ?? .identity) == t.matrix
                else { return nil }
                let item = { (e: LayoutAttributes) in e.itemTransform ?? .identity }
                guard
                    add(
                        "translate",
                        [
                            track(
                                s.translateX, t.translateX, { $0.translateX },
                                { item($0).translateX }),
                            track(
                                s.translateY, t.translateY, { $0.translateY },
                                { item($0).translateY }),
                        ], .pair(px: true)),
                    add(
                        "rotate",
                        [track(s.rotation, t.rotation, { $0.rotation }, { item($0).rotation })],
                        .degrees),
                    add(
                        "scale",
                        [
                            track(s.scaleX, t.scaleX, { $0.scaleX }, { item($0).scaleX }),
                            track(s.scaleY, t.scaleY, { $0.scaleY }, { item($0).scaleY }),
                        ], .pair(px: false))
                else { return nil }
            }
            var named: [String] = []
            for stop in stops {
                for v in stop.values where !named.contains(v.name) { named.append(v.name) }
            }
            for name in named {
                let number = { (values: [CustomValue]) -> Double? in
                    for v in values where v.name == name {
                        if case .number(let n) = v.value { return n }
                    }
                    return nil
                }
                // A value only one side has is kept, not keyframed (as the engine does).
                guard let start = number(a.values), let end = number(b.values) else { continue }
                let component = track(start, end, { number($0.values) }, { number($0.values) ?? 0 })
                guard add(StyleProperties.customPropertyName(name), [component], .number) else {
                    return nil
                }
            }
            return result
        }

        /// One number of a property: `slope` per unit of progress plus a keyframe track from
        /// `start` to `end` through the values `stops` give it (without stops: linear from
        /// `start` to `end`).
        struct Component {
            var slope = 0.0
            var start: Double
            var end: Double
            var stops: [Keyframe]
            var value: (Keyframe) -> Double?
            var read: (LayoutAttributes) -> Double

            init(
                start: Double, end: Double, stops: [Keyframe],
                value: @escaping (Keyframe) -> Double?,
                read: @escaping (LayoutAttributes) -> Double
            ) {
                if stops.isEmpty {
                    slope = end - start
                    (self.start, self.end) = (0, 0)
                } else {
                    (self.start, self.end) = (start, end)
                }
                self.stops = stops
                self.value = value
                self.read = read
            }

            /// On the segment lo...hi of progress: the part linear in its share u (b) and the
            /// rise along a curve (c, e); nil when a curve covers more than the segment.
            func segment(_ lo: Double, _ hi: Double) -> (b: Double, c: Double, e: TimingCurve)? {
                var b = slope * (hi - lo)
                guard !stops.isEmpty else { return (b, 0, .easing(.linear)) }
                var lowAt = 0.0
                var low = start
                var highAt = 1.0
                var high = end
                var curve = TimingCurve.easing(.linear)
                for s in stops {
                    if s.at <= lo {
                        (lowAt, low) = (s.at, value(s)!)
                    } else {
                        (highAt, high, curve) = (s.at, value(s)!, s.timing)
                        break
                    }
                }
                let rise = high - low
                if lowAt == lo && highAt == hi { return (b, rise, curve) }
                guard rise == 0 || SegmentCurve.isLinear(curve) else { return nil }
                b += rise * (hi - lo) / (highAt - lowAt)
                return (b, 0, .easing(.linear))
            }
        }

        /// The property's keys: one at 0, at 1 and at every stop of its components' tracks;
        /// each segment's curve shared by every component that moves on it, and checked
        /// against the engine inside each segment (and beyond the ends the track reaches).
        private static func write(
            _ components: [Component], text: PropertyText, css: String,
            at: (Double) -> LayoutAttributes?, progressRange: ClosedRange<Double>
        ) -> PropertyTrack? {
            var positions = [0.0, 1.0]
            for c in components {
                for s in c.stops where !positions.contains(s.at) {
                    // In order (a few stops: no sort).
                    var place = positions.count - 1
                    while positions[place - 1] > s.at { place -= 1 }
                    positions.insert(s.at, at: place)
                }
            }
            var values: [[Double]] = []
            for q in positions {
                guard let e = at(q) else { return nil }
                values.append(components.map { $0.read(e) })
            }
            var keys: [PropertyTrack.Key] = []
            for k in positions.indices {
                var easing = TimingCurve.easing(.linear)
                if k + 1 < positions.count {
                    var shared: TimingCurve? = nil
                    for (j, c) in components.enumerated() {
                        guard let part = c.segment(positions[k], positions[k + 1]) else {
                            return nil
                        }
                        let total = values[k + 1][j] - values[k][j]
                        let scale = Swift.max(1, Swift.abs(part.b), Swift.abs(part.c))
                        if Swift.abs(part.b) + Swift.abs(part.c) <= 1e-12 * scale { continue }
                        guard Swift.abs(total) > 1e-9 * scale,
                            let curve = SegmentCurve.mix(linear: part.b, curve: part.c, part.e)
                        else { return nil }
                        if let s = shared, !SegmentCurve.same(s, curve) { return nil }
                        shared = shared ?? curve
                    }
                    easing = shared ?? .easing(.linear)
                }
                keys.append(
                    PropertyTrack.Key(
                        at: positions[k], value: text(values[k]), easing: easing, numbers: values[k]
                    ))
            }
            // Beyond the ends the formats continue the first and last segments' curves.
            if progressRange.lowerBound < 0, !SegmentCurve.isLinear(keys[0].easing) { return nil }
            if progressRange.upperBound > 1, !SegmentCurve.isLinear(keys[keys.count - 2].easing) {
                return nil
            }
            // The engine agrees inside every segment, and beyond the ends the track reaches.
            let last = positions.count - 2
            for probe in 0..<(3 * (last + 1) + 2) {
                let k = probe < 3 * (last + 1) ? probe / 3 : probe == 3 * (last + 1) ? 0 : last
                var q =
                    positions[k] + Double(2 + 3 * (probe % 3)) / 10
                    * (positions[k + 1] - positions[k])
                if probe == 3 * (last + 1) {
                    guard progressRange.lowerBound < 0 else { continue }
                    q = progressRange.lowerBound
                } else if probe > 3 * (last + 1) {
                    guard progressRange.upperBound > 1 else { continue }
                    q = progressRange.upperBound
                }
                guard let e = at(q) else { return nil }
                let u = (q - positions[k]) / (positions[k + 1] - positions[k])
                let y =
                    u < 0 || u > 1 ? u : keys[k].easing.progress(atFraction: u, duration: 1)
                for (j, c) in components.enumerated() {
                    var expected = values[k][j] + (values[k + 1][j] - values[k][j]) * y
                    // Opacity is clamped by the engine and by the browser alike.
                    if text.isOpacity { expected = Swift.min(Swift.max(expected, 0), 1) }
                    let found = c.read(e)
                    guard Swift.abs(expected - found) <= 1e-6 * Swift.max(1, Swift.abs(found))
                    else {
                        return nil
                    }
                }
            }
            return PropertyTrack(css: css, keys: keys, text: text)
        }
    }

    /// The segment curves CSS and Web Animations have, and how a curve mixes with a part
    /// linear in the same share.
    enum SegmentCurve {
        /// The curve as the formats write it: linear, cubic-bezier, steps or `linear()`
        /// stops; the quadratic and cubic eases, which are cubic beziers exactly; else nil.
        static func expressible(_ curve: TimingCurve) -> TimingCurve? {
            let third = 1.0 / 3
            let twoThirds = 2.0 / 3
            switch curve {
            case .easing(.linear), .cubicBezier, .steps: return curve
            case .easing(.quadraticEaseIn):
                return .cubicBezier(x1: third, y1: 0, x2: twoThirds, y2: third)
            case .easing(.quadraticEaseOut):
                return .cubicBezier(x1: third, y1: twoThirds, x2: twoThirds, y2: 1)
            case .easing(.cubicEaseIn): return .cubicBezier(x1: third, y1: 0, x2: twoThirds, y2: 0)
            case .easing(.cubicEaseOut): return .cubicBezier(x1: third, y1: 1, x2: twoThirds, y2: 1)
            case .linearStops(let stops): return .linearStops(LinearStop.resolved(stops))
            default: return nil
            }
        }

        static func isLinear(_ curve: TimingCurve) -> Bool {
            switch curve {
            case .easing(.linear): return true
            case .cubicBezier(let x1, let y1, let x2, let y2): return x1 == y1 && x2 == y2
            default: return false
            }
        }

        /// The curve f with b u + c e(u) = (b + c) f(u), when the formats have it.
        static func mix(linear b: Double, curve c: Double, _ e: TimingCurve) -> TimingCurve? {
            if c == 0 || isLinear(e) { return .easing(.linear) }
            guard let e = expressible(e) else { return nil }
            if b == 0 { return e }
            let total = b + c
            switch e {
            case .cubicBezier(let x1, let y1, let x2, let y2):
                return .cubicBezier(
                    x1: x1, y1: (b * x1 + c * y1) / total, x2: x2, y2: (b * x2 + c * y2) / total)
            case .linearStops(let stops):
                return .linearStops(
                    stops.map {
                        LinearStop(
                            value: (b * ($0.input ?? 0) + c * $0.value) / total, input: $0.input)
                    })
            default:
                return nil
            }
        }

        /// Whether two curves are the same within rounding.
        static func same(_ a: TimingCurve, _ b: TimingCurve) -> Bool {
            let close = { (x: Double, y: Double) in Swift.abs(x - y) <= 1e-9 }
            switch (a, b) {
            case (
                .cubicBezier(let a1, let a2, let a3, let a4),
                .cubicBezier(let b1, let b2, let b3, let b4)
            ):
                return close(a1, b1) && close(a2, b2) && close(a3, b3) && close(a4, b4)
            case (.linearStops(let s), .linearStops(let t)):
                return s.count == t.count
                    && zip(s, t).allSatisfy {
                        close($0.value, $1.value) && close($0.input ?? 0, $1.input ?? 0)
                    }
            default:
                return a == b
            }
        }
    }
#endif
