/// A section and an item within it, ordered section first.
public struct IndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public init(_ section: Int, _ item: Int) {
        self.init(section: section, item: item)
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    public var description: String { "[\(section), \(item)]" }
}

/// What an element is: a cell, or a section's header or footer.
public enum ElementKind: String, Sendable, Hashable, CaseIterable {
    case cell
    case header
    case footer
}

/// The identity of an element in a layout: its kind and index path (a header or
/// footer has item 0).
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
    public var kind: ElementKind
    public var indexPath: IndexPath

    public init(_ kind: ElementKind, _ indexPath: IndexPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    public static func cell(_ section: Int, _ item: Int) -> ElementKey {
        ElementKey(.cell, IndexPath(section, item))
    }

    public var description: String { "\(kind)\(indexPath)" }
}
