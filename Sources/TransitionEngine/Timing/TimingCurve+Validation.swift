/// Checks on timing values that arrive from clients.
///
/// Each failure is a `TimingError` naming the field by a dotted path under a
/// caller-chosen prefix (default `timing`); nothing here traps on bad input.
extension TimingCurve {
    /// Checks that every number of the curve is usable.
    ///
    /// Fields: `<field>.cubicBezier.{x1,y1,x2,y2}` (finite; x1 and x2 in [0, 1]),
    /// `<field>.steps.count` (>= 1, or >= 2 for jump-none),
    /// `<field>.linearStops` (at least 2) and `<field>.linearStops[i].{value,input}`
    /// (finite), `<field>.spring.{mass,stiffness,damping,initialVelocity}` (mass and
    /// stiffness > 0, damping >= 0, all finite). Every easing is valid.
    ///
    /// - Parameter field: The path of the curve in the request.
    /// - Throws: The first problem found, in the order above within each case.
    /// - Complexity: O(1), or O(number of stops).
    public func validate(field: String = "timing") throws(TimingError) {
        switch self {
        case .easing:
            return
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let path = field + ".cubicBezier"
            try check(x1, path + ".x1", "in [0, 1]") { $0 >= 0 && $0 <= 1 }
            try check(y1, path + ".y1")
            try check(x2, path + ".x2", "in [0, 1]") { $0 >= 0 && $0 <= 1 }
            try check(y2, path + ".y2")
        case .steps(let count, let position):
            let minimum = position == .jumpNone ? 2 : 1
            if count < minimum {
                let allowed = position == .jumpNone ? ">= 2 for jump-none" : ">= 1"
                throw TimingError(
                    field: field + ".steps.count", problem: .outOfRange(allowed: allowed),
                    value: String(count))
            }
        case .linearStops(let stops):
            let path = field + ".linearStops"
            if stops.count < 2 {
                throw TimingError(
                    field: path, problem: .tooFew(minimum: 2),
                    value: "\(stops.count) stop\(stops.count == 1 ? "" : "s")")
            }
            for (i, stop) in stops.enumerated() {
                try check(stop.value, "\(path)[\(i)].value")
                if let input = stop.input { try check(input, "\(path)[\(i)].input") }
            }
        case .spring(let spring, let initialVelocity):
            try spring.validate(field: field + ".spring")
            try check(initialVelocity, field + ".spring.initialVelocity")
        }
    }
}

extension Spring {
    /// Checks mass and stiffness (finite, > 0) and damping (finite, >= 0).
    ///
    /// The fields are `<field>.mass`, `<field>.stiffness`, `<field>.damping`.
    ///
    /// - Throws: The first problem, in that order.
    public func validate(field: String = "timing.spring") throws(TimingError) {
        try check(mass, field + ".mass", "> 0") { $0 > 0 }
        try check(stiffness, field + ".stiffness", "> 0") { $0 > 0 }
        try check(damping, field + ".damping", ">= 0") { $0 >= 0 }
    }

    /// A spring from its physical constants, checked as `validate(field:)` does.
    public static func validated(
        mass: Double = 1, stiffness: Double, damping: Double, field: String = "timing.spring"
    ) throws(TimingError) -> Spring {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        try spring.validate(field: field)
        return spring
    }

    /// A spring from `response` and `dampingFraction`, checked.
    ///
    /// `response` and `mass` must be finite and > 0, `dampingFraction` finite and
    /// >= 0; each is named under `field`.
    public static func validated(
        response: Double, dampingFraction: Double, mass: Double = 1,
        field: String = "timing.spring"
    ) throws(TimingError) -> Spring {
        try check(response, field + ".response", "> 0") { $0 > 0 }
        try check(dampingFraction, field + ".dampingFraction", ">= 0") { $0 >= 0 }
        try check(mass, field + ".mass", "> 0") { $0 > 0 }
        let spring = Spring(response: response, dampingFraction: dampingFraction, mass: mass)
        try spring.validate(field: field)
        return spring
    }

    /// A spring from `duration` and `bounce`, checked.
    ///
    /// `duration` must be finite and > 0, `bounce` in (-1, 1]; each is named under
    /// `field`.
    public static func validated(
        duration: Double, bounce: Double, field: String = "timing.spring"
    ) throws(TimingError) -> Spring {
        try check(duration, field + ".duration", "> 0") { $0 > 0 }
        try check(bounce, field + ".bounce", "in (-1, 1]") { $0 > -1 && $0 <= 1 }
        let spring = Spring(duration: duration, bounce: bounce)
        try spring.validate(field: field)
        return spring
    }
}

extension Easing {
    /// The easing with this exact name (the raw value, e.g. `quadraticEaseInOut`).
    ///
    /// - Throws: `unknownName` listing the 31 names, for any other name.
    public static func named(_ name: String, field: String = "timing.easing")
        throws(TimingError) -> Easing
    {
        guard let easing = Easing(rawValue: name) else {
            throw TimingError(
                field: field, problem: .unknownName(allowed: allCases.map { $0.rawValue }),
                value: "\"\(name)\"")
        }
        return easing
    }
}

extension StepPosition {
    /// The position with this CSS keyword or alias (`start`, `end`).
    ///
    /// - Throws: `unknownName` listing the keywords and aliases, for any other name.
    public static func named(_ name: String, field: String = "timing.steps.position")
        throws(TimingError) -> StepPosition
    {
        guard let position = StepPosition(name: name) else {
            throw TimingError(
                field: field, problem: .unknownName(allowed: acceptedNames),
                value: "\"\(name)\"")
        }
        return position
    }
}

/// Throws unless `value` is finite and passes `isAllowed`.
///
/// The problem is `notFinite` for NaN and infinities, else `outOfRange(allowed)`.
private func check(
    _ value: Double, _ field: String, _ allowed: String = "",
    _ isAllowed: (Double) -> Bool = { _ in true }
) throws(TimingError) {
    guard value.isFinite else {
        throw TimingError(field: field, problem: .notFinite, value: String(value))
    }
    guard isAllowed(value) else {
        throw TimingError(
            field: field, problem: .outOfRange(allowed: allowed), value: String(value))
    }
}
