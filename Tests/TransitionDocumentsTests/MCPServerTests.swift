import JSONRPC
import Testing
import TransitionService

@testable import TransitionDocuments

/// The MCP server one line at a time, without a process (the SDK's end-to-end test is
/// Tests/EndToEnd/test_mcp.py).
private func answer(_ server: MCPServer, _ line: String) -> JSONValue? {
    guard let bytes = server.handle(line: Array(line.utf8)) else { return nil }
    #expect(bytes.last == 0x0A)
    #expect(bytes.dropLast().contains(0x0A) == false)
    return try? JSONValue(parsing: Array(bytes.dropLast()))
}

private let files: [String: String] = [
    "/docs/list.transition.json": """
    {"session": {"viewport": {"width": 200, "height": 300}, "sections": [{"items": 4}],
                 "layout": {"type": "list", "rowHeight": 50}},
     "transition": {"to": {"type": "grid", "columns": 2}, "duration": 0.4}}
    """
]

private func server() -> MCPServer {
    MCPServer(limits: ServiceLimits()) { path in
        guard let text = files[path] else {
            return .failure(DocumentFileError(reason: "No such file or directory"))
        }
        return .success(Array(text.utf8))
    }
}

@Test func initializeAnswersTheAskedVersionWhenServedElseTheNewest() {
    let mcp = server()
    let asked = answer(
        mcp,
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}"#
    )
    #expect(asked?["result"]?["protocolVersion"] == "2025-03-26")
    let future = answer(
        mcp,
        #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2099-01-01"}}"#
    )
    #expect(future?["result"]?["protocolVersion"] == "2025-11-25")
    #expect(answer(mcp, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
}

@Test func aToolReadsItsDocumentFromAPathAndSamplesIt() {
    let reply = answer(
        server(),
        #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"sample","arguments":{"document":"/docs/list.transition.json","progress":1}}}"#
    )
    #expect(reply?["id"] == "a")
    let result = reply?["result"]
    #expect(result?["isError"] == false)
    let sample = result?["structuredContent"]
    #expect(sample?["progress"] == 1)
    // Four cells of a two-column grid 200 wide: 100-point squares.
    #expect(sample?["attributes"]?.arrayValue?.count == 4)
    #expect(
        sample?["attributes"]?.arrayValue?[3]["frame"] == [
            "x": 100, "y": 100, "width": 100, "height": 100,
        ])
    #expect(result?["content"]?.arrayValue?.first?["text"]?.stringValue == sample?.jsonText)
}

@Test func mistakesAreToolErrorsOrProtocolErrors() {
    let mcp = server()
    let missing = answer(
        mcp,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"describe","arguments":{"document":"/docs/none.json"}}}"#
    )
    #expect(missing?["result"]?["isError"] == true)
    #expect(
        missing?["result"]?["content"]?.arrayValue?.first?["text"]
            == "arguments.document: cannot read '/docs/none.json': No such file or directory")
    let unknown = answer(
        mcp, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}"#)
    #expect(unknown?["error"]?["code"] == -32602)
    #expect(answer(mcp, "{not json")?["error"]?["code"] == -32700)
    #expect(answer(mcp, #"{"jsonrpc":"2.0","id":3,"method":"nope"}"#)?["error"]?["code"] == -32601)
    #expect(answer(mcp, "   ") == nil)
}

@Test func theSchemaResourceIsTheBundledSchema() throws {
    let reply = answer(
        server(),
        #"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"transitiond://schema/transition-document.json"}}"#
    )
    let text = try #require(reply?["result"]?["contents"]?.arrayValue?.first?["text"]?.stringValue)
    let schema = try JSONValue(parsing: text)
    #expect(schema["required"] == ["session", "transition"])
    #expect(
        schema["$defs"]?["sessionCreateParams"]?["required"] == ["viewport", "sections", "layout"])
}

private func call(_ tool: String, _ arguments: String) -> JSONValue? {
    answer(
        server(),
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    )?["result"]
}

private let misspelt =
    #"{"session": {"viewport": {"width": 200, "height": 300}, "sections": [{"items": 4}], "layout": {"type": "list", "rowHeight": 50}}, "transition": {"to": {"type": "grid", "columns": 2}, "duraton": 0.4}}"#
private let warning = "warning: transition.duraton: unknown member; did you mean `duration`?"

@Test func everyToolCarriesTheDocumentsWarnings() {
    for tool in ["validate", "sample", "describe"] {
        let more = tool == "sample" ? #", "progress": 0.5"# : ""
        let result = call(tool, #"{"document": \#(misspelt)\#(more)}"#)
        #expect(result?["isError"] == false, "\(tool)")
        #expect(result?["structuredContent"]?["warnings"] == [.string(warning)], "\(tool)")
        #expect(
            result?["content"]?.arrayValue?.first?["text"]?.stringValue
                == result?["structuredContent"]?.jsonText, "\(tool)")
    }
    for (tool, more) in [("export", #""format": "css""#), ("render", #""progresses": [0, 1]"#)] {
        let result = call(tool, #"{"document": \#(misspelt), \#(more)}"#)
        #expect(result?["isError"] == false, "\(tool)")
        #expect(result?["structuredContent"]?["warnings"] == [.string(warning)], "\(tool)")
        #expect(result?["content"]?.arrayValue?.count == 2, "\(tool)")
        #expect(result?["content"]?.arrayValue?.last?["text"] == .string(warning), "\(tool)")
    }
    // A document that is not valid: its errors and its warnings, in one answer.
    let broken =
        #"{"session": {"viewport": {"width": 200, "height": 300}, "sections": [{"items": 4}], "layout": {"type": "list", "rowHeight": 50}}, "transition": {"to": {"type": "grid", "columns": "two"}, "duraton": 0.4}}"#
    let refused = call("sample", #"{"document": \#(broken), "progress": 0.5}"#)
    #expect(refused?["isError"] == true)
    #expect(
        refused?["content"]?.arrayValue?.first?["text"]
            == JSONValue.string(
                "arguments.document: not a valid transition document\nerror: transition.to.columns: expected integer\n"
                    + warning))
}

@Test func sampleRefusesAProgressOrTimeOutOfRangeUnlessExtrapolating() {
    let document = #""document": "/docs/list.transition.json""#
    let progress = call("sample", #"{\#(document), "progress": 1.5}"#)
    #expect(progress?["isError"] == true)
    #expect(
        progress?["content"]?.arrayValue?.first?["text"]
            == "arguments.progress: expected a number from 0 to 1 (extrapolate: true to sample beyond), got 1.5"
    )
    let time = call("sample", #"{\#(document), "time": 2}"#)
    #expect(
        time?["content"]?.arrayValue?.first?["text"]
            == "arguments.time: expected a number from 0 to 0.4, the duration (extrapolate: true to sample beyond), got 2"
    )
    let beyond = call("sample", #"{\#(document), "progress": 1.5, "extrapolate": true}"#)
    #expect(beyond?["isError"] == false)
    #expect(beyond?["structuredContent"]?["progress"] == 1.5)
    #expect(call("sample", #"{\#(document), "time": 0.4}"#)?["isError"] == false)
    let schema = MCPTool.sample.inputSchema["properties"]
    #expect(schema?["progress"]?["minimum"] == 0 && schema?["progress"]?["maximum"] == 1)
    #expect(schema?["extrapolate"]?["type"] == "boolean")
}
