import JSONRPC
import TransitionFilm
import TransitionService

/// A valid document's transition on a private service: sampled, exported and drawn by
/// the methods themselves (`transition/sample`, `transition/export`), never started.
final class DocumentRun {
    private let service: ScratchService
    private let session: JSONValue
    let check: DocumentCheck
    private let transition: JSONObject

    /// Creates the document's session; nil when the document is not valid.
    init?(_ check: DocumentCheck, limits: ServiceLimits) {
        guard check.isValid, let sessionParams = check.sessionParams,
            let transition = check.transitionParams
        else { return nil }
        service = ScratchService(limits: limits)
        guard case .result(let created) = service.call("session/create", sessionParams),
            let id = created["session"]
        else { return nil }
        self.check = check
        self.session = id
        self.transition = transition
    }

    /// `transition/sample` of the document's transition with `extra` (`progress` or
    /// `time`, `all`, `rect`).
    func sample(_ extra: JSONObject) -> ScratchService.Reply {
        call("transition/sample", extra)
    }

    /// `transition/export` of the document's transition with `extra` (`format`, ...).
    func export(_ extra: JSONObject) -> ScratchService.Reply {
        call("transition/export", extra)
    }

    private func call(_ method: String, _ extra: JSONObject) -> ScratchService.Reply {
        var params = transition
        params["session"] = session
        for member in extra.members { params[member.key] = member.value }
        return service.call(method, params)
    }

    /// The filmstrip of `transitionctl render` at `progresses`, every visible element.
    func film(at progresses: [Double], scale: Double?) -> String? {
        let from = check.sessionParams?["viewport"]
        let to = transition["viewport"] ?? from
        var frames: [FilmFrame] = []
        for progress in progresses {
            guard case .result(let sample) = self.sample(["progress": .double(progress)]) else {
                return nil
            }
            let p = sample["progress"]?.doubleValue ?? progress
            func lerp(_ key: String) -> Double {
                let a = from?[key]?.doubleValue ?? 0
                return a + ((to?[key]?.doubleValue ?? a) - a) * p
            }
            frames.append(
                FilmFrame(
                    progress: p, fraction: sample["fraction"]?.doubleValue ?? 0,
                    offsetX: sample["contentOffset"]?.pointX ?? 0,
                    offsetY: sample["contentOffset"]?.pointY ?? 0,
                    viewportWidth: lerp("width"), viewportHeight: lerp("height"),
                    boxes: ElementBox.decode(sample["attributes"])))
        }
        let height = frames.map(\.viewportHeight).max() ?? 1
        let fromType = check.sessionParams?["layout"]?["type"]?.stringValue ?? "layout"
        let toType = transition["to"]?["type"]?.stringValue ?? "layout"
        return SVGFilm(
            title: "\(fromType) → \(toType) — \(frames.count) progresses",
            frames: frames, scale: scale ?? (height > 0 ? 320 / height : 1)
        ).text
    }

    /// What `describe` tells: the summary of the check, the two layouts' types and the
    /// elements at both ends, by kind.
    func description() -> JSONValue {
        var object = JSONObject()
        if let created = check.created, let started = check.started {
            object = DocumentSummary(created: created, started: started).json.objectValue ?? [:]
        }
        object["fromLayout"] = check.sessionParams?["layout"]?["type"] ?? .null
        object["toLayout"] = transition["to"]?["type"] ?? .null
        var elements = JSONObject()
        for (name, progress) in [("start", 0.0), ("end", 1.0)] {
            guard
                case .result(let sample) = self.sample(["progress": .double(progress), "all": true])
            else { continue }
            var counts = JSONObject()
            for element in ElementBox.decode(sample["attributes"]) {
                counts[element.kind] = .integer((counts[element.kind]?.int64Value ?? 0) + 1)
            }
            elements[name] = .object(counts)
        }
        object["elements"] = .object(elements)
        return .object(object)
    }
}
