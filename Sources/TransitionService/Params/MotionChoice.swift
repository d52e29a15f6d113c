import JSONRPC

/// A transition's `motion` member: which version of it plays.
enum MotionChoice {
    /// Reduced when the session says its user asked for reduced motion (`reducedMotion`).
    case auto
    /// Movement, whatever the session says.
    case full
    /// A fade in place, whatever the session says.
    case reduced

    /// `"auto"` (also when absent), `"full"` or `"reduced"`.
    init(json: JSONCursor) throws(JSONDecodingError) {
        guard json.isPresent else {
            self = .auto
            return
        }
        switch try Decode.choice(json, ["auto", "full", "reduced"]) {
        case "full": self = .full
        case "reduced": self = .reduced
        default: self = .auto
        }
    }

    /// Whether the transition is reduced in a session whose `reducedMotion` is `session`.
    func isReduced(inSession session: Bool) -> Bool {
        self == .reduced || (self == .auto && session)
    }

    /// The name a result reports for a transition (`"full"` or `"reduced"`).
    static func name(reduced: Bool) -> String { reduced ? "reduced" : "full" }
}
