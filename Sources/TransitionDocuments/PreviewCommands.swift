import JSONRPC

/// The preview of a transition document: its code lenses, and what `transitiond.play`
/// and `transitiond.scrub` do with the daemon's methods.
enum PreviewCommands {
    /// Play, scrub to half way and stop, over the document's `transition` member.
    static func lenses(for document: OpenDocument) -> [JSONValue] {
        let lines = LineIndex(document.text)
        let entry = DocumentOutline(document.text).entries[[.key("transition")]]
        let bytes = entry?.name ?? 0..<0
        let range = DocumentDiagnostic.json(lines.range(bytes.lowerBound, bytes.upperBound))
        let uri = JSONValue.string(document.uri)
        let commands: [(String, String, [JSONValue])] = [
            ("▶ Play", "transitiond.play", [uri]),
            ("Scrub to 50%", "transitiond.scrub", [uri, 0.5]),
            ("■ Stop", "transitiond.stop", [uri]),
        ]
        return commands.map { title, command, arguments in
            [
                "range": range,
                "command": [
                    "title": .string(title), "command": .string(command),
                    "arguments": .array(arguments),
                ],
            ]
        }
    }

    /// Runs `document`'s preview in a fresh session called `name` (its previous one
    /// disposed): the transition started, or started interactive and scrubbed to the
    /// preview's progress.
    /// - Returns: The preview now, and the command's result: `{session, name,
    ///   transition, duration}` or `{session, name, transition, progress}`.
    static func run(
        _ document: OpenDocument, name: String,
        call: (String, JSONObject) throws(ResponseError) -> JSONValue
    ) throws(ResponseError) -> (preview: OpenDocument.Preview, reply: JSONValue) {
        guard document.check.isValid, var session = document.check.sessionParams,
            var transition = document.check.transitionParams
        else {
            let first = document.check.diagnostics.first { $0.severity == .error }
            throw .invalidParams(
                FieldError(
                    field: "params.arguments[0]",
                    reason:
                        "\(document.uri) is not a valid transition document: \(first?.line(placed: true) ?? "")"
                ))
        }
        if let old = document.preview.session, !old.isEmpty {
            _ = try? call("session/dispose", ["session": .string(old)])
        }
        session["name"] = .string(name)
        let created = try call("session/create", session)
        let id = created["session"] ?? .null
        transition["session"] = id
        var reply: JSONObject = ["session": id, "name": .string(name)]
        if case .scrubbing(_, let progress) = document.preview {
            transition["interactive"] = true
            reply["transition"] = try call("transition/start", transition)["transition"]
            let status = try call(
                "transition/scrub", ["session": id, "progress": .double(progress)])
            reply["progress"] = status["progress"] ?? .double(progress)
            return (.scrubbing(session: id.stringValue ?? "", progress: progress), .object(reply))
        }
        let started = try call("transition/start", transition)
        reply["transition"] = started["transition"]
        reply["duration"] = started["duration"]
        return (.playing(session: id.stringValue ?? ""), .object(reply))
    }
}
