import JSONRPC

/// A language-server request, its params kept whole: LSP params carry members of their
/// own (`workDoneToken`, `context` ...) that the daemon reads or not, so none is refused.
struct LanguageRequest<Method: LanguageMethod>: RequestType {
    typealias Response = JSONValue
    static var method: String { Method.name }

    var params: JSONValue

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        // Reading the members whole marks them all known.
        _ = try json.members()
        params = json.value ?? .object([:])
    }
}

/// The name of a language-server request.
protocol LanguageMethod {
    static var name: String { get }
}

enum CompletionMethod: LanguageMethod { static let name = "textDocument/completion" }
enum HoverMethod: LanguageMethod { static let name = "textDocument/hover" }
enum CodeLensMethod: LanguageMethod { static let name = "textDocument/codeLens" }
enum ExecuteCommandMethod: LanguageMethod { static let name = "workspace/executeCommand" }
