/// A prepared layout of any type: what a scene shows at rest and what a transition
/// goes from and to.
///
/// The set of types is closed, so this is an enum dispatched by `switch`, not an
/// `any Layout` existential: the compiler checks every switch, each query is a direct
/// call, and the engine compiles as Embedded Swift, which has no existentials of
/// non-class protocols (see `Layouts/README.md`, "A closed set of layouts").
public enum PreparedLayout: Layout {
    /// A `flow`, `list`, `grid` or `displaySwitch` layout.
    case sectioned(SectionedLayout)
    /// An `explicit` layout: the client's frames.
    case explicit(PreparedExplicitLayout)
    /// A transition frozen by cancel-in-place.
    case frozen(FrozenLayout)

    public var contentSize: Size {
        switch self {
        case .sectioned(let layout): return layout.contentSize
        case .explicit(let layout): return layout.contentSize
        case .frozen(let layout): return layout.contentSize
        }
    }

    public var model: ItemModel {
        switch self {
        case .sectioned(let layout): return layout.model
        case .explicit(let layout): return layout.model
        case .frozen(let layout): return layout.model
        }
    }

    public var scrollAxis: Axis {
        switch self {
        case .sectioned(let layout): return layout.scrollAxis
        case .explicit(let layout): return layout.scrollAxis
        case .frozen(let layout): return layout.scrollAxis
        }
    }

    public var stateName: String {
        switch self {
        case .sectioned(let layout): return layout.stateName
        case .explicit(let layout): return layout.stateName
        case .frozen(let layout): return layout.stateName
        }
    }

    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        switch self {
        case .sectioned(let layout): return layout.attributes(at: key)
        case .explicit(let layout): return layout.attributes(at: key)
        case .frozen(let layout): return layout.attributes(at: key)
        }
    }

    public func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        switch self {
        case .sectioned(let layout): return layout.forEachAttributes(in: rect, limit: limit, body)
        case .explicit(let layout): return layout.forEachAttributes(in: rect, limit: limit, body)
        case .frozen(let layout): return layout.forEachAttributes(in: rect, limit: limit, body)
        }
    }

    public func cellBand(section: Int, item: Int) -> (lo: Double, hi: Double) {
        switch self {
        case .sectioned(let layout): return layout.cellBand(section: section, item: item)
        case .explicit(let layout): return layout.cellBand(section: section, item: item)
        case .frozen(let layout): return layout.cellBand(section: section, item: item)
        }
    }

    /// The layout as a `SectionedLayout`, when it is one.
    public var sectioned: SectionedLayout? {
        if case .sectioned(let layout) = self { return layout }
        return nil
    }

    /// The layout as a `PreparedExplicitLayout`, when it is one.
    public var explicit: PreparedExplicitLayout? {
        if case .explicit(let layout) = self { return layout }
        return nil
    }

    /// The layout as a `FrozenLayout`, when it is one.
    public var frozen: FrozenLayout? {
        if case .frozen(let layout) = self { return layout }
        return nil
    }
}
