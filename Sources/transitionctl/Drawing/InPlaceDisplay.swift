/// Draws successive screens in place: the first is printed, the next ones move the
/// cursor back up to its first line and overwrite it (ANSI CUU, EL). A change of the
/// terminal's size clears the screen and starts again from its top.
struct InPlaceDisplay {
    private var drawnLines = 0
    private var size: (columns: Int, rows: Int)? = nil

    /// Writes `lines` over the previous screen.
    mutating func draw(_ lines: [String], terminal: (columns: Int, rows: Int)) {
        var out = ""
        if let size, size != terminal {
            out += "\u{1B}[2J\u{1B}[H"
            drawnLines = 0
        }
        size = terminal
        if drawnLines > 1 { out += "\r\u{1B}[\(drawnLines - 1)A" }
        out += lines.map { "\r" + $0 + "\u{1B}[K" }.joined(separator: "\n")
        drawnLines = lines.count
        Console.out(out)
    }

    /// Leaves the last screen in place and moves below it.
    mutating func finish() {
        if drawnLines > 0 { Console.out("\r\n") }
        drawnLines = 0
    }
}
