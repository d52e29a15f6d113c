/// Where a released gesture sends the transition.
public enum ReleaseDecision: String, Hashable, Sendable {
    case finish
    case cancel
}
