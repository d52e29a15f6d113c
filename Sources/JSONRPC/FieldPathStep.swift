/// One step of a field path: a member of an object or an element of an array.
public enum FieldPathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}
