/// One of the 31 AHEasing functions; the raw value is its name.
///
/// Names are AHEasing's with a lower-case first letter (`"linear"`,
/// `"quadraticEaseIn"`, ..., `"bounceEaseInOut"`). The functions are AHEasing's formulas
/// in its operation order, and do not clamp their input: values outside [0, 1] evaluate
/// the same formulas (the circular family is NaN outside its domain). Every function maps 0 to
/// 0 and 1 to 1 within 2e-15; the exponential ones special-case their ends (see
/// `Timing/README.md`).
public enum Easing: String, CaseIterable, Sendable {
    case linear
    case quadraticEaseIn, quadraticEaseOut, quadraticEaseInOut
    case cubicEaseIn, cubicEaseOut, cubicEaseInOut
    case quarticEaseIn, quarticEaseOut, quarticEaseInOut
    case quinticEaseIn, quinticEaseOut, quinticEaseInOut
    case sineEaseIn, sineEaseOut, sineEaseInOut
    case circularEaseIn, circularEaseOut, circularEaseInOut
    case exponentialEaseIn, exponentialEaseOut, exponentialEaseInOut
    case elasticEaseIn, elasticEaseOut, elasticEaseInOut
    case backEaseIn, backEaseOut, backEaseInOut
    case bounceEaseIn, bounceEaseOut, bounceEaseInOut

    /// The eased value at `p`.
    ///
    /// - Parameter p: The input progress, usually in [0, 1]; not clamped.
    /// - Returns: The output progress; may leave [0, 1] for the elastic and back curves.
    /// - Complexity: O(1).
    public func callAsFunction(_ p: Double) -> Double {
        switch self {
        case .linear:
            return p

        case .quadraticEaseIn:
            return p * p
        case .quadraticEaseOut:
            return -(p * (p - 2))
        case .quadraticEaseInOut:
            return p < 0.5 ? 2 * p * p : (-2 * p * p) + (4 * p) - 1

        case .cubicEaseIn:
            return p * p * p
        case .cubicEaseOut:
            let f = p - 1
            return f * f * f + 1
        case .cubicEaseInOut:
            if p < 0.5 { return 4 * p * p * p }
            let f = 2 * p - 2
            return 0.5 * f * f * f + 1

        case .quarticEaseIn:
            return p * p * p * p
        case .quarticEaseOut:
            let f = p - 1
            return f * f * f * (1 - p) + 1
        case .quarticEaseInOut:
            if p < 0.5 { return 8 * p * p * p * p }
            let f = p - 1
            return -8 * f * f * f * f + 1

        case .quinticEaseIn:
            return p * p * p * p * p
        case .quinticEaseOut:
            let f = p - 1
            return f * f * f * f * f + 1
        case .quinticEaseInOut:
            if p < 0.5 { return 16 * p * p * p * p * p }
            let f = 2 * p - 2
            return 0.5 * f * f * f * f * f + 1

        case .sineEaseIn:
            return sin((p - 1) * (Double.pi / 2)) + 1
        case .sineEaseOut:
            return sin(p * (Double.pi / 2))
        case .sineEaseInOut:
            return 0.5 * (1 - cos(p * Double.pi))

        case .circularEaseIn:
            return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut:
            return ((2 - p) * p).squareRoot()
        case .circularEaseInOut:
            if p < 0.5 { return 0.5 * (1 - (1 - 4 * (p * p)).squareRoot()) }
            return 0.5 * ((-((2 * p) - 3) * ((2 * p) - 1)).squareRoot() + 1)

        case .exponentialEaseIn:
            return p == 0 ? p : exp2(10 * (p - 1))
        case .exponentialEaseOut:
            return p == 1 ? p : 1 - exp2(-10 * p)
        case .exponentialEaseInOut:
            if p == 0 || p == 1 { return p }
            if p < 0.5 { return 0.5 * exp2((20 * p) - 10) }
            return -0.5 * exp2((-20 * p) + 10) + 1

        case .elasticEaseIn:
            return sin(13 * (Double.pi / 2) * p) * exp2(10 * (p - 1))
        case .elasticEaseOut:
            return sin(-13 * (Double.pi / 2) * (p + 1)) * exp2(-10 * p) + 1
        case .elasticEaseInOut:
            if p < 0.5 {
                return 0.5 * sin(13 * (Double.pi / 2) * (2 * p)) * exp2(10 * ((2 * p) - 1))
            }
            return 0.5
                * (sin(-13 * (Double.pi / 2) * ((2 * p - 1) + 1))
                    * exp2(-10 * (2 * p - 1)) + 2)

        case .backEaseIn:
            return Easing.back(p)
        case .backEaseOut:
            return 1 - Easing.back(1 - p)
        case .backEaseInOut:
            if p < 0.5 { return 0.5 * Easing.back(2 * p) }
            return 0.5 * (1 - Easing.back(1 - (2 * p - 1))) + 0.5

        case .bounceEaseIn:
            return 1 - Easing.bounceOut(1 - p)
        case .bounceEaseOut:
            return Easing.bounceOut(p)
        case .bounceEaseInOut:
            if p < 0.5 { return 0.5 * (1 - Easing.bounceOut(1 - p * 2)) }
            return 0.5 * Easing.bounceOut(p * 2 - 1) + 0.5
        }
    }

    /// AHEasing's back curve `f^3 - f sin(f pi)`, shared by the three back functions.
    @inline(__always)
    static func back(_ f: Double) -> Double {
        f * f * f - f * sin(f * Double.pi)
    }

    /// AHEasing's bounce-out: four parabolic arcs meeting at 4/11, 8/11 and 9/10.
    @inline(__always)
    static func bounceOut(_ p: Double) -> Double {
        if p < 4 / 11.0 {
            return (121 * p * p) / 16.0
        } else if p < 8 / 11.0 {
            return (363 / 40.0 * p * p) - (99 / 10.0 * p) + 17 / 5.0
        } else if p < 9 / 10.0 {
            return (4356 / 361.0 * p * p) - (35442 / 1805.0 * p) + 16061 / 1805.0
        } else {
            return (54 / 5.0 * p * p) - (513 / 25.0 * p) + 268 / 25.0
        }
    }
}
