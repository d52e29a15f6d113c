extension Transition {
    /// Resolves where the content offset ends.
    static func targetOffset(
        from: PlacedLayout, to: PlacedLayout, target: ContentOffsetTarget, matcher: ElementMatcher
    ) throws(ValidationError) -> Point {
        switch target {
        case .point(let p):
            try ValidationError.checkFinite(p.x, field: "contentOffset.x")
            try ValidationError.checkFinite(p.y, field: "contentOffset.y")
            return p
        case .displaySwitch:
            guard case .displaySwitch(let a)? = from.spec?.geometry,
                case .displaySwitch(let b)? = to.spec?.geometry
            else {
                throw ValidationError(
                    field: "contentOffset.strategy",
                    message: "displaySwitch needs displaySwitch layouts on both sides")
            }
            return displaySwitchTargetOffset(previous: from.contentOffset, from: a, to: b)
        case .placement(let placement, let items, let anchor, let givenInset, let insetByContent):
            let inset = insetByContent ? to.viewport.contentInset : givenInset
            guard !items.isEmpty else {
                throw ValidationError(
                    field: "contentOffset.items", message: "must name at least one item")
            }
            var toFrame: Rect? = nil
            var fromFrame: Rect? = nil
            for (k, indexPath) in items.enumerated() {
                guard let b = to.layout.attributes(at: indexPath) else {
                    throw ValidationError(
                        field: "contentOffset.items[\(k)]",
                        message: "no item at \(indexPath) in the destination")
                }
                toFrame = toFrame.map { $0.union(b.frame) } ?? b.frame
                if let key = matcher.source(of: b.key), let a = from.layout.attributes(at: key) {
                    fromFrame = fromFrame.map { $0.union(a.frame) } ?? a.frame
                }
            }
            try ValidationError.checkInsets(inset, field: "contentOffset.inset")
            if let anchor {
                try ValidationError.checkFinite(anchor.x, field: "contentOffset.anchor.x")
                try ValidationError.checkFinite(anchor.y, field: "contentOffset.anchor.y")
            }
            // Items new to the destination keep the on-screen place they will have.
            let fromRect =
                fromFrame
                ?? toFrame!.offsetBy(
                    dx: from.contentOffset.x - to.contentOffset.x,
                    dy: from.contentOffset.y - to.contentOffset.y)
            var input = PlacementInput(
                fromFrame: fromRect, toFrame: toFrame!, currentOffset: from.contentOffset,
                toViewport: to.viewport, toContentSize: to.layout.contentSize,
                placementInset: inset, anchor: anchor ?? Point(x: 0.5, y: 0.5))
            input.insetIsContentInset = insetByContent
            return placement.targetOffset(input)
        case .automatic:
            return automaticOffset(from: from, to: to, matcher: matcher)
        }
    }

    /// The cell nearest the middle of the visible rect keeps its on-screen position
    /// (`minimal` placement of that cell); with no such cell the offset is kept, clamped.
    static func automaticOffset(from: PlacedLayout, to: PlacedLayout, matcher: ElementMatcher)
        -> Point
    {
        let visible = from.visibleRect
        let middle = visible.center
        var best: (distance: Double, from: Rect, to: Rect)? = nil
        from.layout.forEachAttributes(in: visible) { a in
            guard a.kind == .cell, let key = matcher.destination(of: a.key),
                let b = to.layout.attributes(at: key)
            else { return }
            let dx = a.frame.midX - middle.x
            let dy = a.frame.midY - middle.y
            let d = dx * dx + dy * dy
            if best == nil || d < best!.distance { best = (d, a.frame, b.frame) }
        }
        guard let best else { return to.clamped(from.contentOffset) }
        return Placement.minimal.targetOffset(
            PlacementInput(
                fromFrame: best.from, toFrame: best.to, currentOffset: from.contentOffset,
                toViewport: to.viewport, toContentSize: to.layout.contentSize))
    }
}
