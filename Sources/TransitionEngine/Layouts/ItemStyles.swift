/// The styles of a prepared layout's cells (and of its supplementary elements that rules
/// name), resolved from its rules.
public struct ItemStyles: Sendable {
    var byIndexPath: [IndexPath: ItemStyle] = [:]
    var bySupplementary: [ElementKey: ItemStyle] = [:]
    /// The layout's `cellStyle`: every cell's, under the rules.
    var cell: ItemStyle? {
        get { cellBox?.style }
        set { cellBox = newValue.map(ItemStyleBox.init) }
    }
    private var cellBox: ItemStyleBox? = nil

    public init() {}

    /// Whether no cell is styled.
    public var isEmpty: Bool { byIndexPath.isEmpty && cellBox == nil }
    /// Whether no supplementary element is styled.
    public var supplementaryIsEmpty: Bool { bySupplementary.isEmpty }

    public subscript(_ indexPath: IndexPath) -> ItemStyle? { byIndexPath[indexPath] }

    public subscript(_ key: ElementKey) -> ItemStyle? { bySupplementary[key] }

    /// Applies the layout's `cellStyle`, then the style rules give the cell `a`. Out of
    /// line: every loop over cells calls it, only for a styled layout.
    @inline(never)
    func applyCell(to a: inout LayoutAttributes) {
        cellBox?.style.apply(to: &a)
        if !byIndexPath.isEmpty, let style = byIndexPath[a.key.indexPath] { style.apply(to: &a) }
    }

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
        _ rules: [ItemStyleRule], model: ItemModel, field: String,
        kinds: ElementKindTable = ElementKindTable(),
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
                    throw ValidationError(
                        field: here + ".kind", message: "the layout has no \(name) elements")
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
                        throw ValidationError(
                            field: "\(here).\(member)[\(j)]", message: "no \(name) at \(ip)")
                    }
                    let key = ElementKey(kind, ip)
                    styles.bySupplementary[key] = (styles.bySupplementary[key] ?? ItemStyle())
                        .overridden(by: rule.style)
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
