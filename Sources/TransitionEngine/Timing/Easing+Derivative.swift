extension Easing {
    /// The slope d(output)/d(input) at `p`, from the analytic derivative of each formula.
    ///
    /// At the boundary between the two halves of an ease-in-out function, and at the
    /// joints of the bounce arcs, this is the slope of the branch that `callAsFunction`
    /// uses for `p`. The exponential functions' special-cased ends (`p == 0` or `1`)
    /// get the slope of the formula, not of the jump. The circular functions have
    /// vertical tangents at their ends, where the slope is infinite.
    ///
    /// - Complexity: O(1).
    public func derivative(_ p: Double) -> Double {
        let ln2 = 0.693_147_180_559_945_309_417_232_121_458
        let a = 13 * (Double.pi / 2)
        switch self {
        case .linear:
            return 1

        case .quadraticEaseIn:
            return 2 * p
        case .quadraticEaseOut:
            return 2 - 2 * p
        case .quadraticEaseInOut:
            return p < 0.5 ? 4 * p : 4 - 4 * p

        case .cubicEaseIn:
            return 3 * p * p
        case .cubicEaseOut:
            let f = p - 1
            return 3 * f * f
        case .cubicEaseInOut:
            if p < 0.5 { return 12 * p * p }
            let f = 2 * p - 2
            return 3 * f * f

        case .quarticEaseIn:
            return 4 * p * p * p
        case .quarticEaseOut:
            let f = p - 1
            return -4 * f * f * f
        case .quarticEaseInOut:
            if p < 0.5 { return 32 * p * p * p }
            let f = p - 1
            return -32 * f * f * f

        case .quinticEaseIn:
            return 5 * p * p * p * p
        case .quinticEaseOut:
            let f = p - 1
            return 5 * f * f * f * f
        case .quinticEaseInOut:
            if p < 0.5 { return 80 * p * p * p * p }
            let f = 2 * p - 2
            return 5 * f * f * f * f

        case .sineEaseIn:
            return (Double.pi / 2) * cos((p - 1) * (Double.pi / 2))
        case .sineEaseOut:
            return (Double.pi / 2) * cos(p * (Double.pi / 2))
        case .sineEaseInOut:
            return (Double.pi / 2) * sin(p * Double.pi)

        case .circularEaseIn:
            return p / (1 - p * p).squareRoot()
        case .circularEaseOut:
            return (1 - p) / ((2 - p) * p).squareRoot()
        case .circularEaseInOut:
            if p < 0.5 { return 2 * p / (1 - 4 * (p * p)).squareRoot() }
            return (2 - 2 * p) / (-((2 * p) - 3) * ((2 * p) - 1)).squareRoot()

        case .exponentialEaseIn:
            return 10 * ln2 * exp2(10 * (p - 1))
        case .exponentialEaseOut:
            return 10 * ln2 * exp2(-10 * p)
        case .exponentialEaseInOut:
            if p < 0.5 { return 10 * ln2 * exp2((20 * p) - 10) }
            return 10 * ln2 * exp2((-20 * p) + 10)

        case .elasticEaseIn:
            return exp2(10 * (p - 1)) * (a * cos(a * p) + 10 * ln2 * sin(a * p))
        case .elasticEaseOut:
            let u = -a * (p + 1)
            return exp2(-10 * p) * (-a * cos(u) - 10 * ln2 * sin(u))
        case .elasticEaseInOut:
            let u = a * (2 * p)
            if p < 0.5 {
                return exp2(10 * ((2 * p) - 1)) * (a * cos(u) + 10 * ln2 * sin(u))
            }
            return exp2(-10 * (2 * p - 1)) * (-a * cos(-u) - 10 * ln2 * sin(-u))

        case .backEaseIn:
            return Easing.backSlope(p)
        case .backEaseOut:
            return Easing.backSlope(1 - p)
        case .backEaseInOut:
            return p < 0.5 ? Easing.backSlope(2 * p) : Easing.backSlope(2 - 2 * p)

        case .bounceEaseIn:
            return Easing.bounceOutSlope(1 - p)
        case .bounceEaseOut:
            return Easing.bounceOutSlope(p)
        case .bounceEaseInOut:
            return p < 0.5 ? Easing.bounceOutSlope(1 - p * 2) : Easing.bounceOutSlope(p * 2 - 1)
        }
    }

    /// The derivative of `back(f) = f^3 - f sin(f pi)`.
    @inline(__always)
    static func backSlope(_ f: Double) -> Double {
        3 * f * f - sin(f * Double.pi) - f * Double.pi * cos(f * Double.pi)
    }

    /// The derivative of `bounceOut`, arc by arc.
    @inline(__always)
    static func bounceOutSlope(_ p: Double) -> Double {
        if p < 4 / 11.0 {
            return 121 / 8.0 * p
        } else if p < 8 / 11.0 {
            return 363 / 20.0 * p - 99 / 10.0
        } else if p < 9 / 10.0 {
            return 8712 / 361.0 * p - 35442 / 1805.0
        } else {
            return 108 / 5.0 * p - 513 / 25.0
        }
    }
}
