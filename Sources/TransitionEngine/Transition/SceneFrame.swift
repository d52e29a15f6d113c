/// What a moment of a scene looks like: enough to build a tick.
public struct SceneFrame: Sendable {
    public var transitionID: Int
    public var sample: AnimatorSample
    public var contentOffset: Point
    public var visibleRect: Rect
    public var geometry: Transition

    /// The session's accessory values at this moment.
    public var accessory: [CustomValue] { geometry.accessory(at: sample.progress) }

    /// Every element visible at this moment (at most `limit`; false when cut short).
    @discardableResult
    public func forEachVisibleAttributes(
        limit: Int = .max, _ body: (consuming LayoutAttributes) -> Void
    ) -> Bool {
        geometry.forEachAttributes(
            at: sample.progress, carry: sample.carry, in: visibleRect, limit: limit, body)
    }

    /// What `forEachVisibleAttributes` finds, appended to `columns` (at most `limit`;
    /// false when cut short).
    @discardableResult
    public func gatherVisibleAttributes(limit: Int = .max, into columns: inout AttributeColumns)
        -> Bool
    {
        geometry.gatherAttributes(
            at: sample.progress, carry: sample.carry, in: visibleRect, limit: limit,
            into: &columns)
    }
}
