extension Transition {
    /// The attributes at (transition) progress p of an element with source attributes `a`
    /// and destination attributes `b`; nil when the element is not shown (an appearing
    /// element at p <= 0, a disappearing one at p >= 1).
    ///
    /// Matched elements: frame as centre and size, alpha (clamped to 0...1), transform
    /// by its components when either side gave them (item styles), else matrix entry by
    /// entry; custom values by name; zIndex the source's below element progress 0.5 and
    /// the destination's from 0.5 (`zIndexSwitch`); corner radii, border and shadow as
    /// `ElementShape.interpolate` says; with `contentFade` or `contentResize` `scale`,
    /// content layers (on matched elements only, at every progress).
    /// p = 0 gives `a` and p = 1 gives `b` exactly (keys included: in flight an element
    /// carries its source key, at 1 its destination key).
    ///
    /// Keyframes and an arc path then shape a matched element in flight
    /// (`Transition+Keyframes`); elements of one side keep their appear and disappear
    /// effects.
    ///
    /// With reduced motion, a matched element whose frame or transform changes is its
    /// source (every attribute) below element progress 0.5 and its destination from 0.5,
    /// its alpha multiplied by |1 - 2q| (clamped to 0...1): it fades out in place and in
    /// at its destination. Other elements interpolate as without it.
    ///
    /// With carried momentum (`carry` seconds, a retarget's spring), a source element is
    /// displaced by its velocity at the retarget times `carry`, at every progress.
    func attributes(
        from a: LayoutAttributes?, to b: LayoutAttributes?, progress p: Double, carry k: Double = 0
    ) -> LayoutAttributes? {
        guard k != 0, let carrier, let a else { return attributes(from: a, to: b, progress: p) }
        guard var e = attributes(from: a, to: b, progress: p) else { return nil }
        e.frame = carrier.velocity(of: a.key).displacing(e.frame, by: k)
        return e
    }

    private func attributes(from a: LayoutAttributes?, to b: LayoutAttributes?, progress p: Double)
        -> LayoutAttributes?
    {
        let q = elementProgress(p, window: stagger?.window(from: a, to: b, transition: self))
        return attributes(from: a, to: b, elementProgress: q)
    }

    /// The attributes of the element at its own progress q (its stagger window applied).
    @inline(__always)
    func attributes(from a: LayoutAttributes?, to b: LayoutAttributes?, elementProgress q: Double)
        -> LayoutAttributes?
    {
        switch (a, b) {
        case (let a?, let b?):
            var e: LayoutAttributes
            if q == 0 {
                e = a
            } else if q == 1 {
                e = b
            } else if options.reducedMotion, Transition.moves(a, b) {
                // Out as it was, in as it will be: alpha times |1 - 2q|, never in between.
                e = q < Transition.reducedSwitch ? a : b
                e.alpha = clamp01(e.alpha * clamp01(Swift.abs(1 - 2 * q)))
            } else {
                e = a
                e.frame = Transition.interpolateFrame(a.frame, b.frame, q)
                e.alpha = clamp01(lerp(a.alpha, b.alpha, q))
                // Stacking cannot be blended: the destination's from half way.
                e.zIndex = q < Transition.zIndexSwitch ? a.zIndex : b.zIndex
                e.isHidden = a.isHidden && b.isHidden
                if a.itemTransform != nil || b.itemTransform != nil {
                    let t = ItemTransform.interpolate(
                        a.itemTransform ?? .identity, b.itemTransform ?? .identity, q)
                    e.itemTransform = t
                    e.transform = t.matrix
                } else {
                    e.transform = Transition.interpolateTransform(a.transform, b.transform, q)
                }
                e.values = interpolateValues(a.values, b.values, q)
                if a.shape != nil || b.shape != nil {
                    e.shape = ElementShape.interpolate(a.shape, b.shape, q, in: options.colorSpace)
                }
                e.layoutState = b.layoutState
                if keyframePlan != nil || options.path != .straight {
                    let stops = keyframes(for: a.key)
                    let c = centre(a.frame, b.frame, q, stops: stops)
                    let size = e.frame.size
                    e.frame = Rect(
                        x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width,
                        height: size.height)
                    if !stops.isEmpty { applyKeyframes(stops, from: a, to: b, progress: q, to: &e) }
                }
            }
            e.id = a.id ?? b.id
            e.transitionProgress = q
            e.nextFrame = b.frame
            if options.hasContentLayers {
                e.shape = ElementShape.with(
                    e.shape, content: contentLayers(q, frame: e.frame, from: a.frame, to: b.frame))
            }
            return e
        case (let a?, nil):
            guard q < 1 else { return nil }
            var e = a
            if q > 0 { applyEffect(options.disappear, to: &e, visibleShare: 1 - q) }
            e.transitionProgress = q
            e.nextFrame = a.frame
            if q > 0 { e.layoutState = to.layout.stateName }
            return e
        case (nil, let b?):
            guard q > 0 else { return nil }
            var e = b
            if q < 1 { applyEffect(options.appear, to: &e, visibleShare: q) }
            e.transitionProgress = q
            e.nextFrame = b.frame
            return e
        default:
            return nil
        }
    }

    /// Whether an element moves or changes size (frame or transform differ): with reduced
    /// motion it fades instead.
    static func moves(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        a.frame != b.frame || a.transform != b.transform
    }

    /// The element progress at which zIndex takes the destination's.
    public static let zIndexSwitch = 0.5

    private func applyEffect(
        _ effect: AppearEffect, to e: inout LayoutAttributes, visibleShare s: Double
    ) {
        switch effect {
        case .fade:
            e.alpha = clamp01(e.alpha * clamp01(s))
        case .scale:
            let k = Swift.max(0, s)
            var t = e.transform ?? .identity
            t.a *= k
            t.b *= k
            t.c *= k
            t.d *= k
            e.transform = t
        case .none:
            break
        }
    }

    /// The frame a fraction q of the way from a to b, as centre and size; sizes never
    /// go below 0.
    @inline(__always)
    static func interpolateFrame(_ a: Rect, _ b: Rect, _ q: Double) -> Rect {
        let w = Swift.max(0, lerp(a.size.width, b.size.width, q))
        let h = Swift.max(0, lerp(a.size.height, b.size.height, q))
        let cx = lerp(a.midX, b.midX, q)
        let cy = lerp(a.midY, b.midY, q)
        return Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
    }

    static func interpolateTransform(_ a: AffineTransform?, _ b: AffineTransform?, _ q: Double)
        -> AffineTransform?
    {
        if a == nil && b == nil { return nil }
        let x = a ?? .identity
        let y = b ?? .identity
        return AffineTransform(
            a: lerp(x.a, y.a, q), b: lerp(x.b, y.b, q), c: lerp(x.c, y.c, q),
            d: lerp(x.d, y.d, q), tx: lerp(x.tx, y.tx, q), ty: lerp(x.ty, y.ty, q))
    }

    /// Values by name: numbers interpolate (and extrapolate), colours interpolate in the
    /// transition's colour space (clamped to 0...1); a value on one side only is kept.
    func interpolateValues(_ a: [CustomValue], _ b: [CustomValue], _ q: Double) -> [CustomValue] {
        if a.isEmpty && b.isEmpty { return a }
        var result: [CustomValue] = []
        result.reserveCapacity(Swift.max(a.count, b.count))
        for v in a {
            guard let w = b.first(where: { $0.name == v.name }) else {
                result.append(v)
                continue
            }
            switch (v.value, w.value) {
            case (.number(let x), .number(let y)):
                result.append(CustomValue(name: v.name, value: .number(lerp(x, y, q))))
            case (.color(let x), .color(let y)):
                let c = options.colorSpace.interpolate(x, y, clamp01(q))
                result.append(CustomValue(name: v.name, value: .color(c)))
            default:
                // Booleans, strings, a number and a colour: switch at the set point.
                result.append(q < options.discreteSwitch ? v : w)
            }
        }
        for w in b where !a.contains(where: { $0.name == w.name }) { result.append(w) }
        return result
    }
}
