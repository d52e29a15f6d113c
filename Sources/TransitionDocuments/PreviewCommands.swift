import JSONRPC
import TransitionProtocol

/// The preview of a transition document: its code lenses, and what `transitiond.play`
/// and `transitiond.scrub` do with the daemon's methods (Protocol/README.md 20.3).
enum PreviewCommands {
    /// One of the daemon's methods, called for the editor that ran the command.
    typealias Call = (String, JSONObject) throws(ResponseError) -> JSONValue

    /// Play, scrub to half way and stop, over the document's `transition` member.
    static func lenses(for document: OpenDocument) -> [JSONValue] {
        let range = DocumentDiagnostic.json(transitionNameRange(in: document))
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

    /// Where the `transition` member's name is (the start of the text without one).
    static func transitionNameRange(in document: OpenDocument) -> TextRange {
        let bytes = DocumentOutline(document.text).entries[[.key("transition")]]?.name ?? 0..<0
        return LineIndex(document.text).range(bytes.lowerBound, bytes.upperBound)
    }

    /// Runs `document`'s preview as `mode` says: in `preview`'s session, updated in place
    /// (its transition in flight cancelled in place, the layout at rest reset to the
    /// document's `session`), or, when there is none or the document changed a member a
    /// live session cannot take on (`DocumentPreview.fixedMemberNames`), in a new session
    /// called `name` (the old one disposed) that `adopt` takes from the calling connection.
    /// Then the transition is started, or started interactive and scrubbed to the progress;
    /// on a manual clock, one tick of the present is sent to the followers.
    /// - Returns: The preview now, and the command's result: `{session, name, transition,
    ///   duration}` or `{session, name, transition, progress}`.
    static func run(
        _ document: OpenDocument, in preview: DocumentPreview?, name: String,
        mode: DocumentPreview.Mode, call: Call, adopt: (String) throws(ResponseError) -> Void
    ) throws(ResponseError) -> (preview: DocumentPreview, reply: JSONValue) {
        guard document.check.isValid, var params = document.check.sessionParams,
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
        params["name"] = .string(name)
        let fixed = DocumentPreview.fixedMembers(of: params)
        let id: JSONValue
        if let preview, preview.fixedMembers == fixed {
            id = .string(preview.session)
            try reset(preview.session, to: params, call: call)
        } else {
            if let old = preview?.session {
                _ = try? call("session/dispose", ["session": .string(old)])
            }
            id = try call("session/create", params)["session"] ?? .null
            do {
                try adopt(id.stringValue ?? "")
            } catch {
                _ = try? call("session/dispose", ["session": id])
                throw error
            }
        }
        let now = DocumentPreview(
            session: id.stringValue ?? "", name: name, mode: mode, fixedMembers: fixed)
        transition["session"] = id
        var reply: JSONObject = ["session": id, "name": .string(name)]
        switch mode {
        case .scrubbing(let progress):
            transition["interactive"] = true
            reply["transition"] = try call("transition/start", transition)["transition"]
            let status = try call(
                "transition/scrub", ["session": id, "progress": .double(progress)])
            reply["progress"] = status["progress"] ?? .double(progress)
        case .playing:
            let started = try call("transition/start", transition)
            reply["transition"] = started["transition"]
            reply["duration"] = started["duration"]
        }
        // A manual clock moves only when a client steps it: one tick of the time now tells
        // the followers that a transition (or a scrubbed pose) is there to step or show.
        if params["clock"]?.stringValue == "manual" {
            _ = try call("clock/advance", ["session": id, "by": 0, "reply": "brief"])
        }
        return (now, .object(reply))
    }

    /// Brings live session `id` back to the layout at rest that `params` (the document's
    /// `session`) describes, keeping its id, name and subscribers: the transition in flight
    /// ends as `cancelledInPlace`, then viewport, inset, sections, layout, reduced motion
    /// and offset are set as `session/create` would have set them.
    private static func reset(_ id: String, to params: JSONObject, call: Call)
        throws(ResponseError)
    {
        let session = JSONValue.string(id)
        do {
            _ = try call("transition/cancelInPlace", ["session": session])
        } catch {
            // No transition in flight: at rest already.
            guard error.code == .noTransition else { throw error }
        }
        var update: JSONObject = ["session": session]
        update["viewport"] = params["viewport"]
        update["contentInset"] =
            params["contentInset"] ?? ["top": 0, "left": 0, "bottom": 0, "right": 0]
        update["sections"] = params["sections"]
        update["layout"] = params["layout"]
        update["reducedMotion"] = params["reducedMotion"] ?? false
        _ = try call("session/update", update)
        _ = try call(
            "session/scroll",
            ["session": session, "contentOffset": params["contentOffset"] ?? ["x": 0, "y": 0]])
    }
}
