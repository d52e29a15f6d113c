/// The poses of a frozen layout, stored: what a `FrozenLayout` keeps instead of its
/// transition when reading them from it would pass through another frozen layout (a
/// chain of superseding starts, retargets or cancels in place).
///
/// Each pose is the answer the frozen layout gave when stored, so queries answer exactly
/// as before, and nothing of the transitions before it is retained.
/// - Complexity: building O(n log n) for n elements; a cell by key O(1), another element
///   O(log n); a rect query O(log n + k) for k elements found.
final class FrozenPoses: Sendable {
    /// Every element, in the order the frozen layout enumerated them.
    let poses: [LayoutAttributes]
    /// The velocity of each pose when frozen (`FrozenLayout.velocity(of:)`).
    let velocities: [FrameVelocity]
    /// The pose of each cell, by global cell index (-1 for none).
    let cells: [Int]
    /// Global index of each section's first cell.
    let cellBase: [Int]
    /// The poses that are not cells of the model, by key.
    let others: [Int]
    /// The poses' extents along the scroll axis.
    let index: IntervalIndex
    let contentSize: Size
    let model: ItemModel
    let scrollAxis: Axis
    let stateName: String
    let contentOffsetVelocity: Point

    /// Stores the answers of `layout`.
    init(_ layout: FrozenLayout) {
        var poses: [LayoutAttributes] = []
        layout.forEachAttributes(in: .everything) { poses.append($0) }
        model = layout.model
        var base: [Int] = []
        var total = 0
        for section in model.sections {
            base.append(total)
            total += section.count
        }
        let axis = layout.scrollAxis
        var cells = [Int](repeating: -1, count: total)
        var others: [Int] = []
        var lows: [Double] = []
        var highs: [Double] = []
        var velocities: [FrameVelocity] = []
        for i in poses.indices {
            let key = poses[i].key
            let cell = key.kind == .cell && model.contains(key.indexPath)
            let slot = cell ? base[key.indexPath.section] + key.indexPath.item : 0
            if cell, cells[slot] < 0 { cells[slot] = i } else { others.append(i) }
            lows.append(poses[i].frame.min(axis))
            highs.append(poses[i].frame.max(axis))
            velocities.append(layout.velocity(of: key))
        }
        others.sort { poses[$0].key < poses[$1].key }
        index = IntervalIndex(lows: lows, highs: highs)
        self.poses = poses
        self.velocities = velocities
        self.cells = cells
        self.others = others
        cellBase = base
        contentSize = layout.contentSize
        scrollAxis = axis
        stateName = layout.stateName
        contentOffsetVelocity = layout.contentOffsetVelocity
    }

    /// The index of the pose with this key.
    func position(of key: ElementKey) -> Int? {
        if key.kind == .cell, model.contains(key.indexPath) {
            let slot = cells[cellBase[key.indexPath.section] + key.indexPath.item]
            if slot >= 0 { return slot }
        }
        var a = 0
        var b = others.count
        while a < b {
            let mid = (a + b) / 2
            if poses[others[mid]].key < key { a = mid + 1 } else { b = mid }
        }
        guard a < others.count, poses[others[a]].key == key else { return nil }
        return others[a]
    }

    /// As `Transition.forEachAttributes`: candidates bounded to four times `limit`,
    /// emitted in element order.
    func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        var found: [Int] = []
        let candidateLimit = limit > Int.max / 4 ? Int.max : limit * 4
        index.forEach(meeting: rect.min(scrollAxis), rect.max(scrollAxis)) {
            if found.count < candidateLimit { found.append($0) }
        }
        let complete = found.count < candidateLimit
        found.sort()
        var emitted = 0
        for i in found where poses[i].frame.intersects(rect) {
            guard emitted < limit else { return false }
            body(poses[i])
            emitted += 1
        }
        return complete
    }
}
