/// An explicit layout with an interval index over the frames' vertical extents.
public struct PreparedExplicitLayout: Layout {
    public let contentSize: Size
    public let model: ItemModel
    public var scrollAxis: Axis { .vertical }
    public let stateName: String
    public let values: [CustomValue]
    let frames: [Rect]
    /// Per-item styles (item objects, then `itemStyles`).
    public internal(set) var styles = ItemStyles()
    /// Global index of the first item of each section.
    let sectionBase: [Int]
    /// The frames' vertical extents.
    let index: IntervalIndex
    /// Supplementary elements, sorted by key.
    private(set) var supplementary: [LayoutAttributes]
    /// Their vertical extents.
    let supplementaryIndex: IntervalIndex

    init(
        frames: [Rect], contentSize: Size?, model: ItemModel, stateName: String,
        values: [CustomValue], supplementary: [LayoutAttributes] = []
    ) {
        self.frames = frames
        self.model = model
        self.stateName = stateName
        self.values = values
        var base: [Int] = []
        var total = 0
        for section in model.sections {
            base.append(total)
            total += section.count
        }
        sectionBase = base
        var width = 0.0
        var height = 0.0
        let sorted = supplementary.sorted { $0.key < $1.key }
        for f in frames + sorted.map({ $0.frame }) {
            width = Swift.max(width, f.maxX)
            height = Swift.max(height, f.maxY)
        }
        self.contentSize = contentSize ?? Size(width: width, height: height)
        index = IntervalIndex(lows: frames.map { $0.minY }, highs: frames.map { $0.maxY })
        self.supplementary = sorted
        supplementaryIndex = IntervalIndex(
            lows: sorted.map { $0.frame.minY }, highs: sorted.map { $0.frame.maxY })
    }

    /// Applies the styles rules give supplementary elements (after their own).
    mutating func styleSupplementary() {
        guard !styles.supplementaryIsEmpty else { return }
        for i in supplementary.indices { styles.applySupplementary(to: &supplementary[i]) }
    }

    private func indexPath(ofGlobal index: Int) -> IndexPath {
        var a = 0
        var b = sectionBase.count - 1
        while a < b {
            let mid = (a + b + 1) / 2
            // Empty sections share a base with the next one; pick the last that starts here.
            if sectionBase[mid] <= index { a = mid } else { b = mid - 1 }
        }
        return IndexPath(section: a, item: index - sectionBase[a])
    }

    private func attributes(global index: Int) -> LayoutAttributes {
        let indexPath = indexPath(ofGlobal: index)
        var a = LayoutAttributes(
            key: ElementKey(.cell, indexPath), id: model.id(at: indexPath), frame: frames[index],
            values: values, layoutState: stateName)
        if !styles.isEmpty { styles.applyCell(to: &a) }
        return a
    }

    /// - Complexity: O(1) for a cell, O(log m) for one of m supplementary elements.
    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        guard key.kind == .cell else {
            var a = 0
            var b = supplementary.count
            while a < b {
                let mid = (a + b) / 2
                if supplementary[mid].key < key { a = mid + 1 } else { b = mid }
            }
            return a < supplementary.count && supplementary[a].key == key ? supplementary[a] : nil
        }
        guard model.contains(key.indexPath) else { return nil }
        return attributes(global: sectionBase[key.indexPath.section] + key.indexPath.item)
    }

    /// Cells in element order, then supplementary elements by kind and index path.
    public func forEachAttributes(in query: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        var found: [Int] = []
        var complete = true
        index.forEach(meeting: query.minY, query.maxY) { i in
            guard frames[i].intersects(query) else { return }
            if found.count < limit { found.append(i) } else { complete = false }
        }
        found.sort()
        for i in found { body(attributes(global: i)) }
        guard !supplementary.isEmpty else { return complete }
        var extra: [Int] = []
        supplementaryIndex.forEach(meeting: query.minY, query.maxY) { i in
            guard supplementary[i].frame.intersects(query) else { return }
            if found.count + extra.count < limit { extra.append(i) } else { complete = false }
        }
        extra.sort()
        for i in extra { body(supplementary[i]) }
        return complete
    }
}
