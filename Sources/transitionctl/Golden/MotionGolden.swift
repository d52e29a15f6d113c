import JSONRPC
import TransitionProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// A golden motion file (`transitionctl record`): a document's transition sampled at
/// N + 1 evenly spaced times, start and end included, every element's attributes as
/// `transition/sample` returned them in the `objects` encoding.
///
/// `{"transitiondGolden": 1, "frames": N, "duration": D, "document": {"session",
/// "transition"}, "samples": [{"time", "progress", "contentOffset", "attributes": [...]},
/// ...]}`; `document` (the input as `document/check` made its requests) is absent from
/// files recorded before it was kept. Numbers are written as the daemon writes them
/// (`JSONByteWriter`): Python's `transitiond.golden` writes the same bytes.
struct MotionGolden {
    static let formatVersion: Int64 = 1
    /// How many changed input members the first line of a report names.
    static let reportedInputChanges = 4

    var frames: Int
    var duration: Double
    /// The document recorded: `{"session", "transition"}`; nil in older files.
    var document: JSONValue?
    /// One `transition/sample` result per time, reduced to `time`, `progress`,
    /// `contentOffset` and `attributes`.
    var samples: [JSONObject]

    /// Samples `document`'s transition at `frames + 1` times, through `client`.
    static func record(_ document: TransitionSpecFile, frames: Int, client: DaemonClient) throws
        -> MotionGolden
    {
        guard let duration = document.summary?["duration"]?.doubleValue else {
            throw Failure("document/check gave no duration")
        }
        let times = (0...frames).map { duration * Double($0) / Double(frames) }
        return MotionGolden(
            frames: frames, duration: duration, document: recorded(document),
            samples: try sample(document, at: times, client: client))
    }

    /// The input as a golden file keeps it.
    static func recorded(_ document: TransitionSpecFile) -> JSONValue {
        ["session": document.session, "transition": .object(document.transition)]
    }

    /// What changed in the input since the recording, as one line (`duration changed:
    /// 0.4 -> 0.45; transition.timing changed: "linear" -> "quarticEaseInOut"`), or nil:
    /// the duration, then every member of the recorded document that differs from
    /// `now`'s (without `transition.duration` when the duration line says it).
    func changedInput(_ now: TransitionSpecFile) -> String? {
        var changes: [String] = []
        let before = JSONValue.double(duration).jsonText
        let after = (now.summary?["duration"]?.doubleValue).map { JSONValue.double($0).jsonText }
        if let after, before != after {
            changes.append("duration changed: \(before) -> \(after)")
        }
        if let document {
            var members: [String] = []
            Self.inputChanges(document, Self.recorded(now), path: "", into: &members)
            if !changes.isEmpty {
                members.removeAll { $0.hasPrefix("transition.duration changed:") }
            }
            changes += members
        }
        guard !changes.isEmpty else { return nil }
        if changes.count > Self.reportedInputChanges + 1 {
            let more = changes.count - Self.reportedInputChanges
            changes =
                Array(changes.prefix(Self.reportedInputChanges)) + ["and \(more) more changes"]
        }
        return changes.joined(separator: "; ")
    }

    private static func inputChanges(
        _ a: JSONValue?, _ b: JSONValue?, path: String, into changes: inout [String]
    ) {
        func join(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        switch (a, b) {
        case (.object(let x)?, .object(let y)?):
            for member in x.members {
                inputChanges(member.value, y[member.key], path: join(member.key), into: &changes)
            }
            for member in y.members where x[member.key] == nil {
                inputChanges(nil, member.value, path: join(member.key), into: &changes)
            }
        case (.array(let x)?, .array(let y)?) where x.count == y.count:
            for index in x.indices {
                inputChanges(x[index], y[index], path: "\(path)[\(index)]", into: &changes)
            }
        default:
            let before = a?.jsonText ?? "nothing"
            let after = b?.jsonText ?? "nothing"
            if before != after { changes.append("\(path) changed: \(before) -> \(after)") }
        }
    }

    /// The document's transition at `times` (seconds from its start), every element.
    static func sample(_ document: TransitionSpecFile, at times: [Double], client: DaemonClient)
        throws -> [JSONObject]
    {
        var session = document.session
        // Objects with exact numbers, whatever the document streams with.
        if case .object(var members) = session {
            members["encoding"] = "objects"
            members["precision"] = nil
            session = .object(members)
        }
        let created = try client.call(.sessionCreate, session)
        guard let id = created["session"] else {
            throw Failure("session/create answered no session id")
        }
        defer { _ = try? client.call(.sessionDispose, ["session": id]) }
        return try times.map { time in
            var params = document.transition
            params["session"] = id
            params["time"] = .double(time)
            params["all"] = true
            let sample = try client.call(.transitionSample, .object(params))
            return [
                "time": .double(time),
                "progress": sample["progress"] ?? .null,
                "contentOffset": sample["contentOffset"] ?? .null,
                "attributes": sample["attributes"] ?? .array([]),
            ]
        }
    }

    /// The file's text: one line per element, so that a changed motion reads as a diff of
    /// the elements that moved.
    var text: String {
        var out = "{\n  \"transitiondGolden\": \(Self.formatVersion),\n"
        out += "  \"frames\": \(frames),\n  \"duration\": \(JSONValue.double(duration).jsonText),\n"
        if let document { out += "  \"document\": \(document.jsonText),\n" }
        out += "  \"samples\": ["
        for (index, sample) in samples.enumerated() {
            out += index == 0 ? "\n    {" : ",\n    {"
            var head: [String] = []
            for member in sample.members where member.key != "attributes" {
                head.append("\(JSONValue.string(member.key).jsonText): \(member.value.jsonText)")
            }
            out += head.joined(separator: ", ") + ", \"attributes\": ["
            let elements = sample["attributes"]?.arrayValue ?? []
            for (position, element) in elements.enumerated() {
                out += (position == 0 ? "\n      " : ",\n      ") + element.jsonText
            }
            out += elements.isEmpty ? "]}" : "\n    ]}"
        }
        out += "\n  ]\n}\n"
        return out
    }

    /// Whether a golden file is at `path` (`-`, standard input, always is).
    static func exists(_ path: String) -> Bool {
        path == "-" || access(path, F_OK) == 0
    }

    /// Reads a golden file written by `record`.
    init(path: String) throws {
        let bytes = try StandardInput.contents(of: path)
        guard let value = try? JSONValue(parsing: bytes),
            value["transitiondGolden"]?.int64Value == Self.formatVersion,
            let frames = value["frames"]?.int64Value, let duration = value["duration"]?.doubleValue,
            let samples = value["samples"]?.arrayValue
        else {
            throw Failure(
                "\(path): not a golden motion file of version \(Self.formatVersion) (made by transitionctl record)"
            )
        }
        self.init(
            frames: Int(frames), duration: duration, document: value["document"],
            samples: samples.compactMap(\.objectValue))
    }

    init(frames: Int, duration: Double, document: JSONValue?, samples: [JSONObject]) {
        self.frames = frames
        self.duration = duration
        self.document = document
        self.samples = samples
    }
}
