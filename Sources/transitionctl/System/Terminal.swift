#if canImport(Glibc)
    import Glibc
#endif

/// The terminal: its size, raw keyboard input, and restoring its state.
enum Terminal {
    /// Columns and rows of the terminal on `fd` (ioctl TIOCGWINSZ), or 80 x 24.
    static func size(fd: Int32 = 1) -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }
}
