/// A transition in flight.
///
/// Its fields live out of line, copied on write: a scene holds one as an optional, and
/// an idle scene (most of a daemon's sessions) then keeps 8 bytes for it rather than
/// the 256 of the fields inline. The animator still changes in place on every tick.
public struct ActiveTransition: Sendable {
    /// Changed only through `animator`'s copy on write, when no other value shares it.
    private final class Storage: @unchecked Sendable {
        let id: Int
        let geometry: Transition
        var animator: Animator

        init(id: Int, geometry: Transition, animator: Animator) {
            self.id = id
            self.geometry = geometry
            self.animator = animator
        }
    }

    private var storage: Storage

    init(id: Int, geometry: Transition, animator: Animator) {
        storage = Storage(id: id, geometry: geometry, animator: animator)
    }

    public var id: Int { storage.id }
    public var geometry: Transition { storage.geometry }

    /// A getter and a setter, not a `_modify` that yields into the storage it may have
    /// just replaced: the WebAssembly module, built with Embedded Swift, lost the
    /// transition's fields that way.
    public internal(set) var animator: Animator {
        get { storage.animator }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.animator = newValue
            } else {
                storage = Storage(id: storage.id, geometry: storage.geometry, animator: newValue)
            }
        }
    }
}
