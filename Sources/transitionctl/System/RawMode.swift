#if canImport(Glibc)
    import Glibc
#endif

/// Raw keyboard mode on a terminal: no echo, no line editing, no signals from keys
/// (Ctrl-C arrives as byte 3), reads that return at once. `restore()` puts back the
/// settings saved by `init`; call it on every exit path.
final class RawMode {
    private let fd: Int32
    private var saved: termios
    private var active = true

    /// Switches `fd` to raw mode.
    /// - Throws: `Failure` when `fd` is not a terminal.
    init(fd: Int32) throws(Failure) {
        self.fd = fd
        var t = termios()
        guard tcgetattr(fd, &t) == 0 else {
            throw Failure("standard input is not a terminal: \(FileDescriptor.errorText)")
        }
        saved = t
        t.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        t.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        t.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(fd, TCSAFLUSH, &t)
    }

    /// Puts the saved settings back (once).
    func restore() {
        guard active else { return }
        active = false
        tcsetattr(fd, TCSAFLUSH, &saved)
    }

    deinit { restore() }
}
