/// The identity of an element in a layout: its kind and index path (a header or
/// footer has item 0). Ordered by kind, then index path.
public struct ElementKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var kind: ElementKind
    public var indexPath: IndexPath

    public init(_ kind: ElementKind, _ indexPath: IndexPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    public static func cell(_ section: Int, _ item: Int) -> ElementKey {
        ElementKey(.cell, IndexPath(section, item))
    }

    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        a.kind != b.kind ? a.kind < b.kind : a.indexPath < b.indexPath
    }

    public var description: String { "\(kind)\(indexPath)" }
}
