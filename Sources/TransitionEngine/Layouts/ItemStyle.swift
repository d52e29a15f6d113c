/// How one item looks besides its frame: what an explicit layout's item object or an
/// `itemStyles` rule sets. Absent members leave the layout's own.
public struct ItemStyle: Hashable, Sendable {
    public var alpha: Double?
    public var zIndex: Int?
    public var transform: ItemTransform?
    /// Values by name, replacing the layout's of the same name.
    public var values: [CustomValue]
    /// Corner radii, border and shadow (member by member); never content layers.
    public var shape: ElementShape? = nil

    public init(
        alpha: Double? = nil, zIndex: Int? = nil, transform: ItemTransform? = nil,
        values: [CustomValue] = []
    ) {
        self.alpha = alpha
        self.zIndex = zIndex
        self.transform = transform
        self.values = values
    }

    public var isEmpty: Bool {
        alpha == nil && zIndex == nil && transform == nil && values.isEmpty && shape == nil
    }

    /// `self` with what `later` sets on top (a later rule wins, value by value).
    func overridden(by later: ItemStyle) -> ItemStyle {
        var result = self
        if let a = later.alpha { result.alpha = a }
        if let z = later.zIndex { result.zIndex = z }
        if let t = later.transform { result.transform = t }
        result.values = ItemStyle.merge(values, later.values)
        if let top = later.shape { result.shape = shape?.overridden(by: top) ?? top }
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
        if let shape { a.shape = a.shape?.overridden(by: shape) ?? shape }
    }

    func validate(field: String) throws(ValidationError) {
        if let alpha {
            guard alpha.isFinite, alpha >= 0, alpha <= 1 else {
                throw ValidationError(
                    field: field + ".alpha", message: "must be a number from 0 to 1, got \(alpha)")
            }
        }
        try transform?.validate(field: field + ".transform")
        try shape?.validate(field: field)
        for v in values {
            if case .number(let n) = v.value {
                try ValidationError.checkFinite(n, field: "\(field).values.\(v.name)")
            }
        }
    }
}
