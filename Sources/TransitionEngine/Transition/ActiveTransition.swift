/// A transition in flight.
public struct ActiveTransition: Sendable {
    public let id: Int
    public let geometry: Transition
    public internal(set) var animator: Animator
}
