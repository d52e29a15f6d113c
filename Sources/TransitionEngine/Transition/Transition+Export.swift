/// What an exporter needs to write a transition in another format: every element with
/// its two ends, and each element's own progress (its stagger window applied).
extension Transition {
    /// One element of the transition: its attributes at the start (nil for an element
    /// that appears) and at the end (nil for one that disappears).
    public struct ElementEnds: Sendable {
        public var from: LayoutAttributes?
        public var to: LayoutAttributes?
    }

    /// Every element of the transition, source elements first in layout order, then
    /// those only the destination has. Elements are reported under their source key.
    ///
    /// - Complexity: O(n) over both layouts.
    public func allElements() -> [ElementEnds] {
        var result: [ElementEnds] = []
        from.layout.forEachAttributes(in: .everything) { a in
            let b = matcher.destination(of: a.key).flatMap { to.layout.attributes(at: $0) }
            result.append(ElementEnds(from: a, to: b))
        }
        to.layout.forEachAttributes(in: .everything) { b in
            if let key = matcher.source(of: b.key), from.layout.attributes(at: key) != nil {
                return
            }
            result.append(ElementEnds(from: nil, to: b))
        }
        return result
    }

    /// The element's progress window in transition progress (0...1 without stagger).
    public func progressWindow(of element: ElementEnds) -> (start: Double, end: Double) {
        stagger?.window(from: element.from, to: element.to, transition: self) ?? (0, 1)
    }

    /// Whether keyframes or an arc shape the element, so that its pose is not linear in
    /// its progress (an exporter then follows it pose by pose).
    /// With reduced motion: whether it fades out and in (its frame or transform changes).
    public func isShaped(_ element: ElementEnds) -> Bool {
        guard let a = element.from, let b = element.to else { return false }
        if options.reducedMotion { return Transition.moves(a, b) }
        return !keyframes(for: a.key).isEmpty || arc(a.frame, b.frame) != nil
    }

    /// The element progress of each keyframe stop that applies to the element, where its
    /// tracks may turn sharply (an exporter puts a key there).
    public func keyframeProgresses(of element: ElementEnds) -> [Double] {
        guard let a = element.from, element.to != nil else { return [] }
        return keyframes(for: a.key).map { $0.at }
    }

    /// The keyframe stops that apply to the element, in order of `at` (none for an
    /// element of one side).
    public func keyframeStops(of element: ElementEnds) -> [Keyframe] {
        guard let a = element.from, element.to != nil else { return [] }
        return keyframes(for: a.key)
    }

    /// Whether the element travels along an arc (the transition bends and it moves).
    public func bends(_ element: ElementEnds) -> Bool {
        guard let a = element.from, let b = element.to else { return false }
        return arc(a.frame, b.frame) != nil
    }

    #if !hasFeature(Embedded)
        /// The element's attributes at its own progress q: what `transition/sample` reports
        /// at the moment the element's progress is q. (Not in Embedded builds: the module
        /// writes keyframed elements pose by pose, and one copy of the interpolation is
        /// smaller.)
        public func attributes(of element: ElementEnds, atElementProgress q: Double)
            -> LayoutAttributes?
        {
            attributes(from: element.from, to: element.to, elementProgress: q)
        }
    #endif

    /// The element's own progress at transition progress p, as `attributes` computes it.
    public func elementProgress(_ p: Double, window: (start: Double, end: Double)) -> Double {
        elementProgress(p, window: Optional(window))
    }
}
