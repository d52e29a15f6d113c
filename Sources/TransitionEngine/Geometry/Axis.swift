/// One of the two axes; a flow layout's scroll direction is the axis lines stack along.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical

    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}
