/// A titled section of prose, definitions and verbatim lines.
public struct Section: Sendable {
    public enum Block: Sendable {
        /// Prose, filled to the width of the output.
        case paragraph(String)
        case definitions([Definition])
        /// Lines printed as they are (examples, commands).
        case verbatim([String])
    }

    public var title: String
    public var blocks: [Block]

    public init(_ title: String, _ blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }
}
