import JSONRPC

/// The daemon's own error codes (JSON-RPC's server-error range; Protocol/README.md,
/// section 14, and `Protocol/schema/jsonrpc.json` `$defs/errorCode`).
extension ErrorCode {
    /// No session with that id (or name).
    public static let unknownSession = ErrorCode(rawValue: -32010)
    /// The method needs a transition in flight and there is none.
    public static let noTransition = ErrorCode(rawValue: -32011)
    /// The method needs the session at rest and a transition is in flight.
    public static let transitionInFlight = ErrorCode(rawValue: -32012)
    /// `clock/advance` on a realtime session.
    public static let notManualClock = ErrorCode(rawValue: -32013)
    /// A limit of the daemon was reached (sessions per connection ...).
    public static let limitExceeded = ErrorCode(rawValue: -32014)

    /// Every code the daemon answers with: JSON-RPC's, the two of LSP's it uses, and its
    /// own.
    public static let daemonCodes: [ErrorCode] = [
        .parseError, .invalidRequest, .methodNotFound, .invalidParams, .internalError,
        .serverNotInitialized, .requestCancelled,
        .unknownSession, .noTransition, .transitionInFlight, .notManualClock, .limitExceeded,
    ]
}
