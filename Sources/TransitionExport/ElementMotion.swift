import TransitionEngine

/// One element of an export: its two poses and the track that moves it between them.
public struct ElementMotion: Hashable, Sendable {
    /// Whether the element is in both layouts or only one of them.
    public enum Presence: String, Hashable, Sendable {
        case both
        case appearing = "appear"
        case disappearing = "disappear"
    }

    public var kind: ElementKind
    /// The kind's name (`cell`, `header`, `footer`, or one a layout named: `badge`).
    public var kindName: String
    /// Kinds a cell's selector leaves out: the plan's kinds beyond cell, header and
    /// footer, whose elements also carry `data-section` and `data-item`.
    public var excludedKinds: [String] = []
    /// The index path of the source (the destination's for an appearing element).
    public var indexPath: IndexPath
    public var presence: Presence
    public var from: ElementPose
    public var to: ElementPose
    /// The larger of the two z-indices, as the engine keeps in flight.
    public var zIndex: Int
    /// Index into `MotionPlan.tracks`.
    public var track: Int
    /// The fill: the `background` colour value at the start, else a colour of its own.
    public var color: Color
    /// How a matched element's content layers fade (`contentFade`); nil for elements of
    /// one side and transitions without content layers.
    public var contentFade: ContentFade? = nil
    /// How its content layers resize (`contentResize`).
    public var contentResize: ContentResize = .remeasure
    /// The poses of an element that keyframes or an arc shape, along its own linear
    /// track (`MotionPlan`); empty when it moves from `from` to `to` along its track.
    public var keys: [PoseKey] = []

    /// A keyframed element's properties that CSS and Web Animations play exactly, each
    /// its own keyframes in the element's progress on track `exactTrack` (its stagger
    /// window's); empty when they follow `keys` (an arc, a curve they do not have).
    public var propertyTracks: [PropertyTrack] = []
    /// Index into `MotionPlan.tracks` of the track `propertyTracks` play on.
    public var exactTrack = 0

    /// Whether the element is written key by key.
    public var isKeyed: Bool { !keys.isEmpty }

    /// Every pose the export writes for the element: its keys, or its two ends.
    var writtenPoses: [ElementPose] { isKeyed ? keys.map { $0.pose } : [from, to] }

    /// The pose at element progress q (what `transition/sample` reports); for a keyed
    /// element, at key input q, linear between its keys.
    public func pose(atProgress q: Double) -> ElementPose {
        if isKeyed { return keyedPose(at: q) }
        var pose = from
        pose.frame = Rect(
            x: lerp(from.frame.minX, to.frame.minX, q), y: lerp(from.frame.minY, to.frame.minY, q),
            width: Swift.max(0, lerp(from.frame.size.width, to.frame.size.width, q)),
            height: Swift.max(0, lerp(from.frame.size.height, to.frame.size.height, q)))
        pose.alpha = Swift.min(Swift.max(lerp(from.alpha, to.alpha, q), 0), 1)
        if from.transform != nil || to.transform != nil {
            let a = from.transform ?? .identity
            let b = to.transform ?? .identity
            pose.transform = AffineTransform(
                a: lerp(a.a, b.a, q), b: lerp(a.b, b.b, q), c: lerp(a.c, b.c, q),
                d: lerp(a.d, b.d, q),
                tx: lerp(a.tx, b.tx, q), ty: lerp(a.ty, b.ty, q))
        }
        switch presence {
        case .both: pose.isShown = true
        case .appearing: pose.isShown = q > 0
        case .disappearing: pose.isShown = q < 1
        }
        return pose
    }

    /// The keys interpolated at `input` (clamped to 0...1), property by property.
    private func keyedPose(at input: Double) -> ElementPose {
        let x = Swift.min(Swift.max(input, 0), 1)
        var i = 1
        while i < keys.count - 1 && keys[i].input < x { i += 1 }
        let a = keys[i - 1]
        let b = keys[i]
        let s = b.input > a.input ? (x - a.input) / (b.input - a.input) : 1
        var pose = a.pose
        pose.frame = Rect(
            x: lerp(a.pose.frame.minX, b.pose.frame.minX, s),
            y: lerp(a.pose.frame.minY, b.pose.frame.minY, s),
            width: lerp(a.pose.frame.size.width, b.pose.frame.size.width, s),
            height: lerp(a.pose.frame.size.height, b.pose.frame.size.height, s))
        pose.alpha = lerp(a.pose.alpha, b.pose.alpha, s)
        if a.pose.transform != nil || b.pose.transform != nil {
            let m = a.pose.transform ?? .identity
            let n = b.pose.transform ?? .identity
            pose.transform = AffineTransform(
                a: lerp(m.a, n.a, s), b: lerp(m.b, n.b, s), c: lerp(m.c, n.c, s),
                d: lerp(m.d, n.d, s), tx: lerp(m.tx, n.tx, s), ty: lerp(m.ty, n.ty, s))
        }
        pose.isShown = true
        return pose
    }

    /// How far an edge of the drawn rect moves per unit of progress: the error in
    /// progress a track may make is the tolerance divided by this. Alpha and colour
    /// channels count as `pointsPerUnit` points per unit, so they stay within
    /// tolerance / `pointsPerUnit` of the engine.
    var sensitivity: Double {
        let a = from.drawnRect
        let b = to.drawnRect
        var s = Swift.max(
            Swift.abs(b.minX - a.minX), Swift.abs(b.minY - a.minY), Swift.abs(b.maxX - a.maxX),
            Swift.abs(b.maxY - a.maxY))
        s = Swift.max(s, Swift.abs(to.alpha - from.alpha) * ElementMotion.pointsPerUnit)
        if let c0 = from.color(named: "background"), let c1 = to.color(named: "background") {
            let channels = Swift.max(
                Swift.abs(c1.red - c0.red), Swift.abs(c1.green - c0.green),
                Swift.abs(c1.blue - c0.blue),
                Swift.abs(c1.alpha - c0.alpha))
            s = Swift.max(s, channels * ElementMotion.pointsPerUnit)
        }
        return s
    }

    /// How many points a change of alpha or of a colour channel from 0 to 1 weighs.
    static let pointsPerUnit = 100.0

    /// Whether the element is named by its item too: cells and supplementary elements of
    /// kinds beyond header and footer (a badge per item).
    public var hasItem: Bool { kind.isCell || kind.isCustom }

    /// A stable, selector-friendly name (`cell-0-3`, `header-1`, `badge-0-3`, with
    /// `-appear` or `-disappear` for an element of one side only).
    public var name: String {
        var s = kindName + "-\(indexPath.section)"
        if hasItem { s += "-\(indexPath.item)" }
        if presence != .both { s += "-" + presence.rawValue }
        return s
    }

    /// The CSS selector of the element in the DOM contract.
    public var selector: String {
        let section = "[data-section=\"\(indexPath.section)\"]"
        let item = "[data-item=\"\(indexPath.item)\"]"
        var s: String
        if kind.isCell {
            s = section + item + excludedKinds.map { ":not([data-kind=\"\($0)\"])" }.joined()
        } else {
            s = "[data-kind=\"\(kindName)\"]" + section + (kind.isCustom ? item : "")
        }
        if presence != .both { s += "[data-presence=\"\(presence.rawValue)\"]" }
        return s
    }
}

@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
