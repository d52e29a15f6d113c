import JSONRPC
import TransitionEngine

extension Decode {
    /// The timing forms a client may send.
    static let timingForms = ["easing", "cubicBezier", "spring", "steps", "linear"]

    /// `"name"` or `{"easing": name}` (an AHEasing name or a CSS timing keyword), `{"cubicBezier": [x1, y1, x2, y2]}`,
    /// `{"spring": {mass, stiffness, damping} | {response, dampingFraction} |
    /// {duration, bounce}, with optional initialVelocity}`, `{"steps": {"count",
    /// "position"}}` or `{"linear": [value | [value, input], ...]}`, checked in full: an
    /// error names the member the client sent.
    static func timing(_ json: JSONCursor) throws(JSONDecodingError) -> TimingCurve {
        let curve = try timingShape(json)
        // Outputs are bounded like every other number (1e9), so slopes and the
        // interpolated offset stay finite.
        let bound = ValidationError.maximumMagnitude
        switch curve {
        case let .cubicBezier(_, y1, _, y2):
            for (i, y) in [(1, y1), (3, y2)] where !(Swift.abs(y) <= bound) {
                throw JSONDecodingError(field: json.path + ".cubicBezier[\(i)]", expected: "a number from -1e9 to 1e9", found: "\(y)")
            }
        case .linearStops(let stops):
            for (i, stop) in stops.enumerated() where !(Swift.abs(stop.value) <= bound) {
                throw JSONDecodingError(field: json.path + ".linear[\(i)]", expected: "a value from -1e9 to 1e9", found: "\(stop.value)")
            }
        default:
            break
        }
        do {
            if case .spring(let spring, let velocity) = curve, json["spring"].isPresent {
                let s = json["spring"]
                // Check the form the client used, so errors name its members.
                if s["response"].isPresent || s["dampingFraction"].isPresent {
                    _ = try Spring.validated(
                        response: try s["response"].decode(), dampingFraction: try s["dampingFraction"].decode(),
                        mass: try s["mass"].decode(default: 1), field: s.path)
                } else if s["duration"].isPresent || s["bounce"].isPresent {
                    _ = try Spring.validated(duration: try s["duration"].decode(), bounce: try s["bounce"].decode(default: 0), field: s.path)
                } else {
                    try spring.validate(field: s.path)
                }
                guard velocity.isFinite else {
                    throw JSONDecodingError(field: s.path + ".initialVelocity", expected: "a finite number", found: "\(velocity)")
                }
            } else {
                try curve.validate(field: json.path)
            }
        } catch let error as TimingError {
            throw decodingError(error)
        } catch let error as JSONDecodingError {
            throw error
        } catch {
            throw json.invalid("a timing curve")
        }
        return curve
    }

    /// A timing error as a decoding error, with the engine's member names turned into
    /// the protocol's (`linearStops` is `linear`, bezier control points are array items).
    static func decodingError(_ error: TimingError) -> JSONDecodingError {
        var field = error.field.replacing(".linearStops", with: ".linear")
        for (i, name) in ["x1", "y1", "x2", "y2"].enumerated() {
            field = field.replacing(".cubicBezier.\(name)", with: ".cubicBezier[\(i)]")
        }
        let expected: String
        switch error.problem {
        case .notFinite: expected = "a finite number"
        case .outOfRange(let allowed): expected = "a finite number \(allowed)"
        case .tooFew(let minimum): expected = "at least \(minimum) items"
        case .unknownName(let allowed): expected = "one of " + allowed.joined(separator: ", ")
        }
        return JSONDecodingError(field: field, expected: expected, found: error.value)
    }

    private static func timingShape(_ json: JSONCursor) throws(JSONDecodingError) -> TimingCurve {
        if case .string? = json.value { return try curveNamed(json) }
        if json["easing"].isPresent { return try curveNamed(json["easing"]) }
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

    /// An AHEasing name or a CSS timing keyword (`ease`, `step-end`, ...).
    private static func curveNamed(_ json: JSONCursor) throws(JSONDecodingError) -> TimingCurve {
        TimingCurve(named: try choice(json, TimingCurve.names))!
    }
}
