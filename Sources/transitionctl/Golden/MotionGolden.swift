import JSONRPC
import TransitionProtocol

/// A golden motion file (`transitionctl record`): a document's transition sampled at
/// N + 1 evenly spaced times, start and end included, every element's attributes as
/// `transition/sample` returned them in the `objects` encoding.
///
/// `{"transitiondGolden": 1, "frames": N, "duration": D, "samples": [{"time",
/// "progress", "contentOffset", "attributes": [...]}, ...]}`.
struct MotionGolden {
    static let formatVersion: Int64 = 1

    var frames: Int
    var duration: Double
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
            frames: frames, duration: duration,
            samples: try sample(document, at: times, client: client))
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
            frames: Int(frames), duration: duration, samples: samples.compactMap(\.objectValue))
    }

    init(frames: Int, duration: Double, samples: [JSONObject]) {
        self.frames = frames
        self.duration = duration
        self.samples = samples
    }
}
