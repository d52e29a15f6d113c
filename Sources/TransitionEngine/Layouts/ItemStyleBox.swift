/// An item style kept out of line, for an optional style most layouts leave out (the
/// `cellStyle`): 8 bytes inline where `ItemStyle?` takes 96. Immutable, so copies share
/// it; equal and hashed by its style.
final class ItemStyleBox: Hashable, Sendable {
    let style: ItemStyle

    init(_ style: ItemStyle) {
        self.style = style
    }

    static func == (a: ItemStyleBox, b: ItemStyleBox) -> Bool { a.style == b.style }

    func hash(into hasher: inout Hasher) { hasher.combine(style) }
}
