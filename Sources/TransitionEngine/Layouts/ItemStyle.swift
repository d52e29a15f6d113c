/// How one item looks besides its frame: what an explicit layout's item object or an
/// `itemStyles` rule sets. Absent members leave the layout's own.
public struct ItemStyle: Hashable, Sendable {
    public var alpha: Double?
    public var zIndex: Int?
    public var transform: ItemTransform?
    /// Values by name, replacing the layout's of the same name.
    public var values: [CustomValue]

    public init(
        alpha: Double? = nil, zIndex: Int? = nil, transform: ItemTransform? = nil,
        values: [CustomValue] = []
    ) {
        self.alpha = alpha
        self.zIndex = zIndex
        self.transform = transform
        self.values = values
    }

    public var isEmpty: Bool { alpha == nil && zIndex == nil && transform == nil && values.isEmpty }

    /// `self` with what `later` sets on top (a later rule wins, value by value).
    func overridden(by later: ItemStyle) -> ItemStyle {
        var result = self
        if let a = later.alpha { result.alpha = a }
        if let z = later.zIndex { result.zIndex = z }
        if let t = later.transform { result.transform = t }
        result.values = ItemStyle.merge(values, later.values)
        return result
    }

    /// `base` with each value of `top` replacing the one of its name, or added.
    static func merge(_ base: [CustomValue], _ top: [CustomValue]) -> [CustomValue] {
        guard !top.isEmpty else { return base }
        var result = base
        for v in top {
            if let i = result.firstIndex(where: { $0.name == v.name }) {
                result[i] = v
            } else {
                result.append(v)
            }
        }
        return result
    }

    func apply(to a: inout LayoutAttributes) {
        if let alpha { a.alpha = alpha }
        if let zIndex { a.zIndex = zIndex }
        if let transform {
            a.itemTransform = transform
            a.transform = transform.matrix
        }
        a.values = ItemStyle.merge(a.values, values)
    }

    func validate(field: String) throws(ValidationError) {
        if let alpha {
            guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
                throw ValidationError(
                    field: field + ".alpha", message: "must be a number from 0 to 1, got \(alpha)")
            }
        }
        try transform?.validate(field: field + ".transform")
        for v in values {
            if case .number(let n) = v.value {
                try ValidationError.checkFinite(n, field: "\(field).values.\(v.name)")
            }
        }
    }
}

/// One `itemStyles` rule: the items it styles, by index path or by id, or with `kind`
/// the supplementary elements of that kind at those index paths (of those items).
public struct ItemStyleRule: Hashable, Sendable {
    public enum Selector: Hashable, Sendable {
        case items([IndexPath])
        case ids([ItemID])
        /// Items by their position in element order across sections (an explicit
        /// layout's item objects).
        case globalIndices([Int])
    }

    public var selector: Selector
    public var style: ItemStyle
    /// The supplementary kind it styles; nil (or `cell`): cells.
    public var kind: String?

    public init(_ selector: Selector, style: ItemStyle, kind: String? = nil) {
        self.selector = selector
        self.style = style
        self.kind = kind == "cell" ? nil : kind
    }
}

/// The styles of a prepared layout's cells (and of its supplementary elements that rules
/// name), resolved from its rules.
public struct ItemStyles: Sendable {
    var byIndexPath: [IndexPath: ItemStyle] = [:]
    var bySupplementary: [ElementKey: ItemStyle] = [:]

    public init() {}

    /// Whether no cell is styled.
    public var isEmpty: Bool { byIndexPath.isEmpty }
    /// Whether no supplementary element is styled.
    public var supplementaryIsEmpty: Bool { bySupplementary.isEmpty }

    public subscript(_ indexPath: IndexPath) -> ItemStyle? { byIndexPath[indexPath] }

    public subscript(_ key: ElementKey) -> ItemStyle? { bySupplementary[key] }

    /// Applies the style rules give the supplementary element `a`, if any.
    @inline(__always)
    func applySupplementary(to a: inout LayoutAttributes) {
        if !bySupplementary.isEmpty, let style = bySupplementary[a.key] { style.apply(to: &a) }
    }

    /// Resolves `rules` in order against `model` (later rules win); errors name the
    /// rule's member under `field`. A rule with a kind names supplementary elements:
    /// `kinds` gives the kind's code and `hasElement(kind, indexPath)` says whether the
    /// layout has that element.
    static func resolve(
        _ rules: [ItemStyleRule], model: ItemModel, field: String, kinds: ElementKindTable = ElementKindTable(),
        hasElement: (String, IndexPath) -> Bool = { _, _ in false }
    )
        throws(ValidationError) -> ItemStyles
    {
        var styles = ItemStyles()
        guard !rules.isEmpty else { return styles }
        var idIndex: [ItemID: IndexPath]? = nil
        var bases: [Int] = []
        var total = 0
        for section in model.sections {
            bases.append(total)
            total += section.count
        }
        var ruleNumber = 0
        for rule in rules {
            // An explicit item's own style is named by its frame, a rule by its place.
            var here = "\(field).itemStyles[\(ruleNumber)]"
            if case .globalIndices(let indices) = rule.selector, indices.count == 1 {
                here = "\(field).frames[\(indices[0])]"
            } else {
                ruleNumber += 1
            }
            try rule.style.validate(field: here)
            var kind: ElementKind? = nil
            if let name = rule.kind {
                guard let code = kinds.kind(named: name) else {
                    throw ValidationError(field: here + ".kind", message: "the layout has no \(name) elements")
                }
                kind = code
            }
            var targets: [IndexPath] = []
            switch rule.selector {
            case .items(let items):
                for (j, ip) in items.enumerated() {
                    // A supplementary element's index path is checked against the layout.
                    guard rule.kind != nil || model.contains(ip) else {
                        throw ValidationError(
                            field: "\(here).items[\(j)]", message: "no item at \(ip)")
                    }
                    targets.append(ip)
                }
            case .ids(let ids):
                if idIndex == nil {
                    var index: [ItemID: IndexPath] = [:]
                    for (s, section) in model.sections.enumerated() {
                        for (i, id) in (section.ids ?? []).enumerated() {
                            index[id] = IndexPath(section: s, item: i)
                        }
                    }
                    idIndex = index
                }
                for (j, id) in ids.enumerated() {
                    guard let ip = idIndex?[id] else {
                        throw ValidationError(
                            field: "\(here).ids[\(j)]", message: "no item has the id \(id)")
                    }
                    targets.append(ip)
                }
            case .globalIndices(let indices):
                for g in indices where g >= 0 && g < total {
                    var s = bases.count - 1
                    while s > 0 && (bases[s] > g || model.sections[s].count == 0) { s -= 1 }
                    targets.append(IndexPath(section: s, item: g - bases[s]))
                }
            }
            if let kind, let name = rule.kind {
                for (j, ip) in targets.enumerated() {
                    guard hasElement(name, ip) else {
                        let member = if case .ids = rule.selector { "ids" } else { "items" }
                        throw ValidationError(field: "\(here).\(member)[\(j)]", message: "no \(name) at \(ip)")
                    }
                    let key = ElementKey(kind, ip)
                    styles.bySupplementary[key] = (styles.bySupplementary[key] ?? ItemStyle()).overridden(by: rule.style)
                }
                continue
            }
            for ip in targets {
                styles.byIndexPath[ip] = (styles.byIndexPath[ip] ?? ItemStyle()).overridden(
                    by: rule.style)
            }
        }
        return styles
    }
}
