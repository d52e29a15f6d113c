/// The CSS timing keywords, accepted wherever a timing curve is named.
///
/// Each is the curve CSS Easing Level 1 defines for it: the four `ease` keywords are
/// cubic-beziers, `step-start` and `step-end` are one step, `linear` is the identity.
public enum CSSTimingKeyword: String, CaseIterable, Sendable {
    case ease
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"
    case linear
    case stepStart = "step-start"
    case stepEnd = "step-end"

    /// The curve the keyword stands for.
    public var curve: TimingCurve {
        switch self {
        case .ease: return .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        case .easeIn: return .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: return .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: return .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .linear: return .easing(.linear)
        case .stepStart: return .steps(1, .jumpStart)
        case .stepEnd: return .steps(1, .jumpEnd)
        }
    }
}

extension TimingCurve {
    /// The curve named by an AHEasing name or a CSS timing keyword; nil for any other.
    public init?(named name: String) {
        if let easing = Easing(rawValue: name) {
            self = .easing(easing)
        } else if let keyword = CSSTimingKeyword(rawValue: name) {
            self = keyword.curve
        } else {
            return nil
        }
    }

    /// Every name `init(named:)` accepts: the AHEasing names, then the CSS keywords not
    /// among them.
    public static let names: [String] =
        Easing.allCases.map { $0.rawValue }
        + CSSTimingKeyword.allCases.map { $0.rawValue }.filter { Easing(rawValue: $0) == nil }
}
