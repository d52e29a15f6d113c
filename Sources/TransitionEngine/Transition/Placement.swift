/// How the content offset at the end of a transition is chosen for a set of items
/// (TLLayoutTransitioning's placements).
public enum Placement: String, Hashable, Sendable, CaseIterable {
    /// The items keep their on-screen position (their anchor stays where it was).
    case minimal
    /// Like `minimal`, then moved the least amount that brings the items fully on screen.
    case visible
    /// The items' anchor goes to the middle of the placement rect.
    case center
    /// The items' top edge goes to the top of the placement rect; likewise the others.
    case top
    case left
    case bottom
    case right
}

extension Placement {
    /// The target content offset (`Transition/README.md`, "Content offset"): offset =
    /// src - dst, clamped to the scrollable range; `visible` then moves the least amount
    /// that shows the items.
    public func targetOffset(_ input: PlacementInput) -> Point {
        let p = Rect(origin: .zero, size: input.toViewport.size).inset(by: input.placementInset)
        let to = input.toFrame
        var src = anchorPoint(input.anchor, in: to)
        let dst: Point
        switch self {
        case .center:
            dst = p.center
        case .top:
            src = Point(x: to.midX, y: to.minY)
            dst = Point(x: p.midX, y: p.minY)
        case .bottom:
            src = Point(x: to.midX, y: to.maxY)
            dst = Point(x: p.midX, y: p.maxY)
        case .left:
            src = Point(x: to.minX, y: to.midY)
            dst = Point(x: p.minX, y: p.midY)
        case .right:
            src = Point(x: to.maxX, y: to.midY)
            dst = Point(x: p.maxX, y: p.midY)
        case .minimal, .visible:
            let a = anchorPoint(input.anchor, in: input.fromFrame)
            dst = Point(x: a.x - input.currentOffset.x, y: a.y - input.currentOffset.y)
        }
        let scrollable =
            input.insetIsContentInset ? Rect(origin: .zero, size: input.toViewport.size) : p
        var offset = clamp(
            Point(x: src.x - dst.x, y: src.y - dst.y), placementRect: scrollable,
            contentSize: input.toContentSize, inset: input.toViewport.contentInset)
        if self == .visible {
            let r = to.offsetBy(dx: -offset.x, dy: -offset.y)
            offset.x += leastCorrection(r.minX, r.maxX, p.minX, p.maxX)
            offset.y += leastCorrection(r.minY, r.maxY, p.minY, p.maxY)
        }
        return offset
    }

    private func anchorPoint(_ a: Point, in r: Rect) -> Point {
        Point(x: r.minX + (r.maxX - r.minX) * a.x, y: r.minY + (r.maxY - r.minY) * a.y)
    }

    /// The scrollable range: from (-inset.left, -inset.top) to the content's far edge.
    private func clamp(_ o: Point, placementRect p: Rect, contentSize: Size, inset: EdgeInsets)
        -> Point
    {
        let minX = 0 - inset.left  // 0 - 0 is +0, never -0
        let minY = 0 - inset.top
        let maxX = Swift.max(minX, inset.right + contentSize.width - p.size.width)
        let maxY = Swift.max(minY, inset.bottom + contentSize.height - p.size.height)
        return Point(
            x: Swift.min(Swift.max(o.x, minX), maxX), y: Swift.min(Swift.max(o.y, minY), maxY))
    }

    /// How far to move the offset so that lo...hi (on screen) lies within plo...phi:
    /// 0 when inside, else the smaller of the two corrections.
    private func leastCorrection(_ lo: Double, _ hi: Double, _ plo: Double, _ phi: Double)
        -> Double
    {
        if lo >= plo && hi <= phi { return 0 }
        let alignLow = lo - plo  // moving the offset by this puts lo at plo
        let alignHigh = hi - phi  // ... and this puts hi at phi
        return Swift.abs(alignLow) <= Swift.abs(alignHigh) ? alignLow : alignHigh
    }
}
