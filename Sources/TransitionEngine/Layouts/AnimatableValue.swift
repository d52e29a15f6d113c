/// A value a transition carries: a number or a colour (interpolated), or a boolean or a
/// string (discrete: they switch at the transition's `discreteSwitch`).
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case color(Color)
    case bool(Bool)
    case string(String)
}
