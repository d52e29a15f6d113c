/// The members a decoder asked for, object by object, so that a member nobody asked for
/// can be refused after decoding instead of being ignored (`"interactiv": true` would
/// otherwise leave a transition animated).
///
/// A checking `JSONCursor` holds one and records in it: each object or array it reaches
/// gets a slot, named by its parent's slot and its step (so `params["to"]` reached twice
/// is one slot), and each member name read, present or not, is noted in its object's
/// slot. What the decoder asked for is what it knows: no list of names is kept apart
/// from the code that reads them. An object read whole (`members()`) knows all its
/// members; an object the decoder never looked into (taken as a raw `JSONValue`) is not
/// checked. The root is always checked.
///
/// - Complexity: O(1) amortised per object reached (one hash of its step; an array only
///   when objects are inside it), O(k) per name read in an object where k names were read
///   so far; the check is O(m * k) for m members.
final class MemberLedger {
    /// One object or array reached while decoding.
    struct Entry {
        /// The slot of its container (-1 at the root).
        var parent: Int
        /// How it is reached from its container.
        var step: FieldPathStep
        /// Its members, when it is an object.
        var object: JSONObject?
        /// The names read in it, in order, each once.
        var asked: [String] = []
        /// Whether it was read whole.
        var askedAll = false
        /// Whether a decoder looked into it (the root counts as looked into).
        var entered = false
    }

    /// A container's identity: its container's slot and its step.
    struct Position: Hashable {
        var parent: Int
        var step: FieldPathStep
    }

    private(set) var entries: [Entry]
    private var slots: [Position: Int] = [:]

    /// A ledger whose slot 0 is the root `value`, reached as `rootStep`.
    init(root value: JSONValue?, step rootStep: FieldPathStep) {
        var root = Entry(parent: -1, step: rootStep)
        if case .object(let object)? = value { root.object = object }
        root.entered = true
        entries = [root]
    }

    /// The slot of the container `value` reached from slot `parent` by `step`, or -1 when
    /// nothing in it can be unknown: not a container, or an array without objects (a
    /// million `[width, height]` pairs take no slot each).
    func slot(of value: JSONValue, parent: Int, step: FieldPathStep) -> Int {
        let object: JSONObject?
        switch value {
        case .object(let members): object = members
        case .array(let elements) where Self.holdsObjects(elements): object = nil
        default: return -1
        }
        let position = Position(parent: parent, step: step)
        if let slot = slots[position] { return slot }
        let slot = entries.count
        entries.append(Entry(parent: parent, step: step, object: object))
        slots[position] = slot
        return slot
    }

    /// Whether an object is among `elements`, at any depth of arrays.
    /// - Complexity: O(n) for the n values inside; an array is asked once per cursor made
    ///   for it, and its element arrays only when it holds an object.
    private static func holdsObjects(_ elements: [JSONValue]) -> Bool {
        elements.contains {
            switch $0 {
            case .object: return true
            case .array(let inner): return holdsObjects(inner)
            default: return false
            }
        }
    }

    /// Notes that the decoder read the member `key` of the object in `slot`.
    func ask(_ key: String, in slot: Int) {
        guard slot >= 0 else { return }
        entries[slot].entered = true
        if !entries[slot].asked.contains(key) { entries[slot].asked.append(key) }
    }

    /// Notes that the decoder read every member of the object in `slot`.
    func askAll(in slot: Int) {
        guard slot >= 0 else { return }
        entries[slot].entered = true
        entries[slot].askedAll = true
    }

    /// The first member nobody asked for, in the order the objects were reached and the
    /// members were sent, as an error naming it and the nearest name asked for there.
    func firstUnknownMember() -> FieldError? {
        for slot in entries.indices {
            let entry = entries[slot]
            guard entry.entered, !entry.askedAll, let object = entry.object else { continue }
            for member in object.members where !entry.asked.contains(member.key) {
                return FieldError(
                    unknownMember: path(of: slot) + [.key(member.key)],
                    suggestion: NearestName.to(member.key, among: entry.asked))
            }
        }
        return nil
    }

    /// For an error about a member that is missing (`found` nothing), an unknown member
    /// beside it whose name is close to the missing one: `{"sesion": "s1"}` is reported as
    /// the misspelt `sesion`, not as a missing `session`.
    func misspelling(behind error: FieldError) -> FieldError? {
        guard error.found == "nothing", case .key(let missing)? = error.path.last else {
            return nil
        }
        let container = Array(error.path.dropLast())
        for slot in entries.indices where entries[slot].object != nil {
            let entry = entries[slot]
            guard !entry.askedAll, path(of: slot) == container, let object = entry.object
            else { continue }
            for member in object.members where !entry.asked.contains(member.key) {
                if NearestName.to(member.key, among: [missing]) != nil {
                    return FieldError(
                        unknownMember: container + [.key(member.key)], suggestion: missing,
                        missing: true)
                }
            }
        }
        return nil
    }

    /// The steps from the root to the container in `slot`.
    func path(of slot: Int) -> [FieldPathStep] {
        var steps: [FieldPathStep] = []
        var current = slot
        while current >= 0 {
            steps.append(entries[current].step)
            current = entries[current].parent
        }
        return steps.reversed()
    }
}
