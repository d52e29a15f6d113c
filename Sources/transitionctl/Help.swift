/// The tool's help text; each subcommand keeps its own next to its code.
enum Help {
    static let usage = "USAGE: transitionctl [<connection-options>] <subcommand> [<options>]"

    static let connectionOptions = """
          --daemon <path>         The transitiond to start (default: $TRANSITIOND, else
                                  the transitiond next to transitionctl, else the PATH).
          --socket <path>         Connect to a running transitiond (transitiond --listen
                                  <path>) instead of starting one.
          --timeout <seconds>     Longest wait for a response (default 30).
          --daemon-log-level <l>  Log level of a started daemon, written to standard
                                  error: error, warning (default), info or debug.
        """

    static let text = """
        OVERVIEW: transitionctl — the command-line client of transitiond. It starts a
        transitiond for the length of one command (or connects to a running one with
        --socket), speaks JSON-RPC 2.0 to it, and prints what comes back.

        \(usage)

        OPTIONS:
        \(connectionOptions)
          -h, --help              Show help information.
          --version               Show the version.

        SUBCOMMANDS:
          call <method> [<params>]
                                  Send one request and print its result as JSON.
          run <file>|-            Run a script of JSON-lines requests on one connection.
          demo                    Play the list -> grid switch in the terminal.
          render --out <file>     Draw a transition as a filmstrip (SVG).
          export --format <format> --out <file>
                                  Write a transition as CSS, Web Animations, HTML, SVG
                                  or Lottie.

          See 'transitionctl help <subcommand>' (or '<subcommand> --help') for details.
        """
}
