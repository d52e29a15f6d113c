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

/// A key read from the terminal.
enum Key: Equatable {
    case left, right, up, down
    case character(UInt8)
    case interrupt
    /// The terminal went away (end of file or an error where a key was expected).
    case hangup

    /// Splits the bytes of one read into keys (arrows as ESC [ C / ESC O C ...).
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B, i + 1 < bytes.count,
                bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O")
            {
                // A control sequence: parameters, then a final byte in 0x40...0x7E.
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                if j < bytes.count {
                    switch bytes[j] {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    default: break
                    }
                }
                i = j + 1
                continue
            }
            keys.append(b == 3 ? .interrupt : .character(b))
            i += 1
        }
        return keys
    }

    /// Reads the keys waiting on `fd` (raw mode: never blocks). Call it when `poll(2)`
    /// reported `fd` readable: nothing to read then means the terminal hung up.
    static func read(fd: Int32) -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        if n > 0 { return parse(Array(buffer[0..<n])) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return [.hangup]
    }
}
