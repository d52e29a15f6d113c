/// The items a session shows: per section a count, and optionally stable ids and
/// per-item sizes. A section with neither stores nothing per item.
public struct SectionModel: Hashable, Sendable {
    public var count: Int
    /// One id per item, when the client identifies items (matched across transitions).
    public var ids: [ItemID]?
    /// One size per item, used by flow-based layouts instead of their item size.
    public var sizes: [Size]?

    public init(count: Int, ids: [ItemID]? = nil, sizes: [Size]? = nil) {
        self.count = count
        self.ids = ids
        self.sizes = sizes
    }
}
