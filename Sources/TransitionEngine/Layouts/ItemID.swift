/// A client-given stable identity of an item: a JSON string or integer, kept as given.
public enum ItemID: Hashable, Sendable, CustomStringConvertible {
    case int(Int64)
    case string(String)

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .string(let s): return s
        }
    }
}
