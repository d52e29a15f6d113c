import JSONRPC
import TransitionService

/// `transitiond --mcp`: the Model Context Protocol over newline-delimited JSON-RPC, for
/// coding agents. Pure: a line in, the line to answer (if any) out; the executable owns
/// standard input and output.
///
/// It answers `initialize` (with the client's protocol version when it is one of
/// `protocolVersions`, else the newest), `ping`, `tools/list`, `tools/call`,
/// `resources/list`, `resources/templates/list` and `resources/read`; notifications
/// (`notifications/initialized` ...) get nothing. A bad tool argument or a document that
/// is not valid is a tool result with `isError`, naming the field; an unknown tool is
/// -32602, an unknown resource -32002, an unknown method -32601.
public final class MCPServer {
    /// The protocol versions served, newest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// The schema's resource.
    static let schemaURI = "transitiond://schema/transition-document.json"

    private let tools: MCPToolCall

    /// - Parameters:
    ///   - limits: The limits documents are checked and run within.
    ///   - readFile: Reads a document given by its path: its bytes, or why not.
    public init(
        limits: ServiceLimits,
        readFile: @escaping (String) -> Result<[UInt8], DocumentFileError>
    ) {
        tools = MCPToolCall(limits: limits, readFile: readFile)
    }

    /// Handles one line; returns the line to write (with its newline), or nil.
    public func handle(line: [UInt8]) -> [UInt8]? {
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return nil }
        let message: JSONValue
        do {
            message = try JSONValue(parsing: line)
        } catch {
            return Self.error(id: .null, code: -32700, "Parse error: \(error)")
        }
        guard case .object(let object) = message, object["jsonrpc"]?.stringValue == "2.0",
            let method = object["method"]?.stringValue
        else {
            // A response from the client (nothing here asks it anything) or not JSON-RPC.
            if case .object(let object) = message, object["method"] == nil,
                object["result"] != nil || object["error"] != nil
            {
                return nil
            }
            return Self.error(id: message["id"] ?? .null, code: -32600, "Invalid Request")
        }
        guard let id = object["id"] else { return nil }  // a notification
        let params = object["params"]
        switch method {
        case "initialize":
            let asked = params?["protocolVersion"]?.stringValue ?? ""
            let version =
                Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
            return Self.result(
                id: id,
                [
                    "protocolVersion": .string(version),
                    "capabilities": [
                        "tools": ["listChanged": false],
                        "resources": ["listChanged": false, "subscribe": false],
                    ],
                    "serverInfo": [
                        "name": .string(ServerInfo.name), "version": .string(ServerInfo.version),
                    ],
                    "instructions": .string(Self.instructions),
                ])
        case "ping":
            return Self.result(id: id, [:])
        case "tools/list":
            return Self.result(id: id, ["tools": .array(MCPTool.allCases.map(\.listing))])
        case "tools/call":
            guard let name = params?["name"]?.stringValue, let tool = MCPTool(rawValue: name)
            else {
                let name = params?["name"]?.jsonText ?? "nothing"
                return Self.error(
                    id: id, code: -32602,
                    "Unknown tool: \(name) (one of \(MCPTool.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return Self.result(id: id, tools.run(tool, params?["arguments"]).json)
        case "resources/list":
            return Self.result(
                id: id,
                [
                    "resources": [
                        [
                            "uri": .string(Self.schemaURI), "name": "transition-document",
                            "title": "The transition document's JSON Schema",
                            "description":
                                "The schema of the documents every tool takes: {\"session\": <session/create params>, \"transition\": <transition/start params without \"session\">}, self-contained (draft 2020-12).",
                            "mimeType": "application/schema+json",
                        ]
                    ]
                ])
        case "resources/templates/list":
            return Self.result(id: id, ["resourceTemplates": []])
        case "resources/read":
            guard params?["uri"]?.stringValue == Self.schemaURI else {
                return Self.error(
                    id: id, code: -32002,
                    "Resource not found: \(params?["uri"]?.jsonText ?? "nothing")")
            }
            return Self.result(
                id: id,
                [
                    "contents": [
                        [
                            "uri": .string(Self.schemaURI), "mimeType": "application/schema+json",
                            "text": .string(DocumentSchema.text),
                        ]
                    ]
                ])
        default:
            return Self.error(id: id, code: -32601, "Method not found: \(method)")
        }
    }

    static let instructions =
        "transitiond computes animated transitions between two layouts of a collection (list -> grid ...). Write the transition as a document (resource transitiond://schema/transition-document.json), check it with validate, then sample, describe, render or export it."

    private static func result(id: JSONValue, _ result: JSONObject) -> [UInt8] {
        line(["jsonrpc": "2.0", "id": id, "result": .object(result)])
    }

    private static func error(id: JSONValue, code: Int, _ message: String) -> [UInt8] {
        line([
            "jsonrpc": "2.0", "id": id,
            "error": ["code": .integer(Int64(code)), "message": .string(message)],
        ])
    }

    private static func line(_ object: JSONObject) -> [UInt8] {
        var writer = JSONByteWriter()
        writer.write(JSONValue.object(object))
        return writer.bytes + [0x0A]
    }
}
