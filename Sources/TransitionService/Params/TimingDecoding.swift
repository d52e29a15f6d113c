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
        case .cubicBezier(_, let y1, _, let y2):
            for (i, y) in [(1, y1), (3, y2)] where !(Swift.abs(y) <= bound) {
                throw JSONDecodingError(
                    field: json.path + ".cubicBezier[\(i)]", expected: "a number from -1e9 to 1e9",
                    found: "\(y)")
            }
        case .linearStops(let stops):
            for (i, stop) in stops.enumerated() where !(Swift.abs(stop.value) <= bound) {
                throw JSONDecodingError(
                    field: json.path + ".linear[\(i)]", expected: "a value from -1e9 to 1e9",
                    found: "\(stop.value)")
            }
        default:
            break
        }
        if case .spring(let spring, let velocity) = curve, json["spring"].isPresent {
            let s = json["spring"]
            // Check the form the client used, so errors name its members.
            if s["response"].isPresent || s["dampingFraction"].isPresent {
                let response: Double = try s["response"].decode()
                let dampingFraction: Double = try s["dampingFraction"].decode()
                let mass: Double = try s["mass"].decode(default: 1)
                try validating { () throws(TimingError) in
                    _ = try Spring.validated(
                        response: response, dampingFraction: dampingFraction, mass: mass,
                        field: s.path)
                }
            } else if s["duration"].isPresent || s["bounce"].isPresent {
                let duration: Double = try s["duration"].decode()
                let bounce: Double = try s["bounce"].decode(default: 0)
                try validating { () throws(TimingError) in
                    _ = try Spring.validated(duration: duration, bounce: bounce, field: s.path)
                }
            } else {
                try validating { () throws(TimingError) in try spring.validate(field: s.path) }
            }
            guard velocity.isFinite else {
                throw JSONDecodingError(
                    field: s.path + ".initialVelocity", expected: "a finite number",
                    found: "\(velocity)")
            }
        } else {
            try validating { () throws(TimingError) in try curve.validate(field: json.path) }
        }
        return curve
    }

    /// Runs an engine check, its error turned into a decoding error.
    private static func validating(_ check: () throws(TimingError) -> Void)
        throws(JSONDecodingError)
    {
        do {
            try check()
        } catch {
            throw decodingError(error)
        }
    }

    /// `text` with every `target` replaced (the standard library's `replacing` needs
    /// string processing, which an Embedded build lacks).
    private static func replacing(_ target: String, with replacement: String, in text: String)
        -> String
    {
        let pattern = Array(target.utf8)
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if i + pattern.count <= bytes.count, bytes[i..<i + pattern.count].elementsEqual(pattern)
            {
                out += replacement.utf8
                i += pattern.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A timing error as a decoding error, with the engine's member names turned into
    /// the protocol's (`linearStops` is `linear`, bezier control points are array items).
    static func decodingError(_ error: TimingError) -> JSONDecodingError {
        var field = replacing(".linearStops", with: ".linear", in: error.field)
        for (i, name) in ["x1", "y1", "x2", "y2"].enumerated() {
            field = replacing(".cubicBezier.\(name)", with: ".cubicBezier[\(i)]", in: field)
        }
        let expected: String
        // A name refused (in quotes): with the nearest name, as `choice` refuses one.
        let quoted = Array(error.value.utf8)
        if case .unknownName(let allowed) = error.problem, quoted.count >= 2,
            quoted[0] == 0x22, quoted[quoted.count - 1] == 0x22
        {
            let name = String(decoding: quoted[1..<(quoted.count - 1)], as: UTF8.self)
            return JSONDecodingError(
                path: FieldError.steps(of: field), oneOf: allowed, found: name)
        }
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
                    Spring(
                        response: try s["response"].decode(),
                        dampingFraction: try s["dampingFraction"].decode(),
                        mass: try s["mass"].decode(default: 1)), initialVelocity: velocity)
            }
            if s["duration"].isPresent || s["bounce"].isPresent {
                return .spring(
                    Spring(
                        duration: try s["duration"].decode(),
                        bounce: try s["bounce"].decode(default: 0)),
                    initialVelocity: velocity)
            }
            return .spring(
                Spring(
                    mass: try s["mass"].decode(default: 1), stiffness: try s["stiffness"].decode(),
                    damping: try s["damping"].decode()), initialVelocity: velocity)
        }
        if json["steps"].isPresent {
            let s = json["steps"]
            let position = StepPosition(name: try s["position"].decode(default: "jump-end"))
            guard let position else {
                throw JSONDecodingError(
                    path: s["position"].pathSteps, oneOf: StepPosition.acceptedNames,
                    found: try s["position"].decode(String.self))
            }
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
        throw json.invalid(
            "an easing name or an object with one of " + timingForms.joined(separator: ", "))
    }

    /// An AHEasing name or a CSS timing keyword (`ease`, `step-end`, ...).
    private static func curveNamed(_ json: JSONCursor) throws(JSONDecodingError) -> TimingCurve {
        TimingCurve(named: try choice(json, TimingCurve.names))!
    }
}
