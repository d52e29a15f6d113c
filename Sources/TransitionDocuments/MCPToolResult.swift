import JSONRPC

/// The result of `tools/call`: text for the model, the same as structured content when
/// it is an object, and `isError` for a call that failed (bad arguments, a document
/// that is not valid), which MCP reports to the model rather than as a protocol error.
struct MCPToolResult {
    var text: String
    var structured: JSONObject?
    var isError = false
    /// A second text, after the first (the warnings beside an exported text).
    var note: String?
    /// Whether the text already lists the document's warnings (a document not valid).
    var listsWarnings = false

    static func failure(_ text: String) -> MCPToolResult {
        MCPToolResult(text: text, structured: nil, isError: true)
    }

    /// A result whose text is the JSON of `value`.
    static func json(_ value: JSONObject) -> MCPToolResult {
        MCPToolResult(text: JSONValue.object(value).jsonText, structured: value)
    }

    /// The result with the document's `warnings` (lines `warning: field: reason`): in
    /// `structuredContent` (and so in the JSON text) when it is an object; beside an
    /// exported text as `structuredContent.warnings` and a second text; after a tool
    /// error's text.
    func with(warnings: [String]) -> MCPToolResult {
        guard !warnings.isEmpty, !listsWarnings else { return self }
        var result = self
        let lines = JSONValue.array(warnings.map { .string($0) })
        if var structured {
            structured["warnings"] = lines
            result = .json(structured)
        } else if isError {
            result.text += "\n" + warnings.joined(separator: "\n")
        } else {
            result.structured = ["warnings": lines]
            result.note = warnings.joined(separator: "\n")
        }
        return result
    }

    var json: JSONObject {
        var content: [JSONValue] = [["type": "text", "text": .string(text)]]
        if let note { content.append(["type": "text", "text": .string(note)]) }
        var object: JSONObject = [
            "content": .array(content),
            "isError": .bool(isError),
        ]
        if let structured { object["structuredContent"] = .object(structured) }
        return object
    }
}
