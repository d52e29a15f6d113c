/// Why a scene refused an event.
public enum SceneError: Error, Hashable, Sendable {
    /// Bad input, naming the field.
    case invalid(ValidationError)
    /// The event needs a transition in flight and there is none.
    case noTransition
    /// The event needs the scene at rest and a transition is in flight.
    case transitionInFlight
}
