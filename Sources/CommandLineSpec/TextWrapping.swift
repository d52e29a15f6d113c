/// Word wrapping for the help text.
enum TextWrapping {
    /// `text`'s words in lines of at most `width` characters (a longer word gets a line
    /// of its own); the first line is `width - firstLineOffset` wide.
    static func lines(_ text: String, width: Int, firstLineOffset: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        var limit = width - firstLineOffset
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
                limit = width
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
