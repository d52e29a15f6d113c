import JSONRPC
import TransitionEngine

extension Decode {
    /// `keyframes`: `[{"at", "timing", "alpha", "scale" | "scaleX"/"scaleY", "rotation",
    /// "translateX", "translateY", "offset": {"x", "y"}, "values", and "items" | "ids",
    /// "kind" as in itemStyles}]`. The engine checks the ranges.
    static func keyframes(_ json: JSONCursor) throws(JSONDecodingError) -> [Keyframe] {
        guard json.isPresent else { return [] }
        var stops: [Keyframe] = []
        for stop in try json.elements() {
            if stop["scale"].isPresent && (stop["scaleX"].isPresent || stop["scaleY"].isPresent) {
                throw stop["scale"].invalid("either scale or scaleX/scaleY")
            }
            // One decoding call for every optional number (a smaller WebAssembly module).
            var n: [Double?] = []
            for name in Decode.keyframeNumbers { n.append(try stop[name].decodeIfPresent()) }
            var offset: Point? = nil
            if stop["offset"].isPresent {
                var xy: [Double] = []
                for name in ["x", "y"] { xy.append(try stop["offset"][name].decode(default: 0)) }
                offset = Point(x: xy[0], y: xy[1])
            }
            stops.append(
                Keyframe(
                    at: try stop["at"].decode(),
                    timing: stop["timing"].isPresent
                        ? try timing(stop["timing"]) : .easing(.linear),
                    alpha: n[0], scaleX: n[2] ?? n[1], scaleY: n[3] ?? n[1], rotation: n[4],
                    translateX: n[5], translateY: n[6], offset: offset,
                    values: try values(stop["values"]), scope: try keyframeScope(stop)))
        }
        return stops
    }

    /// A keyframe's optional numbers, in the order `keyframes` reads them.
    static let keyframeNumbers = [
        "alpha", "scale", "scaleX", "scaleY", "rotation", "translateX", "translateY",
    ]

    /// A keyframe's `items` | `ids` and `kind`; nil when it names none of them.
    private static func keyframeScope(_ stop: JSONCursor) throws(JSONDecodingError)
        -> KeyframeScope?
    {
        let kind: String? = try stop["kind"].decodeIfPresent()
        if stop["ids"].isPresent {
            var ids: [ItemID] = []
            for element in try stop["ids"].elements() { ids.append(try itemID(element)) }
            return KeyframeScope(items: .ids(ids), kind: kind)
        }
        if stop["items"].isPresent {
            var items: [IndexPath] = []
            for element in try stop["items"].elements() { items.append(try indexPath(element)) }
            return KeyframeScope(items: .indexPaths(items), kind: kind)
        }
        return kind.map { KeyframeScope(items: .all, kind: $0) }
    }

    /// `path`: `"straight"` (the default) or `{"type": "arc", "direction": "auto" |
    /// "clockwise" | "counterclockwise", "maxAngle": degrees}`.
    static func motionPath(_ json: JSONCursor) throws(JSONDecodingError) -> MotionPath {
        guard json.isPresent else { return .straight }
        if case .string(let name)? = json.value {
            guard name == "straight" else {
                throw json.invalid("\"straight\" or {\"type\": \"arc\", ...}")
            }
            return .straight
        }
        _ = try choice(json["type"], ["arc"])
        return .arc(
            ArcPath(
                direction: try named(json["direction"], default: ArcPath.Direction.auto),
                maxAngle: try json["maxAngle"].decode(default: ArcPath.defaultMaxAngle)))
    }
}
