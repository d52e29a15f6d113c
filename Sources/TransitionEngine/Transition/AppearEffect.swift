/// What happens to an element present in only one of the two layouts.
public enum AppearEffect: String, Hashable, Sendable, CaseIterable {
    /// Alpha goes from 0 to the element's own (appearing) or back to 0 (disappearing).
    case fade
    /// Scales about its centre from 0 to 1 (appearing) or 1 to 0 (disappearing).
    case scale
    /// No effect: the element is shown at its own attributes for the whole transition
    /// (an appearing one from the start, a disappearing one until the end).
    case none
}
