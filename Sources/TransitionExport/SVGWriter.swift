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
        if e.isKeyed { return out + keyed(e, track, label: label) }
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
        if e.from.shape?.cornerRadius != nil || e.to.shape?.cornerRadius != nil {
            let (ra, rb) = (e.from.drawnCornerRadius, e.to.drawnCornerRadius)
            rect.attribute("rx", ra.x, rb.x)
            rect.attribute("ry", ra.y, rb.y)
        }
        out += "<rect fill=\"\(e.color.hexString)\"\(rect.attributes)>\(rect.animations)</rect>"
        var text = SMILTag(track: track)
        text.attribute("x", a.minX + 4, b.minX + 4)
        text.attribute("y", a.minY + 12, b.minY + 12)
        out += "<text\(text.attributes)>\(text.animations)\(label)</text></g>\n"
        return out
    }

    /// The rest of a keyed element's group (present on both sides): every value per key.
    private static func keyed(_ e: ElementMotion, _ track: ProgressTrack, label: String) -> String {
        let times = e.keys.map { $0.input }
        let rects = e.keys.map { $0.pose.drawnRect }
        var group = SMILTag(track: track, keyTimes: times)
        group.attribute("opacity", values: e.keys.map { $0.pose.alpha })
        var out = group.attributes + ">" + group.animations
        var rect = SMILTag(track: track, keyTimes: times)
        rect.attribute("x", values: rects.map { $0.minX })
        rect.attribute("y", values: rects.map { $0.minY })
        rect.attribute("width", values: rects.map { $0.size.width })
        rect.attribute("height", values: rects.map { $0.size.height })
        if e.keys.contains(where: { $0.pose.shape?.cornerRadius != nil }) {
            rect.attribute("rx", values: e.keys.map { $0.pose.drawnCornerRadius.x })
            rect.attribute("ry", values: e.keys.map { $0.pose.drawnCornerRadius.y })
        }
        out += "<rect fill=\"\(e.color.hexString)\"\(rect.attributes)>\(rect.animations)</rect>"
        var text = SMILTag(track: track, keyTimes: times)
        text.attribute("x", values: rects.map { $0.minX + 4 })
        text.attribute("y", values: rects.map { $0.minY + 12 })
        return out + "<text\(text.attributes)>\(text.animations)\(label)</text></g>\n"
    }
}
