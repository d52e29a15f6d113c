/// A place in a text as the Language Server Protocol counts it: a zero-based line and a
/// zero-based character, in UTF-16 code units from the start of that line.
public struct TextPosition: Hashable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// From a start up to (not including) an end.
public struct TextRange: Hashable, Sendable {
    public var start: TextPosition
    public var end: TextPosition

    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}
