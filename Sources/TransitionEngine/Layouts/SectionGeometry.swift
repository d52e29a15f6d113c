/// The prepared geometry of one section of a flow-like layout, in scroll/cross
/// coordinates: along the scroll axis the section occupies `start...end`. Where its
/// items sit is apart (`ItemArrangement`).
struct SectionGeometry: Sendable {
    var start: Double
    var end: Double
    var header: Rect?
    var footer: Rect?
}
