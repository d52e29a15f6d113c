/// A stagger resolved for one transition: each element's rank r in 0...R gives it the
/// window start = (r / R) σ, end = start + 1 - σ, with σ the spread.
struct StaggerPlan: Sendable {
    let stagger: Stagger
    /// The share of the progress between the first and the last start.
    let spread: Double
    let ranks: Double
    /// Index order: the global index of the first cell visible at the start.
    let firstVisible: Int
    /// Distance order: the reference point and the largest distance among the cells
    /// visible at the start.
    let reference: Point
    let maxDistance: Double
    let cellBase: [Int]
    let toCellBase: [Int]

    init(
        _ stagger: Stagger, from: PlacedLayout, to: PreparedLayout, matcher: ElementMatcher,
        cellBase: [Int], duration: Double
    ) {
        self.stagger = stagger
        self.cellBase = cellBase
        var base: [Int] = []
        var total = 0
        for section in to.model.sections {
            base.append(total)
            total += section.count
        }
        toCellBase = base
        let visible = from.layout.attributes(in: from.visibleRect).filter { $0.kind == .cell }
        let ranks = Double(Swift.max(visible.count - 1, 0))
        self.ranks = ranks
        spread = stagger.spread(ranks: Int(ranks), duration: duration)
        firstVisible = visible.first.map { cellBase[$0.indexPath.section] + $0.indexPath.item } ?? 0
        var reference = from.visibleRect.center
        if case .distance(let item?) = stagger.order {
            if let a = from.layout.attributes(at: item) {
                reference = a.frame.center
            } else if let b = to.attributes(at: item) {
                reference = b.frame.center
            }
        }
        self.reference = reference
        var maxDistance = 0.0
        for a in visible {
            maxDistance = Swift.max(maxDistance, StaggerPlan.distance(a.frame.center, reference))
        }
        self.maxDistance = maxDistance
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The element's window in progress, from its rank.
    func window(from a: LayoutAttributes?, to b: LayoutAttributes?, transition: Transition)
        -> (start: Double, end: Double)
    {
        guard ranks > 0, spread > 0 else { return (0, 1) }
        var rank: Double
        switch stagger.order {
        case .index:
            let g: Int
            if let a {
                g = StaggerPlan.globalIndex(a, cellBase, transition.from.layout.model)
            } else if let b {
                g = StaggerPlan.globalIndex(b, toCellBase, transition.to.layout.model)
            } else {
                g = firstVisible
            }
            rank = Double(g - firstVisible)
        case .distance:
            let frame = (a ?? b)?.frame ?? .zero
            rank =
                maxDistance > 0
                ? ranks * StaggerPlan.distance(frame.center, reference) / maxDistance : 0
        }
        rank = Swift.min(Swift.max(rank, 0), ranks)
        if stagger.reversed { rank = ranks - rank }
        let start = rank / ranks * spread
        return (start, start + 1 - spread)
    }

    /// The window of a banded cell (same items on both sides), from its source frame.
    func window(cellAt indexPath: IndexPath, frame: Rect, transition: Transition) -> (
        start: Double, end: Double
    ) {
        guard ranks > 0, spread > 0 else { return (0, 1) }
        var rank: Double
        switch stagger.order {
        case .index:
            rank = Double(cellBase[indexPath.section] + indexPath.item - firstVisible)
        case .distance:
            rank =
                maxDistance > 0
                ? ranks * StaggerPlan.distance(frame.center, reference) / maxDistance : 0
        }
        rank = Swift.min(Swift.max(rank, 0), ranks)
        if stagger.reversed { rank = ranks - rank }
        let start = rank / ranks * spread
        return (start, start + 1 - spread)
    }

    /// A cell's position in element order; a header counts as its section's first cell,
    /// a footer as its last, another supplementary element as the cell of its index path
    /// (or the section's last, past the end).
    static func globalIndex(_ e: LayoutAttributes, _ base: [Int], _ model: ItemModel) -> Int {
        let s = e.indexPath.section
        guard base.indices.contains(s) else { return 0 }
        switch e.kind {
        case .cell: return base[s] + e.indexPath.item
        case .header: return base[s]
        case .footer: return base[s] + Swift.max(model.sections[s].count - 1, 0)
        default:
            return base[s] + Swift.min(e.indexPath.item, Swift.max(model.sections[s].count - 1, 0))
        }
    }
}
