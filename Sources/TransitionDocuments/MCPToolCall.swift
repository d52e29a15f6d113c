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
        var check: DocumentCheck?
        let result: MCPToolResult
        do throws(JSONDecodingError) {
            result = try run(tool, json, &check)
        } catch {
            result = .failure((json.misspelling(behind: error) ?? error).description)
        }
        // Every result carries the document's warnings, so one call tells them all.
        let warnings =
            check?.diagnostics.filter { $0.severity == .warning }.map {
                $0.line(placed: check?.hasText ?? false)
            } ?? []
        return result.with(warnings: warnings)
    }

    /// A range an argument must be in unless `extrapolate` is true.
    private static func outOfRange(
        _ json: JSONCursor, _ value: Double, upTo high: Double, what: String
    ) -> JSONDecodingError {
        FieldError(
            path: json.pathSteps,
            reason:
                "expected a number from 0 to \(JSONValue.double(high).jsonText)\(what) (extrapolate: true to sample beyond), got \(JSONValue.double(value).jsonText)"
        )
    }

    private func run(_ tool: MCPTool, _ json: JSONCursor, _ checked: inout DocumentCheck?)
        throws(JSONDecodingError) -> MCPToolResult
    {
        let check = try document(json["document"])
        checked = check
        var extra = JSONObject()
        var time: Double?
        var extrapolate = false
        switch tool {
        case .validate, .describe:
            break
        case .sample:
            let progress: Double? = try json["progress"].decodeIfPresent()
            time = try json["time"].decodeIfPresent()
            extrapolate = try json["extrapolate"].decode(default: false)
            if let progress {
                guard extrapolate || (0...1).contains(progress) else {
                    throw Self.outOfRange(json["progress"], progress, upTo: 1, what: "")
                }
                extra["progress"] = .double(progress)
                time = nil
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
            // Every diagnostic, errors and warnings, in one answer.
            var failure = MCPToolResult.failure(
                (["arguments.document: not a valid transition document"]
                    + check.diagnostics.map { $0.line(placed: check.hasText) })
                    .joined(separator: "\n"))
            failure.listsWarnings = true
            return failure
        }
        if let time, !extrapolate {
            let duration = check.started?["duration"]?.doubleValue ?? 0
            guard time >= 0, time <= duration else {
                throw Self.outOfRange(json["time"], time, upTo: duration, what: ", the duration")
            }
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
