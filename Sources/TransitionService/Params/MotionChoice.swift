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

}

extension JSONByteWriter {
    /// `"motion": "full"` or `"reduced"`, as results report a transition's version (one
    /// copy for every result that writes it).
    @inline(never)
    mutating func write(motionReduced reduced: Bool) {
        writeKey("motion")
        write(reduced ? "reduced" : "full")
    }
}
