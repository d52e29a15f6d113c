/// A declarative description of a layout, as a client sends it; `prepare` turns it into
/// a `Layout` for a viewport and an item model.
public struct LayoutSpec: Hashable, Sendable {
    public enum Geometry: Hashable, Sendable {
        case flow(FlowLayout)
        case list(ListLayout)
        case grid(GridLayout)
        case displaySwitch(DisplaySwitchLayout)
        case explicit(frames: [Rect], contentSize: Size?)
    }

    public var geometry: Geometry
    /// Custom values every cell carries (animated by transitions).
    public var values: [CustomValue]
    /// Values of the whole session in this layout, such as DisplaySwitcher's toggle
    /// button (rotation, stroke end, line width): interpolated by transitions and sent
    /// with every tick.
    public var accessory: [CustomValue]
    /// Per-item styles, later rules winning (an explicit layout's item objects come
    /// first, as `globalIndices` rules).
    public var itemStyles: [ItemStyleRule] = []
    /// The style of every cell, under `itemStyles` (`cellStyle`).
    public var cellStyle: ItemStyle? {
        get { cellStyleBox?.style }
        set { cellStyleBox = newValue.map(ItemStyleBox.init) }
    }
    private var cellStyleBox: ItemStyleBox? = nil
    /// The `layoutState` name; by default the layout type (`list`, `grid`, `flow`,
    /// `explicit`) or the displaySwitch mode.
    public var state: String?
    /// Supplementary elements of any kind an `explicit` layout places (other types
    /// ignore them).
    public var supplementary: [SupplementaryItem] = []
    /// Supplementary kinds a flow, list, grid or displaySwitch layout attaches to its
    /// items or sections (`explicit` ignores them).
    public var attached: [AttachedSupplementary] = []

    public init(
        _ geometry: Geometry, values: [CustomValue] = [], accessory: [CustomValue] = [],
        state: String? = nil
    ) {
        self.geometry = geometry
        self.values = values
        self.accessory = accessory
        self.state = state
    }

    public static func flow(_ layout: FlowLayout) -> LayoutSpec { LayoutSpec(.flow(layout)) }
    public static func list(_ layout: ListLayout) -> LayoutSpec { LayoutSpec(.list(layout)) }
    public static func grid(_ layout: GridLayout) -> LayoutSpec { LayoutSpec(.grid(layout)) }
    public static func displaySwitch(_ layout: DisplaySwitchLayout) -> LayoutSpec {
        LayoutSpec(.displaySwitch(layout))
    }
    public static func explicit(_ frames: [Rect], contentSize: Size? = nil) -> LayoutSpec {
        LayoutSpec(.explicit(frames: frames, contentSize: contentSize))
    }

    /// The layout type's name, as in the `type` field of the protocol.
    public var typeName: String {
        switch geometry {
        case .flow: return "flow"
        case .list: return "list"
        case .grid: return "grid"
        case .displaySwitch: return "displaySwitch"
        case .explicit: return "explicit"
        }
    }

    /// The layout type names, for capability lists.
    public static let typeNames = ["flow", "list", "grid", "displaySwitch", "explicit"]

    public var stateName: String {
        if let state { return state }
        if case .displaySwitch(let d) = geometry { return d.mode.rawValue }
        return typeName
    }

    /// Checks the spec against the viewport and model; errors name the field under
    /// `field`.
    public func validate(
        viewport: Viewport, model: ItemModel, limits: LayoutLimits = LayoutLimits(),
        field: String = "layout"
    ) throws(ValidationError) {
        try viewport.validate()
        try model.validate(limits: limits)
        switch geometry {
        case .flow(let f): try f.validate(field: field)
        case .list(let l): try l.validate(field: field)
        case .grid(let g): try g.validate(field: field)
        case .displaySwitch(let d): try d.validate(field: field)
        case .explicit: break
        }
        switch geometry {
        case .flow, .list, .grid, .displaySwitch:
            try AttachedSupplementary.validate(
                attached, model: model, field: field + ".supplementary")
        case .explicit(let frames, let contentSize):
            try ExplicitLayout(frames: frames, contentSize: contentSize)
                .validate(itemCount: model.totalCount, field: field)
            try SupplementaryItem.validate(
                supplementary, model: model, limits: limits, field: field + ".supplementary")
        }
        for (i, v) in values.enumerated() {
            if case .number(let n) = v.value {
                try ValidationError.checkFinite(n, field: "\(field).values.\(v.name)")
            }
            _ = i
        }
        for v in accessory {
            if case .number(let n) = v.value {
                try ValidationError.checkFinite(n, field: "\(field).accessory.\(v.name)")
            }
        }
        try cellStyle?.validate(field: field + ".cellStyle")
        var kinds = ElementKindTable()
        if itemStyles.contains(where: { $0.kind != nil }) {
            for name in kindNames { _ = try? kinds.intern(name, field: field) }
        }
        _ = try resolveStyles(model: model, kinds: kinds, field: field)
    }

    /// The item styles for `model`, supplementary elements named through `kinds`, and
    /// the `cellStyle`.
    private func resolveStyles(model: ItemModel, kinds: ElementKindTable, field: String)
        throws(ValidationError)
        -> ItemStyles
    {
        var styles = try resolveRules(model: model, kinds: kinds, field: field)
        styles.cell = cellStyle
        return styles
    }

    /// The item styles the rules give.
    private func resolveRules(model: ItemModel, kinds: ElementKindTable, field: String)
        throws(ValidationError)
        -> ItemStyles
    {
        guard itemStyles.contains(where: { $0.kind != nil }) else {
            return try ItemStyles.resolve(itemStyles, model: model, field: field)
        }
        if case .explicit = geometry {
            let keys = Set(
                supplementary.map { SupplementaryKey(kind: $0.kind, indexPath: $0.indexPath) })
            return try ItemStyles.resolve(itemStyles, model: model, field: field, kinds: kinds) {
                kind, ip in
                keys.contains(SupplementaryKey(kind: kind, indexPath: ip))
            }
        }
        return try ItemStyles.resolve(itemStyles, model: model, field: field, kinds: kinds) {
            kind, ip in
            guard let a = attached.first(where: { $0.kind == kind }) else { return false }
            switch a.container {
            case .section:
                return ip.item == 0 && ip.section >= 0 && ip.section < model.sections.count
            case .item: return model.contains(ip) && (a.items?.contains(ip) ?? true)
            }
        }
    }

    /// Validates, then prepares the layout, interning its supplementary kinds into
    /// `kinds` (left unchanged when this throws).
    public func prepare(
        viewport: Viewport, model: ItemModel, limits: LayoutLimits = LayoutLimits(),
        kinds: inout ElementKindTable, field: String = "layout"
    ) throws(ValidationError) -> PreparedLayout {
        try validate(viewport: viewport, model: model, limits: limits, field: field)
        var interned = kinds
        for (i, name) in kindNames.enumerated() {
            _ = try interned.intern(name, field: "\(field).supplementary[\(i)].kind")
        }
        kinds = interned
        return prepareValidated(viewport: viewport, model: model, kinds: kinds)
    }

    /// Validates, then prepares the layout with a kind table of its own.
    public func prepare(
        viewport: Viewport, model: ItemModel, limits: LayoutLimits = LayoutLimits(),
        field: String = "layout"
    ) throws(ValidationError) -> PreparedLayout {
        var kinds = ElementKindTable()
        return try prepare(
            viewport: viewport, model: model, limits: limits, kinds: &kinds, field: field)
    }

    /// At most how many supplementary elements of kinds beyond header and footer this
    /// spec gives `model` (to bound work before preparing it).
    public func supplementaryCount(model: ItemModel) -> Int {
        if case .explicit = geometry { return supplementary.count }
        return attached.reduce(0) { total, a in
            total
                + (a.container == .section
                    ? model.sections.count : (a.items?.count ?? model.totalCount))
        }
    }

    /// The kind names of the supplementary elements this type of layout uses, in order.
    private var kindNames: [String] {
        if case .explicit = geometry { return supplementary.map { $0.kind } }
        return attached.map { $0.kind }
    }

    /// Prepares a spec already validated for this viewport and model, whose kinds
    /// `kinds` has.
    public func prepareValidated(viewport: Viewport, model: ItemModel, kinds: ElementKindTable)
        -> PreparedLayout
    {
        let styles =
            itemStyles.isEmpty && cellStyle == nil
            ? nil : try? resolveStyles(model: model, kinds: kinds, field: "layout")
        var sectioned: SectionedLayout
        switch geometry {
        case .flow(let f):
            sectioned = f.prepare(
                viewport: viewport, model: model, stateName: stateName, values: values)
        case .list(let l):
            sectioned = l.flowLayout(viewport: viewport).prepare(
                viewport: viewport, model: model, stateName: stateName, values: values)
        case .grid(let g):
            sectioned = g.flowLayout(viewport: viewport).prepare(
                viewport: viewport, model: model, stateName: stateName, values: values)
        case .displaySwitch(let d):
            sectioned = d.prepare(viewport: viewport, model: model, values: values)
            if state != nil {
                sectioned = SectionedLayout(
                    contentSize: sectioned.contentSize, model: model, scrollAxis: .vertical,
                    stateName: stateName, values: values, sections: sectioned.sections,
                    arrangements: sectioned.arrangements)
            }
        case .explicit(let frames, let contentSize):
            var explicit = ExplicitLayout(frames: frames, contentSize: contentSize)
                .prepare(
                    model: model, stateName: stateName, values: values,
                    supplementary: supplementaryAttributes(kinds: kinds))
            if let styles {
                explicit.styles = styles
                explicit.styleSupplementary()
            }
            return .explicit(explicit)
        }
        if !attached.isEmpty {
            sectioned.attach(
                attached.compactMap { a in
                    kinds.kind(named: a.kind).map { PreparedAttachment(kind: $0, spec: a) }
                })
        }
        if let styles { sectioned.styles = styles }
        return .sectioned(sectioned)
    }

    /// The supplementary items as attributes at rest in this layout.
    private func supplementaryAttributes(kinds: ElementKindTable) -> [LayoutAttributes] {
        supplementary.compactMap { item in
            guard let kind = kinds.kind(named: item.kind) else { return nil }
            var a = LayoutAttributes(
                key: ElementKey(kind, item.indexPath), frame: item.frame, layoutState: stateName)
            item.style.apply(to: &a)
            return a
        }
    }
}
