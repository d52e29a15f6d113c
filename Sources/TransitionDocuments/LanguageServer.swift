import JSONRPC
import TransitionService

/// The daemon's language server for transition documents, beside its own methods on the
/// same connections: documents kept in sync (`didOpen`, `didChange` full or incremental,
/// `didClose`) with their diagnostics published after each; completion, hover, code
/// lenses and the preview commands (`transitiond.play`, `transitiond.scrub`,
/// `transitiond.stop`), which run the document's transition in a named session on the
/// daemon's own methods, so that any viewer can watch it. The session belongs to the
/// document: every connection with the document open shares it, a valid edit replays it
/// in place (same id, same subscribers), and it ends when the last of them closes the
/// document. Protocol/README.md section 20.
///
/// - Important: Driven by the daemon's loop, like the methods it builds on.
public final class LanguageServer {
    public static let commands = ["transitiond.play", "transitiond.scrub", "transitiond.stop"]
    /// The most documents one connection keeps open.
    public static let maximumDocuments = 64

    /// What `initialize` advertises for it.
    public static let capabilities: JSONObject = [
        "textDocumentSync": ["openClose": true, "change": 2],
        "hoverProvider": true,
        "completionProvider": ["triggerCharacters": ["\"", ":"]],
        "codeLensProvider": ["resolveProvider": false],
        "executeCommandProvider": ["commands": .array(commands.map { .string($0) })],
    ]

    private let limits: ServiceLimits
    /// The daemon's sessions, which the previews' sessions are taken from their
    /// connections into.
    private let sessions: SessionHost
    /// Open documents by connection and URI.
    private var documents: [Int: [String: OpenDocument]] = [:]
    /// The previews by document URI, shared by every connection that has it open.
    private var previews: [String: DocumentPreview] = [:]
    /// The methods it builds on (the registry before its own were added).
    private var methods = MethodRegistry()

    package init(limits: ServiceLimits, sessions: SessionHost) {
        self.limits = limits
        self.sessions = sessions
    }

    /// Adds its methods to `registry`, which holds the daemon's own.
    public func register(into registry: inout MethodRegistry) {
        methods = registry
        registry.register(notification: "textDocument/didOpen") {
            [unowned self] params, connection in
            didOpen(params.value, connection)
        }
        registry.register(notification: "textDocument/didChange") {
            [unowned self] params, connection in
            didChange(params.value, connection)
        }
        registry.register(notification: "textDocument/didClose") {
            [unowned self] params, connection in
            didClose(params.value, connection)
        }
        registry.register(CompletionRequest.self) {
            [unowned self] request, context in
            guard let (document, position) = locate(request.params, context.connection) else {
                return .null
            }
            return .array(DocumentCompletion.items(in: document.text, at: position))
        }
        registry.register(HoverRequest.self) { [unowned self] request, context in
            guard let (document, position) = locate(request.params, context.connection) else {
                return .null
            }
            return DocumentHover.hover(document, at: position, limits: limits)
        }
        registry.register(CodeLensRequest.self) { [unowned self] request, context in
            guard let uri = request.params["textDocument"]?["uri"]?.stringValue,
                let document = documents[context.connection]?[uri]
            else { return .null }
            return .array(PreviewCommands.lenses(for: document))
        }
        registry.register(ExecuteCommandRequest.self) {
            [unowned self] request, context throws(ResponseError) in
            try execute(request.params, context)
        }
    }

    /// Forgets a leaving connection's documents; a preview that no other connection has
    /// open ends. Safe to call more than once.
    public func connectionClosed(_ connection: Int) {
        guard let closing = documents.removeValue(forKey: connection) else { return }
        for uri in closing.keys { endPreviewIfUnheld(uri, connection) }
    }

    // MARK: Documents

    private func didOpen(_ params: JSONValue?, _ connection: Int) -> [[UInt8]] {
        let item = params?["textDocument"]
        guard let uri = item?["uri"]?.stringValue,
            OpenDocument.isTransitionDocument(
                uri: uri, languageID: item?["languageId"]?.stringValue),
            documents[connection, default: [:]].count < Self.maximumDocuments
                || documents[connection]?[uri] != nil
        else { return [] }
        let text = Array((item?["text"]?.stringValue ?? "").utf8)
        documents[connection, default: [:]][uri] = OpenDocument(
            uri: uri, version: item?["version"]?.int64Value, text: text,
            check: DocumentChecker.check(text, limits: limits))
        return [publish(uri, connection)]
    }

    private func didChange(_ params: JSONValue?, _ connection: Int) -> [[UInt8]] {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue,
            var document = documents[connection]?[uri]
        else { return [] }
        for change in params?["contentChanges"]?.arrayValue ?? [] { document.apply(change) }
        document.version = params?["textDocument"]?["version"]?.int64Value
        document.check = DocumentChecker.check(document.text, limits: limits)
        documents[connection]?[uri] = document
        // Live reload: a valid edit replays the preview in its session.
        if document.check.isValid, let preview = previews[uri] {
            _ = try? run(uri, connection, mode: preview.mode)
        }
        return [publish(uri, connection)]
    }

    private func didClose(_ params: JSONValue?, _ connection: Int) -> [[UInt8]] {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue,
            documents[connection]?[uri] != nil
        else { return [] }
        documents[connection]?[uri] = nil
        endPreviewIfUnheld(uri, connection)
        return [Self.diagnosticsNotification(uri: uri, version: nil, diagnostics: [])]
    }

    /// Ends `uri`'s preview when no connection has the document open any more.
    private func endPreviewIfUnheld(_ uri: String, _ connection: Int) {
        guard !documents.values.contains(where: { $0[uri] != nil }) else { return }
        endPreview(uri, connection)
    }

    /// Disposes `uri`'s preview session, if it has one, which releases its name.
    private func endPreview(_ uri: String, _ connection: Int) {
        guard let preview = previews.removeValue(forKey: uri) else { return }
        _ = call("session/dispose", ["session": .string(preview.session)], connection)
    }

    private func publish(_ uri: String, _ connection: Int) -> [UInt8] {
        guard let document = documents[connection]?[uri] else { return [] }
        var diagnostics = document.check.diagnostics
        if !document.check.isValid, let preview = previews[uri] {
            diagnostics.append(
                DocumentDiagnostic(
                    range: PreviewCommands.transitionNameRange(in: document),
                    severity: .information, code: ErrorCode.invalidParams.rawValue,
                    message:
                        "the preview \(preview.name) (session \(preview.session)) shows the last valid version of this document until the errors are fixed"
                ))
        }
        return Self.diagnosticsNotification(
            uri: uri, version: document.version, diagnostics: diagnostics.map(\.json))
    }

    static func diagnosticsNotification(uri: String, version: Int64?, diagnostics: [JSONValue])
        -> [UInt8]
    {
        var params: JSONObject = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params["version"] = .integer(version) }
        var writer = JSONByteWriter()
        writer.writeNotification(
            method: "textDocument/publishDiagnostics", params: JSONValue.object(params))
        return writer.bytes
    }

    /// The open document and the position a `TextDocumentPositionParams` names.
    private func locate(_ params: JSONValue, _ connection: Int) -> (OpenDocument, TextPosition)? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue,
            let document = documents[connection]?[uri]
        else { return nil }
        let position = TextPosition(
            line: Int(params["position"]?["line"]?.int64Value ?? 0),
            character: Int(params["position"]?["character"]?.int64Value ?? 0))
        return (document, position)
    }

    // MARK: Commands

    private func execute(_ params: JSONValue, _ context: RequestContext) throws(ResponseError)
        -> JSONValue
    {
        let command = params["command"]?.stringValue ?? ""
        let arguments = params["arguments"]?.arrayValue ?? []
        guard Self.commands.contains(command) else {
            throw .invalidParams(
                FieldError(
                    field: "params.command",
                    reason: "unknown command; one of \(Self.commands.joined(separator: ", "))"))
        }
        guard let uri = arguments.first?.stringValue, documents[context.connection]?[uri] != nil
        else {
            throw .invalidParams(
                FieldError(
                    field: "params.arguments[0]",
                    reason: "expected the URI of a transition document open on this connection"))
        }
        switch command {
        case "transitiond.stop":
            endPreview(uri, context.connection)
            return .null
        case "transitiond.scrub":
            guard arguments.count > 1, let progress = arguments[1].doubleValue else {
                throw .invalidParams(
                    FieldError(field: "params.arguments[1]", expected: "number", found: "nothing"))
            }
            return try run(uri, context.connection, mode: .scrubbing(progress: progress))
        default:
            return try run(uri, context.connection, mode: .playing)
        }
    }

    /// Runs the document's preview as `connection` has the document: in its session,
    /// updated in place, or in a new one that belongs to the document.
    /// - Returns: The command's result, with the session's `clock` and `fps`.
    private func run(_ uri: String, _ connection: Int, mode: DocumentPreview.Mode)
        throws(ResponseError) -> JSONValue
    {
        guard let document = documents[connection]?[uri] else { return .null }
        let name = document.sessionName
        if previews[uri]?.name != name,
            let (other, _) = previews.first(where: { $0.key != uri && $0.value.name == name })
        {
            throw .invalidParams(
                FieldError(
                    field: "params.arguments[0]",
                    reason:
                        "'\(name)' is the preview of \(other): give this document a session.name of its own"
                ))
        }
        let result = try PreviewCommands.run(
            document, in: previews[uri], name: name, mode: mode,
            call: { method, params throws(ResponseError) in
                try call(method, params, connection).get()
            },
            adopt: { id throws(ResponseError) in
                try sessions.makeDocumentPreview(id, document: uri)
            })
        previews[uri] = result.preview
        guard case .object(var reply) = result.reply else { return result.reply }
        if let (clock, fps) = sessions.clock(of: result.preview.session) {
            reply["clock"] = .string(clock)
            reply["fps"] = .integer(Int64(fps))
        }
        return .object(reply)
    }

    /// One of the daemon's methods, called for `connection` as if it had sent it.
    private func call(_ method: String, _ params: JSONObject, _ connection: Int) -> Result<
        JSONValue, ResponseError
    > {
        let body = methods.respond(
            method: method, params: .object(params),
            context: RequestContext(id: .integer(0), method: method, connection: connection))
        guard let reply = try? JSONValue(parsing: body) else {
            return .failure(.internalError("no reply to \(method)"))
        }
        if let result = reply["result"] { return .success(result) }
        let error = reply["error"]
        return .failure(
            ResponseError(
                code: ErrorCode(rawValue: Int(error?["code"]?.int64Value ?? -32603)),
                message: error?["message"]?.stringValue ?? "", data: error?["data"]))
    }
}
