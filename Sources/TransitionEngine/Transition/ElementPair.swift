/// An element of a transition: its source and destination keys (either may be absent).
struct ElementPair: Sendable {
    var from: ElementKey?
    var to: ElementKey?
}
