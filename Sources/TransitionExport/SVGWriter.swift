import TransitionEngine

/// The `svg` export: one self-contained SVG animated with SMIL. A clip the size of the
/// viewport holds `.transitiond-content` (translated by the content offset), which holds
/// one group per element: a rect (its frame, scaled by its transform's scale) and a label.
/// Elements are drawn in z-index order.
enum SVGWriter {
    static func write(_ plan: MotionPlan) -> String {
        let width = Swift.max(plan.viewport.from.width, plan.viewport.to.width)
        let height = Swift.max(plan.viewport.from.height, plan.viewport.to.height)
        let n = { (x: Double) in NumberText.format(x, places: 4) }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"10\">\n"
        let scene = plan.tracks[0]
        var clip = SMILTag(track: scene)
        clip.attribute("width", plan.viewport.from.width, plan.viewport.to.width)
        clip.attribute("height", plan.viewport.from.height, plan.viewport.to.height)
        out +=
            "<defs><clipPath id=\"transitiond-clip\"><rect x=\"0\" y=\"0\"\(clip.attributes)>\(clip.animations)</rect></clipPath></defs>\n"
        out += "<g clip-path=\"url(#transitiond-clip)\">\n"
        let o = plan.contentOffset
        out +=
            "<g class=\"transitiond-content\" transform=\"translate(\(n(-o.from.x)) \(n(-o.from.y)))\">"
        if o.from != o.to {
            var content = SMILTag(track: scene)
            content.translation(from: (-o.from.x, -o.from.y), to: (-o.to.x, -o.to.y))
            out += content.animations
        }
        out += "\n"
        let order = plan.elements.indices.sorted {
            (plan.elements[$0].zIndex, $0) < (plan.elements[$1].zIndex, $1)
        }
        for i in order {
            out += element(plan.elements[i], plan.tracks[plan.elements[i].track])
        }
        out += "</g>\n</g>\n</svg>\n"
        return out
    }

    private static func element(_ e: ElementMotion, _ track: ProgressTrack) -> String {
        var out = "<g data-kind=\"\(e.kindName)\" data-section=\"\(e.indexPath.section)\""
        var label = "\(e.indexPath.section)"
        if e.hasItem {
            out += " data-item=\"\(e.indexPath.item)\""
            label += ".\(e.indexPath.item)"
        }
        if e.presence != .both { out += " data-presence=\"\(e.presence.rawValue)\"" }
        var group = SMILTag(track: track)
        group.attribute("opacity", e.from.alpha, e.to.alpha)
        switch e.presence {
        case .both:
            break
        case .appearing:
            group.attributes += " visibility=\"hidden\""
            group.animations +=
                "<set attributeName=\"visibility\" to=\"visible\" begin=\"\(SMILTag.seconds(track.delay))\" fill=\"freeze\"/>"
        case .disappearing:
            if let gone = TrackShape.firstTime(track, reaching: 1) {
                group.animations +=
                    "<set attributeName=\"visibility\" to=\"hidden\" begin=\"\(SMILTag.seconds(gone))\" fill=\"freeze\"/>"
            }
        }
        out += group.attributes + ">" + group.animations
        let a = e.from.drawnRect
        let b = e.to.drawnRect
        var rect = SMILTag(track: track)
        rect.attribute("x", a.minX, b.minX)
        rect.attribute("y", a.minY, b.minY)
        rect.attribute("width", a.size.width, b.size.width)
        rect.attribute("height", a.size.height, b.size.height)
        out += "<rect fill=\"\(e.color.hexString)\"\(rect.attributes)>\(rect.animations)</rect>"
        var text = SMILTag(track: track)
        text.attribute("x", a.minX + 4, b.minX + 4)
        text.attribute("y", a.minY + 12, b.minY + 12)
        out += "<text\(text.attributes)>\(text.animations)\(label)</text></g>\n"
        return out
    }
}

/// The attributes of one SVG tag and the SMIL animations inside it, all on one track.
struct SMILTag {
    let track: ProgressTrack
    let shape: TrackShape
    /// Each key's progress.
    let progress: [Double]
    /// `begin`, `dur` and `fill`; then `keyTimes` and `calcMode` (with `keySplines` for a
    /// bezier): the same for every animation of the tag.
    let head: String
    let tail: String
    var attributes = ""
    var animations = ""

    init(track: ProgressTrack) {
        self.track = track
        shape = TrackShape(track, bezierInUnitSquare: true)
        let keys = shape.keys
        progress = keys.map { $0.progress }
        head =
            " begin=\"\(SMILTag.seconds(track.delay))\" dur=\"\(SMILTag.seconds(Swift.max(track.duration, 1e-6)))\" fill=\"freeze\""
        var tail =
            " keyTimes=\""
            + keys.map { NumberText.format($0.input, places: 7) }.joined(separator: ";") + "\""
        switch shape {
        case .bezier(let x1, let y1, let x2, let y2):
            let n = { (x: Double) in NumberText.format(x, places: 9) }
            tail += " calcMode=\"spline\" keySplines=\"\(n(x1)) \(n(y1)) \(n(x2)) \(n(y2))\""
        case .stops:
            tail += " calcMode=\"linear\""
        }
        self.tail = tail
    }

    /// ` name="start"` and, when the value changes, an `<animate>` of it.
    mutating func attribute(_ name: String, _ from: Double, _ to: Double) {
        let first = shape.keys.first?.progress ?? 0
        attributes +=
            " \(name)=\"\(NumberText.format(from == to ? from : lerp(from, to, first), places: 4))\""
        guard from != to else { return }
        animations +=
            "<animate attributeName=\"\(name)\""
            + timing { NumberText.format(lerp(from, to, $0), places: 4) } + "/>"
    }

    /// An `<animateTransform>` translating from one point to another.
    mutating func translation(from: (Double, Double), to: (Double, Double)) {
        animations += "<animateTransform attributeName=\"transform\" type=\"translate\""
        animations += timing { p in
            NumberText.format(lerp(from.0, to.0, p), places: 4) + " "
                + NumberText.format(lerp(from.1, to.1, p), places: 4)
        }
        animations += "/>"
    }

    /// `begin`, `dur`, `fill`, `values`, `keyTimes` and `calcMode`.
    private func timing(_ value: (Double) -> String) -> String {
        var out = head
        out += " values=\""
        for (k, p) in progress.enumerated() {
            if k > 0 { out += ";" }
            out += value(p)
        }
        return out + "\"" + tail
    }

    static func seconds(_ t: Double) -> String { NumberText.format(t, places: 6) + "s" }
}
