extension Transition {
    /// Lists the elements the interval index finds: every element, or only headers and
    /// footers when cells are banded. Each is indexed by its extent along the source's
    /// scroll axis swept over `progressLimits`, so any query at a progress in those limits
    /// finds it.
    /// - Complexity: O(n log n) over the listed elements.
    /// With `carry`, each source element's extent is widened by how far its carried
    /// momentum can take it (its velocity times the reach in seconds).
    /// With `bend`, a matched element's extent covers its arc and keyframe offsets.
    static func listElements(
        from: PreparedLayout, to: PreparedLayout, matcher: ElementMatcher, cellsToo: Bool,
        carry: (carrier: FrozenLayout, reach: Double)? = nil, bend: ElementBend? = nil
    ) -> (pairs: [ElementPair], index: IntervalIndex) {
        let axis = from.scrollAxis
        var pairs: [ElementPair] = []
        var lows: [Double] = []
        var highs: [Double] = []
        func add(_ pair: ElementPair, _ a: Rect?, _ b: Rect?) {
            var lo = Double.infinity
            var hi = -Double.infinity
            for q in [Transition.progressLimits.lowerBound, Transition.progressLimits.upperBound] {
                let r: Rect
                switch (a, b) {
                case (let a?, let b?): r = interpolateFrame(a, b, q)
                case (let a?, nil): r = a
                case (nil, let b?): r = b
                default: return
                }
                lo = Swift.min(lo, r.min(axis))
                hi = Swift.max(hi, r.max(axis))
            }
            if let bend, let a, let b {
                let extent = bend.extent(from: a, to: b, along: axis)
                lo = Swift.min(lo, extent.low)
                hi = Swift.max(hi, extent.high)
            }
            pairs.append(pair)
            lows.append(lo)
            highs.append(hi)
        }
        forEachListed(in: from, cellsToo: cellsToo) { a in
            let key = matcher.destination(of: a.key)
            let b = key.flatMap { to.attributes(at: $0) }
            add(ElementPair(from: a.key, to: b?.key), a.frame, b?.frame)
            if let carry {
                let widen = carry.carrier.velocity(of: a.key).reach(along: axis) * carry.reach
                lows[lows.count - 1] -= widen
                highs[highs.count - 1] += widen
            }
        }
        forEachListed(in: to, cellsToo: cellsToo) { b in
            if let key = matcher.source(of: b.key), from.attributes(at: key) != nil { return }
            add(ElementPair(from: nil, to: b.key), nil, b.frame)
        }
        return (pairs, IntervalIndex(lows: lows, highs: highs))
    }

    /// Every element of `layout`, or only its headers and footers when cells are banded
    /// (without visiting the cells: a session may have millions).
    private static func forEachListed(
        in layout: PreparedLayout, cellsToo: Bool, _ body: (LayoutAttributes) -> Void
    ) {
        if !cellsToo, case .sectioned(let sectioned) = layout {
            sectioned.forEachSupplementaryAttributes(body)
            return
        }
        layout.forEachAttributes(in: .everything) { a in
            if cellsToo || a.kind != .cell { body(a) }
        }
    }

    /// Calls `body` with the attributes at progress p of every element whose frame then
    /// meets `rect`: first headers, footers and listed elements, then banded cells.
    ///
    /// - Parameters:
    ///   - sourceOnly: leave out elements that only the destination has (for a frozen
    ///     layout, which keeps the source's items).
    ///   - limit: stop after this many elements (a degenerate layout, such as millions
    ///     of zero-height rows, can put every element in one viewport).
    /// - Returns: false when `limit` cut the enumeration short.
    /// - Complexity: O(log² n + k) for banded cells, O(log n + k) for listed elements,
    ///   with k at most about `limit`.
    ///   - carry: seconds of carried momentum (the sample's `carry`).
    @discardableResult
    public func forEachAttributes(
        at p: Double, carry k: Double = 0, in rect: Rect, sourceOnly: Bool = false,
        limit: Int = .max,
        _ body: (consuming LayoutAttributes) -> Void
    ) -> Bool {
        // Gathered, then handed out as records: one enumeration to compile, the columns'.
        var columns = AttributeColumns()
        // Room for a small layout's elements at once: a chain of retargets enumerates
        // frozen layouts of a few items many times, and growing cost more than the rest.
        columns.reserveCapacity(32)
        let complete = gatherAttributes(
            at: p, carry: k, in: rect, sourceOnly: sourceOnly, limit: limit, into: &columns)
        for i in columns.indices { body(columns[i]) }
        return complete
    }

    /// What `forEachAttributes` finds, appended to `columns` (the tick's path): a plain
    /// banded cell is a few stores, never a record.
    /// - Returns: false when `limit` cut the enumeration short.
    @discardableResult
    public func gatherAttributes(
        at p: Double, carry k: Double = 0, in rect: Rect, sourceOnly: Bool = false,
        limit: Int = .max, into columns: inout AttributeColumns
    ) -> Bool {
        let p = Swift.min(
            Swift.max(p, Transition.progressLimits.lowerBound),
            Transition.progressLimits.upperBound)
        let axis = from.layout.scrollAxis
        var found: [Int] = []
        var emitted = 0
        // The index yields a superset of what meets the rect; bound it too.
        let candidateLimit = limit > Int.max / 4 ? Int.max : limit * 4
        listedIndex.forEach(meeting: rect.min(axis), rect.max(axis)) {
            if found.count < candidateLimit { found.append($0) }
        }
        var complete = found.count < candidateLimit
        found.sort()
        for i in found {
            guard emitted < limit else { return false }
            let pair = listed[i]
            if sourceOnly && pair.from == nil { continue }
            let a = pair.from.flatMap { from.layout.attributes(at: $0) }
            let b = pair.to.flatMap { to.layout.attributes(at: $0) }
            guard var e = attributes(from: a, to: b, progress: p, carry: k),
                e.frame.intersects(rect)
            else {
                continue
            }
            if sourceOnly { e.key = pair.from! }
            columns.append(e)
            emitted += 1
        }
        if let banded {
            complete =
                forEachBandedCell(
                    banded.from, banded.to, at: p, in: rect, sourceOnly: sourceOnly,
                    limit: limit - emitted, into: &columns)
                && complete
        }
        return complete
    }

    /// The attributes of every element at progress p in the visible rect of that moment.
    public func visibleAttributes(at p: Double, carry k: Double = 0) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        forEachAttributes(at: p, carry: k, in: visibleRect(at: p, carry: k)) { result.append($0) }
        return result
    }

    /// The attributes of one element at progress p: by its source key (reported under
    /// that key), or by its destination key for an element new to the destination.
    public func attributes(of key: ElementKey, inSource: Bool, at p: Double, carry k: Double = 0)
        -> LayoutAttributes?
    {
        if inSource {
            let a = from.layout.attributes(at: key)
            let b = matcher.destination(of: key).flatMap { to.layout.attributes(at: $0) }
            guard a != nil, var e = attributes(from: a, to: b, progress: p, carry: k) else {
                return nil
            }
            e.key = key
            return e
        }
        guard matcher.source(of: key).flatMap({ from.layout.attributes(at: $0) }) == nil else {
            return nil
        }
        return attributes(from: nil, to: to.layout.attributes(at: key), progress: p)
    }

    // MARK: Banded cells

    /// Calls `body` with the elements attached to one banded cell (matched by kind: the
    /// cell's index path is the same on both sides) that meet `rect` at progress p; with
    /// `sourceOnly`, not those only the destination has.
    /// - Returns: false when `limit` cut it short.
    private func forEachAttachedPair(
        _ fromLayout: SectionedLayout, _ toLayout: SectionedLayout, section s: Int, item i: Int,
        _ fromFrame: Rect, _ toFrame: Rect, at p: Double, in rect: Rect, sourceOnly: Bool,
        limit: Int,
        emitted: inout Int, into columns: inout AttributeColumns
    ) -> Bool {
        func emit(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
            if sourceOnly && a == nil { return true }
            guard let e = attributes(from: a, to: b, progress: p), e.frame.intersects(rect) else {
                return true
            }
            guard emitted < limit else { return false }
            columns.append(e)
            emitted += 1
            return true
        }
        for attachment in fromLayout.itemAttachments {
            let a = fromLayout.attachedAttributes(
                attachment, section: s, item: i, cellFrame: fromFrame)
            let b = toLayout.attachedAttributes(
                kind: attachment.kind, section: s, item: i, cellFrame: toFrame)
            guard emit(a, b) else { return false }
        }
        for attachment in toLayout.itemAttachments
        where !fromLayout.itemAttachments.contains(where: { $0.kind == attachment.kind }) {
            guard
                emit(
                    nil,
                    toLayout.attachedAttributes(attachment, section: s, item: i, cellFrame: toFrame)
                )
            else {
                return false
            }
        }
        return true
    }

    private func locate(_ g: Int) -> (section: Int, item: Int) {
        var a = 0
        var b = cellBase.count - 1
        while a < b {
            let mid = (a + b + 1) / 2
            if cellBase[mid] <= g { a = mid } else { b = mid - 1 }
        }
        // Skip empty sections that share this base.
        while a + 1 < cellBase.count, cellBase[a + 1] <= g { a += 1 }
        return (a, g - cellBase[a])
    }

    /// - Returns: false when `limit` cut it short.
    private func forEachBandedCell(
        _ fromLayout: SectionedLayout, _ toLayout: SectionedLayout, at p: Double, in rect: Rect,
        sourceOnly: Bool, limit: Int, into columns: inout AttributeColumns
    ) -> Bool {
        let model = fromLayout.model
        let total = cellBase.last.map { $0 + model.sections[cellBase.count - 1].count } ?? 0
        guard total > 0 else { return true }
        let axis = fromLayout.scrollAxis
        // The progress range of the cells at this moment; overshoot is searched at the
        // nearest progress in 0...1 with the rect widened by two viewport lengths per unit.
        let clamped = Swift.min(Swift.max(p, 0), 1)
        var qa = clamped
        var qb = clamped
        if let stagger, clamped > 0, clamped < 1 {
            qa = convertToWindow(clamped, start: stagger.spread, end: 1)
            qb = convertToWindow(clamped, start: 0, end: 1 - stagger.spread)
        }
        // Attached elements (badges) can stick out of their cells: look that much further.
        let widen =
            Swift.abs(p - clamped) * 2
            * Swift.max(from.viewport.size[axis], to.viewport.size[axis])
            + Swift.max(fromLayout.attachmentReach, toLayout.attachmentReach)
        let reduced = options.reducedMotion
        let lo = rect.min(axis) - widen
        let hi = rect.max(axis) + widen
        func band(_ g: Int) -> (lo: Double, hi: Double) {
            let (s, i) = locate(g)
            let a = fromLayout.cellBand(section: s, item: i)
            let b = toLayout.cellBand(section: s, item: i)
            // A reduced cell is at one end or the other: both bands (still sorted).
            if reduced { return (Swift.min(a.lo, b.lo), Swift.max(a.hi, b.hi)) }
            return (
                Swift.min(lerp(a.lo, b.lo, qa), lerp(a.lo, b.lo, qb)),
                Swift.max(lerp(a.hi, b.hi, qa), lerp(a.hi, b.hi, qb))
            )
        }
        // First cell whose band reaches lo; last whose band starts by hi.
        var a = 0
        var b = total
        while a < b {
            let mid = (a + b) / 2
            if band(mid).hi < lo { a = mid + 1 } else { b = mid }
        }
        let first = a
        b = total
        while a < b {
            let mid = (a + b) / 2
            if band(mid).lo <= hi { a = mid + 1 } else { b = mid }
        }
        guard first < a else { return true }
        var emitted = 0
        // Cells of these layouts differ only in frame: values and state are per layout,
        // so without stagger they are interpolated once for the whole query.
        // Any progress but the ends, overshoot included (values extrapolate there).
        let sharedValues =
            stagger == nil && p != 0 && p != 1
            ? interpolateValues(fromLayout.values, toLayout.values, p) : []
        // Styled, keyframed and reduced cells, and content layers, differ one by one: they
        // take the general path.
        let styled =
            !fromLayout.styles.isEmpty || !toLayout.styles.isEmpty || keyframePlan != nil
            || reduced || options.hasContentLayers
        let attached = !fromLayout.itemAttachments.isEmpty || !toLayout.itemAttachments.isEmpty
        var (s, i) = locate(first)
        // The WebAssembly module leaves this path out (its size budget): the loop after
        // it gives the same cells, a call and a few checks more for each.
        #if !arch(wasm32)
            if stagger == nil, !styled, !attached {
                var fromWalk = CellWalk()
                var toWalk = CellWalk()
                // Every cell at progress p, with the same values and state: stored as found,
                // with no call or check per cell.
                let (values, state) =
                    p == 0
                    ? (fromLayout.values, fromLayout.stateName)
                    : (p == 1 ? toLayout.values : sharedValues, toLayout.stateName)
                let room = Swift.min(a - first, limit)
                var complete = true
                columns.appendPlainCells(upTo: room, values: values, state: state, model: model) {
                    cells in
                    var n = 0
                    for _ in first..<a {
                        guard n < room else {
                            complete = false
                            break
                        }
                        while i >= model.sections[s].count {
                            s += 1
                            i = 0
                        }
                        let fromFrame = fromWalk.frame(in: fromLayout, section: s, item: i)
                        let toFrame = toWalk.frame(in: toLayout, section: s, item: i)
                        let frame =
                            p == 0
                            ? fromFrame
                            : p == 1 ? toFrame : Transition.interpolateFrame(fromFrame, toFrame, p)
                        if frame.intersects(rect) {
                            cells[n] = ElementPlacement(
                                key: ElementKey(.cell, IndexPath(section: s, item: i)),
                                frame: frame,
                                nextFrame: toFrame, progress: p)
                            n += 1
                        }
                        i += 1
                    }
                    return n
                }
                return complete
            }
        #endif
        for _ in first..<a {
            guard emitted < limit else { return false }
            while i >= model.sections[s].count {
                s += 1
                i = 0
            }
            let fromFrame = fromLayout.cellFrame(section: s, item: i)
            let toFrame = toLayout.cellFrame(section: s, item: i)
            if attached {
                let complete = forEachAttachedPair(
                    fromLayout, toLayout, section: s, item: i, fromFrame, toFrame, at: p, in: rect,
                    sourceOnly: sourceOnly, limit: limit, emitted: &emitted, into: &columns)
                guard complete, emitted < limit else { return false }
            }
            if styled {
                let pair = attributes(
                    from: fromLayout.cellAttributes(section: s, item: i, frame: fromFrame),
                    to: toLayout.cellAttributes(section: s, item: i, frame: toFrame), progress: p)
                if let e = pair, e.frame.intersects(rect) {
                    columns.append(e)
                    emitted += 1
                }
                i += 1
                continue
            }
            let indexPath = IndexPath(section: s, item: i)
            var q = p
            if let stagger, p >= 0, p <= 1 {
                let w = stagger.window(cellAt: indexPath, frame: fromFrame, transition: self)
                q = convertToWindow(p, start: w.start, end: w.end)
            }
            let frame =
                q == 0
                ? fromFrame : q == 1 ? toFrame : Transition.interpolateFrame(fromFrame, toFrame, q)
            guard frame.intersects(rect) else {
                i += 1
                continue
            }
            let values =
                q == 0
                ? fromLayout.values
                : q == 1
                    ? toLayout.values
                    : stagger == nil
                        ? sharedValues : interpolateValues(fromLayout.values, toLayout.values, q)
            columns.appendCell(
                ElementKey(.cell, indexPath), id: model.id(at: indexPath), frame: frame,
                nextFrame: toFrame, progress: q, values: values,
                state: q == 0 ? fromLayout.stateName : toLayout.stateName)
            emitted += 1
            i += 1
        }
        return true
    }
}
