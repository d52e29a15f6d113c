import TransitionFilm

/// A cursor over command-line arguments: options take their value as the next argument
/// or after `=` (`--frames 6`, `--frames=6`); `--` ends the options.
struct Arguments {
    enum Item {
        case option(name: String, inline: String?)
        case positional(String)
    }

    private var rest: ArraySlice<String>
    private var optionsEnded = false
    /// The usage line quoted in errors.
    var usage: String

    init(_ arguments: ArraySlice<String>, usage: String) {
        rest = arguments
        self.usage = usage
    }

    /// The arguments not yet consumed.
    var remaining: ArraySlice<String> { rest }

    /// The next option or positional argument.
    mutating func next() -> Item? {
        guard let arg = rest.first else { return nil }
        rest = rest.dropFirst()
        if optionsEnded || arg == "-" || !arg.hasPrefix("-") { return .positional(arg) }
        if arg == "--" {
            optionsEnded = true
            return next()
        }
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            return .option(name: String(arg[..<eq]), inline: String(arg[arg.index(after: eq)...]))
        }
        return .option(name: arg, inline: nil)
    }

    /// The value of option `name`: `inline`, else the next argument.
    mutating func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.first else { throw UsageError("\(name) needs a value", usage: usage) }
        rest = rest.dropFirst()
        return next
    }

    /// A whole number in `range`.
    mutating func integer(_ name: String, _ inline: String?, in range: ClosedRange<Int>)
        throws(UsageError) -> Int
    {
        let text = try value(name, inline)
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                usage: usage)
        }
        return n
    }

    /// A finite number in `range`.
    mutating func number(_ name: String, _ inline: String?, in range: ClosedRange<Double>)
        throws(UsageError) -> Double
    {
        let text = try value(name, inline)
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw UsageError(
                "\(name) takes a number from \(Format.short(range.lowerBound)) to \(Format.short(range.upperBound)), got '\(text)'",
                usage: usage)
        }
        return n
    }

    /// An option that takes no value must not be given one.
    func flag(_ name: String, _ inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError("\(name) takes no value", usage: usage) }
    }

    func unknown(_ name: String) -> UsageError {
        UsageError("unknown option '\(name)'", usage: usage)
    }

    /// Handles the connection options, which every subcommand accepts.
    /// - Returns: Whether `name` was one of them.
    mutating func connectionOption(
        _ name: String, _ inline: String?, into options: inout ConnectionOptions
    )
        throws(UsageError) -> Bool
    {
        switch name {
        case "--daemon":
            options.daemonPath = try value(name, inline)
        case "--socket":
            options.socketPath = try value(name, inline)
        case "--shared":
            try flag(name, inline)
            options.shared = true
        case "--timeout":
            options.timeout = try number(name, inline, in: 0.001...86_400)
        case "--daemon-log-level":
            let level = try value(name, inline)
            let levels = ConnectionOptions.daemonLogLevels
            guard levels.contains(level) else {
                throw UsageError(
                    "--daemon-log-level takes one of \(levels.joined(separator: ", ")), got '\(level)'",
                    usage: usage)
            }
            options.daemonLogLevel = level
        default:
            return false
        }
        return true
    }
}
