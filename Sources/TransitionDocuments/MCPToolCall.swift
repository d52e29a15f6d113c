import JSONRPC
import TransitionService

/// One `tools/call`: its arguments decoded (a mistake is an `isError` result naming the
/// field, `arguments.progress: expected number`), its document checked, the tool run.
struct MCPToolCall {
    let limits: ServiceLimits
    /// Reads a document's file: its bytes, or why not.
    let readFile: (String) -> Result<[UInt8], DocumentFileError>

    /// The progresses `render` draws when none are given.
    static let defaultProgresses = [0, 0.2, 0.4, 0.6, 0.8, 1.0]

    func run(_ tool: MCPTool, _ arguments: JSONValue?) -> MCPToolResult {
        let json = JSONCursor(arguments ?? .object([:]), path: "arguments", checkingMembers: true)
        do throws(JSONDecodingError) {
            return try run(tool, json)
        } catch {
            return .failure((json.misspelling(behind: error) ?? error).description)
        }
    }

    private func run(_ tool: MCPTool, _ json: JSONCursor) throws(JSONDecodingError)
        -> MCPToolResult
    {
        let check = try document(json["document"])
        var extra = JSONObject()
        switch tool {
        case .validate, .describe:
            break
        case .sample:
            let progress: Double? = try json["progress"].decodeIfPresent()
            let time: Double? = try json["time"].decodeIfPresent()
            if let progress {
                extra["progress"] = .double(progress)
            } else if let time {
                extra["time"] = .double(time)
            } else {
                throw json["progress"].invalid("number (give progress or time)")
            }
            extra["all"] = .bool(try json["all"].decode(default: false))
        case .export:
            let format: String = try json["format"].decode()
            extra["format"] = .string(format)
            let tolerance: Double? = try json["tolerance"].decodeIfPresent()
            if let tolerance { extra["tolerance"] = .double(tolerance) }
            let fps: Double? = try json["fps"].decodeIfPresent()
            if let fps { extra["fps"] = .double(fps) }
        case .render:
            var progresses = Self.defaultProgresses
            if json["progresses"].isPresent {
                let elements = try json["progresses"].elements()
                guard (1...200).contains(elements.count) else {
                    throw json["progresses"].invalid("array of 1 to 200 numbers")
                }
                progresses = []
                for element in elements { progresses.append(try element.decode()) }
            }
            extra["progresses"] = .array(progresses.map { .double($0) })
            let scale: Double? = try json["scale"].decodeIfPresent()
            if let scale {
                guard scale > 0, scale <= 100 else {
                    throw json["scale"].invalid("number > 0 and at most 100")
                }
                extra["scale"] = .double(scale)
            }
        }
        if let unknown = json.unknownMember() { throw unknown }
        if tool == .validate { return .json(DocumentCheckResult(check: check).json) }
        guard let run = DocumentRun(check, limits: limits) else {
            return .failure(
                (["arguments.document: not a valid transition document"]
                    + check.diagnostics.filter { $0.severity == .error }.map {
                        $0.line(placed: check.hasText)
                    })
                    .joined(separator: "\n"))
        }
        switch tool {
        case .validate, .describe:
            return .json(run.description().objectValue ?? [:])
        case .sample:
            return reply(run.sample(extra)) { .json($0.objectValue ?? [:]) }
        case .export:
            return reply(run.export(extra)) { result in
                let content = result["content"]
                return MCPToolResult(
                    text: content?.stringValue ?? content?.jsonText ?? "", structured: nil)
            }
        case .render:
            let progresses = extra["progresses"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            guard let svg = run.film(at: progresses, scale: extra["scale"]?.doubleValue) else {
                return .failure("arguments.progresses: the transition could not be sampled")
            }
            return MCPToolResult(text: svg, structured: nil)
        }
    }

    /// A method's reply as a tool result: a refusal names the argument it came from
    /// (`params.format` is `arguments.format`).
    private func reply(
        _ reply: ScratchService.Reply, _ success: (JSONValue) -> MCPToolResult
    ) -> MCPToolResult {
        switch reply {
        case .result(let value): return success(value)
        case .error(_, let message, let data):
            var field = data?["field"]?.stringValue ?? ""
            if field.hasPrefix("params.") { field = "arguments." + field.dropFirst(7) }
            let reason = data?["reason"]?.stringValue ?? message
            return .failure(field.isEmpty ? reason : "\(field): \(reason)")
        }
    }

    /// The document argument, checked: an object, or the path of a file.
    private func document(_ json: JSONCursor) throws(JSONDecodingError) -> DocumentCheck {
        switch json.value {
        case .object?:
            return DocumentChecker.check(json.value!, limits: limits)
        case .string(let path)?:
            switch readFile(path) {
            case .success(let bytes): return DocumentChecker.check(bytes, limits: limits)
            case .failure(let error):
                throw FieldError(
                    path: json.pathSteps, reason: "cannot read '\(path)': \(error.reason)")
            }
        default:
            throw json.invalid("object or string (a transition document, or its path)")
        }
    }
}
