import JSONRPC

/// The result of `tools/call`: text for the model, the same as structured content when
/// it is an object, and `isError` for a call that failed (bad arguments, a document
/// that is not valid), which MCP reports to the model rather than as a protocol error.
struct MCPToolResult {
    var text: String
    var structured: JSONObject?
    var isError = false

    static func failure(_ text: String) -> MCPToolResult {
        MCPToolResult(text: text, structured: nil, isError: true)
    }

    /// A result whose text is the JSON of `value`.
    static func json(_ value: JSONObject) -> MCPToolResult {
        MCPToolResult(text: JSONValue.object(value).jsonText, structured: value)
    }

    var json: JSONObject {
        var object: JSONObject = [
            "content": [["type": "text", "text": .string(text)]],
            "isError": .bool(isError),
        ]
        if let structured { object["structuredContent"] = .object(structured) }
        return object
    }
}
