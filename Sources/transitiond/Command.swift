import TransitionDaemon
import TransitionForwarder

/// What the command line asks for.
enum Command {
    case serve(DaemonOptions)
    /// `--remote`: forward standard input and output to a daemon's socket.
    case forward(ForwarderOptions)
    /// `--mcp`: the Model Context Protocol on standard input/output.
    case mcp(MCPOptions)
    case help
    case version
}
