import TransitionEngine

extension PlacedLayout {
    /// The spec that prepares this layout again: its own, or for the poses a transition
    /// was frozen in (cancel-in-place, or a transition cancelled back to such poses) an
    /// `explicit` layout of those poses: each cell's frame, alpha, zIndex, transform,
    /// values and shape, the other elements as its supplementary items, the content size, the
    /// layoutState name and the accessory values. An element the poses hide is written
    /// at alpha 0.
    /// - Complexity: O(n log n) for n elements, for a frozen layout; O(1) otherwise.
    func restingSpec(kinds: ElementKindTable) -> LayoutSpec {
        if let spec { return spec }
        let model = layout.model
        var frames: [Rect] = []
        frames.reserveCapacity(model.totalCount)
        var rules: [ItemStyleRule] = []
        var index = 0
        for (section, s) in model.sections.enumerated() {
            for item in 0..<s.count {
                let key = ElementKey(.cell, IndexPath(section: section, item: item))
                let a = layout.attributes(at: key)
                frames.append(a?.frame ?? .zero)
                let style = a.map(Self.style(of:)) ?? ItemStyle(alpha: 0)
                if !style.isEmpty {
                    rules.append(ItemStyleRule(.globalIndices([index]), style: style))
                }
                index += 1
            }
        }
        var supplementary: [SupplementaryItem] = []
        _ = layout.forEachAttributes(in: .everything, limit: Int.max) { a in
            guard !a.kind.isCell else { return }
            supplementary.append(
                SupplementaryItem(
                    kind: kinds.name(of: a.kind), indexPath: a.indexPath, frame: a.frame,
                    style: Self.style(of: a)))
        }
        var spec = LayoutSpec(
            .explicit(frames: frames, contentSize: layout.contentSize), accessory: accessory,
            state: layout.stateName)
        spec.itemStyles = rules
        spec.supplementary = supplementary
        return spec
    }

    /// What an element shows besides its frame, as an item style (defaults left out).
    private static func style(of a: LayoutAttributes) -> ItemStyle {
        let alpha = a.isHidden ? 0 : a.alpha
        var style = ItemStyle(
            alpha: alpha == 1 ? nil : alpha, zIndex: a.zIndex == 0 ? nil : a.zIndex,
            transform: a.itemTransform == .identity ? nil : a.itemTransform, values: a.values)
        style.shape = a.shape
        return style
    }
}
