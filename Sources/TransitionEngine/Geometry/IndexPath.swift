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

/// What an element is: a cell, a section's header or footer, or a supplementary view of
/// a kind the client named (a badge, a decoration). Kinds are small codes, interned per
/// scene by an `ElementKindTable`, so comparing and hashing them never touches a string.
public struct ElementKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 0 cell, 1 header, 2 footer; 3 and up index the custom names of a kind table.
    public let code: Int

    public init(code: Int) {
        self.code = code
    }

    public static let cell = ElementKind(code: 0)
    public static let header = ElementKind(code: 1)
    public static let footer = ElementKind(code: 2)
    /// The code of the first kind a client names.
    public static let firstCustomCode = 3

    public var isCell: Bool { code == 0 }
    /// A kind a client named, beyond cell, header and footer.
    public var isCustom: Bool { code >= ElementKind.firstCustomCode }

    public static func < (a: ElementKind, b: ElementKind) -> Bool { a.code < b.code }

    public var description: String {
        code < ElementKindTable.builtInNames.count ? ElementKindTable.builtInNames[code] : "kind\(code)"
    }
}

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
