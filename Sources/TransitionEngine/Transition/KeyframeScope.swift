/// The elements one keyframe applies to, as an `itemStyles` rule names them: items by
/// index path or by id (in the source), optionally the supplementary elements of `kind`
/// at those index paths; or, with `kind` alone, every element of that kind.
public struct KeyframeScope: Hashable, Sendable {
    public enum Items: Hashable, Sendable {
        case all
        case indexPaths([IndexPath])
        case ids([ItemID])
    }

    public var items: Items
    /// The kind's name; nil: cells.
    public var kind: String?

    public init(items: Items, kind: String? = nil) {
        self.items = items
        self.kind = kind
    }
}

/// A scope resolved against a transition's source: which source keys it covers.
enum ResolvedKeyframeScope: Sendable {
    case everything
    case kind(ElementKind)
    /// Sorted, without repeats (a binary search finds a key; no hashed set is needed).
    case keys([ElementKey])

    func contains(_ key: ElementKey) -> Bool {
        switch self {
        case .everything: return true
        case .kind(let kind): return key.kind == kind
        case .keys(let keys):
            let i = ResolvedKeyframeScope.insertionPoint(of: key, in: keys)
            return i < keys.count && keys[i] == key
        }
    }

    /// The first index of `keys` (sorted) whose key is not below `key`.
    static func insertionPoint(of key: ElementKey, in keys: [ElementKey]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// `keys` with `key` in its place, unless it is there already.
    static func inserting(_ key: ElementKey, into keys: inout [ElementKey]) {
        let i = insertionPoint(of: key, in: keys)
        if i == keys.count || keys[i] != key { keys.insert(key, at: i) }
    }

    /// Resolves `scope` against `model` and `kinds`; errors name `field`.
    static func resolve(
        _ scope: KeyframeScope?, model: ItemModel, kinds: ElementKindTable, field: String
    ) throws(ValidationError) -> ResolvedKeyframeScope {
        guard let scope else { return .everything }
        var kind = ElementKind.cell
        if let name = scope.kind {
            guard let code = kinds.kind(named: name) else {
                throw ValidationError(
                    field: field + ".kind", message: "the layout has no \(name) elements")
            }
            kind = code
        }
        var keys: [ElementKey] = []
        switch scope.items {
        case .all:
            return .kind(kind)
        case .indexPaths(let paths):
            for (j, ip) in paths.enumerated() {
                guard !kind.isCell || model.contains(ip) else {
                    throw ValidationError(
                        field: "\(field).items[\(j)]", message: "no item at \(ip)")
                }
                inserting(ElementKey(kind, ip), into: &keys)
            }
        case .ids(let ids):
            var index: [ItemID: IndexPath] = [:]
            for (s, section) in model.sections.enumerated() {
                for (i, id) in (section.ids ?? []).enumerated() {
                    index[id] = IndexPath(section: s, item: i)
                }
            }
            for (j, id) in ids.enumerated() {
                guard let ip = index[id] else {
                    throw ValidationError(
                        field: "\(field).ids[\(j)]", message: "no item has the id \(id)")
                }
                inserting(ElementKey(kind, ip), into: &keys)
            }
        }
        return .keys(keys)
    }
}
