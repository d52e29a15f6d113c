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
    let cells: [Int32]
    /// Global index of each section's first cell.
    let cellBase: [Int]
    /// The poses that are not cells of the model, by key.
    let others: [Int32]
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
        var cells = [Int32](repeating: -1, count: total)
        var others: [Int32] = []
        for (i, pose) in poses.enumerated() {
            let path = pose.key.indexPath
            if pose.kind == .cell, model.contains(path), cells[base[path.section] + path.item] < 0 {
                cells[base[path.section] + path.item] = Int32(i)
            } else {
                others.append(Int32(i))
            }
        }
        others.sort { poses[Int($0)].key < poses[Int($1)].key }
        let axis = layout.scrollAxis
        index = IntervalIndex(
            lows: poses.map { $0.frame.min(axis) }, highs: poses.map { $0.frame.max(axis) })
        velocities = poses.map { layout.velocity(of: $0.key) }
        self.poses = poses
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
            if slot >= 0 { return Int(slot) }
        }
        var a = 0
        var b = others.count
        while a < b {
            let mid = (a + b) / 2
            if poses[Int(others[mid])].key < key { a = mid + 1 } else { b = mid }
        }
        guard a < others.count, poses[Int(others[a])].key == key else { return nil }
        return Int(others[a])
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
