/// Pairs the elements of two layouts by identity: a cell with a stable id matches the
/// cell with the same id; a cell without one matches the id-less cell at the same index
/// path; headers and footers match by kind and section. Never by array position.
struct ElementMatcher: Sendable {
    let from: ItemModel
    let to: ItemModel
    /// True when both models have the same sections, counts and ids, so every cell
    /// matches the cell at its own index path.
    let identical: Bool
    private let fromIDs: [ItemID: IndexPath]
    private let toIDs: [ItemID: IndexPath]

    init(from: ItemModel, to: ItemModel) {
        self.from = from
        self.to = to
        identical =
            from.sections.count == to.sections.count
            && zip(from.sections, to.sections).allSatisfy {
                $0.count == $1.count && $0.ids == $1.ids
            }
        if identical {
            fromIDs = [:]
            toIDs = [:]
        } else {
            fromIDs = ElementMatcher.idIndex(from)
            toIDs = ElementMatcher.idIndex(to)
        }
    }

    private static func idIndex(_ model: ItemModel) -> [ItemID: IndexPath] {
        var index: [ItemID: IndexPath] = [:]
        for (s, section) in model.sections.enumerated() {
            guard let ids = section.ids else { continue }
            for (i, id) in ids.enumerated() { index[id] = IndexPath(section: s, item: i) }
        }
        return index
    }

    /// The destination element matching a source element, if any.
    func destination(of key: ElementKey) -> ElementKey? {
        counterpart(of: key, in: to, ids: toIDs, idOf: from)
    }

    /// The source element matching a destination element, if any.
    func source(of key: ElementKey) -> ElementKey? {
        counterpart(of: key, in: from, ids: fromIDs, idOf: to)
    }

    private func counterpart(
        of key: ElementKey, in other: ItemModel, ids: [ItemID: IndexPath], idOf own: ItemModel
    ) -> ElementKey? {
        guard key.kind == .cell else {
            return key.indexPath.section < other.sections.count ? key : nil
        }
        if identical { return key }
        if let id = own.id(at: key.indexPath) {
            return ids[id].map { ElementKey(.cell, $0) }
        }
        guard other.contains(key.indexPath), other.id(at: key.indexPath) == nil else { return nil }
        return key
    }
}
