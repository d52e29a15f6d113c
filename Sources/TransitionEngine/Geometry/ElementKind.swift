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
        code < ElementKindTable.builtInNames.count
            ? ElementKindTable.builtInNames[code] : "kind\(code)"
    }
}
