/// An attached kind ready for queries: its code, and its items sorted.
struct PreparedAttachment: Sendable {
    let kind: ElementKind
    let spec: AttachedSupplementary
    /// The items that have one, sorted; nil: every item.
    let items: [IndexPath]?

    init(kind: ElementKind, spec: AttachedSupplementary) {
        self.kind = kind
        self.spec = spec
        items = spec.items.map { Array(Set($0)).sorted() }
    }

    /// Whether the item has an element of this kind.
    /// - Complexity: O(log m) for m selected items, O(1) without a selection.
    @inline(__always)
    func covers(_ indexPath: IndexPath) -> Bool {
        guard let items else { return true }
        var a = 0
        var b = items.count
        while a < b {
            let mid = (a + b) / 2
            if items[mid] < indexPath { a = mid + 1 } else { b = mid }
        }
        return a < items.count && items[a] == indexPath
    }

    /// The element's attributes for its container.
    func attributes(_ indexPath: IndexPath, container: Rect, stateName: String) -> LayoutAttributes
    {
        var a = LayoutAttributes(
            key: ElementKey(kind, indexPath), frame: spec.frame(in: container),
            layoutState: stateName)
        spec.style.apply(to: &a)
        return a
    }
}
