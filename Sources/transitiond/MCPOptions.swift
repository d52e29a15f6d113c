import TransitionService

/// What `transitiond --mcp` runs with.
struct MCPOptions {
    /// The limits documents are checked and run within (`--max-items` ...); also the
    /// longest line and document file read.
    var limits: ServiceLimits
}
