/// A prepared layout: for one viewport and item model, where every element is.
///
/// Queries cost O(log n + k) for k results; a layout of uniform items stores nothing
/// per item.
///
/// Conformers are the prepared types (`SectionedLayout`, `PreparedExplicitLayout`,
/// `FrozenLayout`) and `PreparedLayout`, the enum of them that sessions and transitions
/// hold. The protocol serves generic code (`some Layout`) and the conveniences below;
/// it is never used as an existential (`any Layout`), which Embedded Swift does not have.
public protocol Layout: Sendable {
    /// The size of the scrollable content.
    var contentSize: Size { get }
    /// The items laid out.
    var model: ItemModel { get }
    /// The axis the content scrolls along.
    var scrollAxis: Axis { get }
    /// The name carried as `layoutState` (`list`, `grid`, `flow`, `explicit`, ...).
    var stateName: String { get }

    /// The attributes of one element, or nil when the layout has no such element.
    /// - Complexity: O(log n) at most.
    func attributes(at key: ElementKey) -> LayoutAttributes?

    /// Calls `body` with the attributes of every element whose frame meets `rect`,
    /// in element order (per section: header, cells, footer), stopping after `limit`.
    /// - Returns: false when `limit` cut the enumeration short.
    /// - Complexity: O(log n + k) for k elements found (k at most about `limit`).
    func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void) -> Bool

    /// An extent along the scroll axis that contains the cell's frame.
    func cellBand(section: Int, item: Int) -> (lo: Double, hi: Double)
}

extension Layout {
    public func cellBand(section: Int, item: Int) -> (lo: Double, hi: Double) {
        guard let frame = attributes(at: IndexPath(section: section, item: item))?.frame else {
            return (0, 0)
        }
        return (frame.min(scrollAxis), frame.max(scrollAxis))
    }
}

extension Layout {
    /// Every element whose frame meets `rect`, in element order, with no limit.
    public func forEachAttributes(in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        _ = forEachAttributes(in: rect, limit: .max, body)
    }

    /// The attributes of every element whose frame meets `rect`, in element order.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        forEachAttributes(in: rect) { result.append($0) }
        return result
    }

    /// The attributes of the cell at `indexPath`.
    public func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
        attributes(at: ElementKey(.cell, indexPath))
    }

    /// Every element of the layout, in element order.
    /// - Complexity: O(n); meant for tests and small layouts.
    public func allAttributes() -> [LayoutAttributes] {
        attributes(in: Rect.everything)
    }
}

extension Rect {
    /// A rect that meets every finite frame.
    public static let everything = Rect(
        x: -Double.greatestFiniteMagnitude / 4, y: -Double.greatestFiniteMagnitude / 4,
        width: Double.greatestFiniteMagnitude / 2, height: Double.greatestFiniteMagnitude / 2)
}
