import JSONRPC

/// What checking a transition document found: its diagnostics, the document (converted
/// from the older form when it was in it) and, when it is valid, what `session/create`
/// and `transition/start` answered for it.
public struct DocumentCheck: Sendable {
    public var diagnostics: [DocumentDiagnostic] = []
    /// `{session, transition}` when both are objects.
    public var document: JSONObject?
    /// Whether the text was in the older spec form (OlderSpecForm).
    public var convertedFromOlderForm = false
    /// Whether the document was given as text, so the ranges place its diagnostics.
    public var hasText = false
    /// The result of `session/create` (`contentSize`, `contentOffset`), when it succeeded.
    public var created: JSONValue?
    /// The result of `transition/start` (`duration`, `toContentSize`, ...), when it succeeded.
    public var started: JSONValue?

    /// Whether the document would be accepted: no error, warnings allowed.
    public var isValid: Bool {
        document != nil && !diagnostics.contains { $0.severity == .error }
    }

    /// The `session/create` params of a valid document, without the members warned as unknown.
    public var sessionParams: JSONObject?
    /// The `transition/start` params of a valid document (without `session`), likewise.
    public var transitionParams: JSONObject?
}
