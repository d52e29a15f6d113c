/// Keyframes and arc paths applied to one matched element in flight.
extension Transition {
    /// The element's centre at element progress q: on its arc, or on the straight line,
    /// displaced by the keyframe offsets of `stops`.
    func centre(_ a: Rect, _ b: Rect, _ q: Double, stops: [Keyframe]) -> Point {
        var centre: Point
        if let arc = arc(a, b) {
            centre = arc.point(at: q)
        } else {
            centre = Point(x: lerp(a.midX, b.midX, q), y: lerp(a.midY, b.midY, q))
        }
        if let x = KeyframeTrack.evaluate(stops, start: 0, end: 0, at: q, { $0.offset?.x }) {
            centre.x += x.value
        }
        if let y = KeyframeTrack.evaluate(stops, start: 0, end: 0, at: q, { $0.offset?.y }) {
            centre.y += y.value
        }
        return centre
    }

    /// d(centre)/d(element progress) at q, as `centre` moves it.
    func centreSlope(_ a: Rect, _ b: Rect, _ q: Double, stops: [Keyframe]) -> Point {
        var slope: Point
        if let arc = arc(a, b) {
            slope = arc.slope(at: q)
        } else {
            slope = Point(x: b.midX - a.midX, y: b.midY - a.midY)
        }
        if let x = KeyframeTrack.evaluate(stops, start: 0, end: 0, at: q, { $0.offset?.x }) {
            slope.x += x.slope
        }
        if let y = KeyframeTrack.evaluate(stops, start: 0, end: 0, at: q, { $0.offset?.y }) {
            slope.y += y.slope
        }
        return slope
    }

    /// The arc of an element moving from frame a to frame b, if the transition bends.
    func arc(_ a: Rect, _ b: Rect) -> ElementArc? {
        guard case .arc(let path) = options.path else { return nil }
        return path.arc(from: a.center, to: b.center, reference: arcReference)
    }

    /// The stops that apply to the source element `key`.
    func keyframes(for key: ElementKey) -> [Keyframe] {
        keyframePlan?.stops(for: key) ?? []
    }

    /// Sets the properties that `stops` name on `e`, an element a fraction q of the way
    /// from `a` to `b` (0 < q < 1 or beyond the ends): alpha, transform components and
    /// numeric values follow their tracks; the frame's centre is placed by `centre`.
    func applyKeyframes(
        _ stops: [Keyframe], from a: LayoutAttributes, to b: LayoutAttributes, progress q: Double,
        to e: inout LayoutAttributes
    ) {
        if let alpha = KeyframeTrack.evaluate(
            stops, start: a.alpha, end: b.alpha, at: q, { $0.alpha })
        {
            e.alpha = clamp01(alpha.value)
        }
        if stops.contains(where: { $0.hasTransform }) {
            let s = a.itemTransform ?? .identity
            let t = b.itemTransform ?? .identity
            func track(_ start: Double, _ end: Double, _ value: (Keyframe) -> Double?) -> Double {
                KeyframeTrack.evaluate(stops, start: start, end: end, at: q, value)?.value
                    ?? lerp(start, end, q)
            }
            let transform = ItemTransform(
                scaleX: track(s.scaleX, t.scaleX) { $0.scaleX },
                scaleY: track(s.scaleY, t.scaleY) { $0.scaleY },
                rotation: track(s.rotation, t.rotation) { $0.rotation },
                translateX: track(s.translateX, t.translateX) { $0.translateX },
                translateY: track(s.translateY, t.translateY) { $0.translateY })
            e.itemTransform = transform
            e.transform = transform.matrix
        }
        var named: [String] = []
        for stop in stops {
            for v in stop.values where !named.contains(v.name) { named.append(v.name) }
        }
        for name in named {
            func number(_ values: [CustomValue]) -> Double? {
                guard case .number(let n)? = values.first(where: { $0.name == name })?.value
                else { return nil }
                return n
            }
            guard let i = e.values.firstIndex(where: { $0.name == name }),
                let start = number(a.values), let end = number(b.values),
                let track = KeyframeTrack.evaluate(
                    stops, start: start, end: end, at: q, { number($0.values) })
            else { continue }
            e.values[i] = CustomValue(name: name, value: .number(track.value))
        }
    }
}
