import JSONRPC

/// A language-server request, its params kept whole: LSP params carry members of their
/// own (`workDoneToken`, `context` ...) that the daemon reads or not, so none is refused.
/// One plain type per method rather than one generic type over the method: making the
/// metadata of a generic type whose parameter must conform to a protocol checks the
/// conformance, and the first such check searches every conformance in the executable
/// (a third of the daemon's start-up).
protocol LanguageRequest: RequestType where Response == JSONValue {
    var params: JSONValue { get }
    init(params: JSONValue)
}

extension LanguageRequest {
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        // Reading the members whole marks them all known.
        _ = try json.members()
        self.init(params: json.value ?? .object([:]))
    }
}

struct CompletionRequest: LanguageRequest {
    static let method = "textDocument/completion"
    let params: JSONValue
}

struct HoverRequest: LanguageRequest {
    static let method = "textDocument/hover"
    let params: JSONValue
}

struct CodeLensRequest: LanguageRequest {
    static let method = "textDocument/codeLens"
    let params: JSONValue
}

struct ExecuteCommandRequest: LanguageRequest {
    static let method = "workspace/executeCommand"
    let params: JSONValue
}
