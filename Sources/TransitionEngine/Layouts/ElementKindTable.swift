/// The kinds of element one scene has seen, by name and code: `cell`, `header` and
/// `footer` are codes 0, 1 and 2; every other name a layout uses (a badge, a decoration)
/// gets the next code the first time it is seen and keeps it for the scene's life.
///
/// Layouts hold codes, so the per-tick path compares and hashes integers; names are
/// looked up by code (an array index) only when written out.
public struct ElementKindTable: Hashable, Sendable {
    public static let builtInNames = ["cell", "header", "footer"]
    /// At most this many kinds beyond the built-in three per scene.
    public static let maximumCustomKinds = 64
    /// A kind name has 1 to this many characters.
    public static let maximumNameLength = 64

    /// Names by code.
    public private(set) var names = ElementKindTable.builtInNames
    /// Codes by name (shared storage until a kind is added: a new table allocates nothing).
    private var codes = ElementKindTable.builtInCodes
    private static let builtInCodes: [String: ElementKind] = [
        "cell": .cell, "header": .header, "footer": .footer,
    ]

    public init() {}

    /// The names of codes 3, 4, ... in order.
    public var customNames: ArraySlice<String> { names[ElementKind.firstCustomCode...] }

    /// The name of `kind`; a code the table never gave reads `kindN`.
    public func name(of kind: ElementKind) -> String {
        kind.code >= 0 && kind.code < names.count ? names[kind.code] : kind.description
    }

    /// The kind of `name`, if the table has it.
    public func kind(named name: String) -> ElementKind? { codes[name] }

    /// The kind of `name`, given the next code when it is new.
    /// - Throws: when the name is malformed or the table is full (with `limit` set).
    public mutating func intern(_ name: String, field: String) throws(ValidationError)
        -> ElementKind
    {
        if name != "cell", let kind = codes[name] { return kind }
        try ElementKindTable.checkName(name, field: field)
        guard names.count - ElementKind.firstCustomCode < ElementKindTable.maximumCustomKinds else {
            throw ValidationError(
                field: field,
                message:
                    "a session has at most \(ElementKindTable.maximumCustomKinds) kinds besides cell, header and footer",
                limit: ElementKindTable.maximumCustomKinds)
        }
        let kind = ElementKind(code: names.count)
        names.append(name)
        codes[name] = kind
        return kind
    }

    /// Whether `c` may appear in a kind name: ASCII letters, digits, `_`, `-`, `.`, `:`
    /// (a name can then stand unescaped in a CSS selector's string, an HTML or SVG
    /// attribute and a Lottie layer name).
    static func isNameCharacter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// Checks the syntax of a supplementary kind name: 1 to 64 characters, a letter
    /// first, then letters, digits, `_`, `-`, `.` or `:`; `cell` is not a supplementary
    /// kind.
    public static func checkName(_ name: String, field: String) throws(ValidationError) {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNameLength,
            let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
            bytes.allSatisfy(isNameCharacter)
        else {
            throw ValidationError(
                field: field,
                message:
                    "must be a kind name of 1 to \(maximumNameLength) characters: a letter, then letters, digits, _, -, . or :"
            )
        }
        guard name != "cell" else {
            throw ValidationError(field: field, message: "cell is not a supplementary kind")
        }
    }
}
