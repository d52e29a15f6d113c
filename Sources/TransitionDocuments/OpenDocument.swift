import JSONRPC

/// A transition document an editor has open (`textDocument/didOpen`): its text as the
/// editor has it and the last check of it. Its preview, shared by every editor that has
/// the same document open, is the language server's (`DocumentPreview`).
struct OpenDocument {
    var uri: String
    var version: Int64?
    var text: [UInt8]
    /// The last check of `text`.
    var check: DocumentCheck

    /// Whether a document is one this server checks: by its language or its name.
    static func isTransitionDocument(uri: String, languageID: String?) -> Bool {
        languageID == "transition" || uri.hasSuffix(".transition.json")
    }

    /// The name of the document's preview session: its own `session.name`, else
    /// `transition:` and the file's name without `.transition.json` (or its last path
    /// component), at most 64 characters.
    var sessionName: String {
        check.sessionParams?["name"]?.stringValue ?? Self.sessionName(for: uri)
    }

    /// `transition:` and the file's name, at most 64 characters.
    static func sessionName(for uri: String) -> String {
        var name = String(uri.split(separator: "/").last ?? Substring(uri))
        for suffix in [".transition.json", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        let full = "transition:" + name
        return String(String.UnicodeScalarView(full.unicodeScalars.prefix(64)))
    }

    /// Applies one `contentChanges` entry: a whole new text, or a range replaced.
    mutating func apply(_ change: JSONValue) {
        let replacement = Array((change["text"]?.stringValue ?? "").utf8)
        guard let range = change["range"] else {
            text = replacement
            return
        }
        let lines = LineIndex(text)
        func offset(_ position: JSONValue?) -> Int {
            lines.offset(
                of: TextPosition(
                    line: Int(position?["line"]?.int64Value ?? 0),
                    character: Int(position?["character"]?.int64Value ?? 0)))
        }
        let start = offset(range["start"])
        let end = max(start, offset(range["end"]))
        text.replaceSubrange(start..<end, with: replacement)
    }
}
