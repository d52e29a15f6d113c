import JSONRPC
import TransitionEngine

extension Decode {
    /// The timing forms a client may send.
    static let timingForms = ["easing", "cubicBezier", "spring", "steps", "linear"]

    /// `"name"`, `{"easing": name}`, `{"cubicBezier": [x1, y1, x2, y2]}`,
    /// `{"spring": {mass, stiffness, damping} | {response, dampingFraction} |
    /// {duration, bounce}, with optional initialVelocity}`, `{"steps": {"count",
    /// "position"}}` or `{"linear": [value | [value, input], ...]}`. Ranges are checked by
    /// `TimingCurve.validate`.
    static func timing(_ json: JSONCursor) throws(JSONDecodingError) -> TimingCurve {
        if case .string? = json.value { return .easing(try named(json, Easing.self)) }
        if json["easing"].isPresent { return .easing(try named(json["easing"], Easing.self)) }
        if json["cubicBezier"].isPresent {
            let c: [Double] = try json["cubicBezier"].decode()
            guard c.count == 4 else { throw json["cubicBezier"].invalid("[x1, y1, x2, y2]") }
            return .cubicBezier(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
        }
        if json["spring"].isPresent {
            let s = json["spring"]
            let velocity: Double = try s["initialVelocity"].decode(default: 0)
            if s["response"].isPresent || s["dampingFraction"].isPresent {
                return .spring(
                    Spring(response: try s["response"].decode(), dampingFraction: try s["dampingFraction"].decode(),
                           mass: try s["mass"].decode(default: 1)), initialVelocity: velocity)
            }
            if s["duration"].isPresent || s["bounce"].isPresent {
                return .spring(
                    Spring(duration: try s["duration"].decode(), bounce: try s["bounce"].decode(default: 0)),
                    initialVelocity: velocity)
            }
            return .spring(
                Spring(mass: try s["mass"].decode(default: 1), stiffness: try s["stiffness"].decode(),
                       damping: try s["damping"].decode()), initialVelocity: velocity)
        }
        if json["steps"].isPresent {
            let s = json["steps"]
            let position = StepPosition(name: try s["position"].decode(default: "jump-end"))
            guard let position else { throw s["position"].invalid("one of " + StepPosition.acceptedNames.joined(separator: ", ")) }
            return .steps(try s["count"].decode(), position)
        }
        if json["linear"].isPresent {
            var stops: [LinearStop] = []
            for element in try json["linear"].elements() {
                if case .array? = element.value {
                    let pair: [Double] = try element.decode()
                    guard pair.count == 2 else { throw element.invalid("value or [value, input]") }
                    stops.append(LinearStop(value: pair[0], input: pair[1]))
                } else {
                    stops.append(LinearStop(value: try element.decode()))
                }
            }
            return .linearStops(stops)
        }
        throw json.invalid("an easing name or an object with one of " + timingForms.joined(separator: ", "))
    }
}
