import TransitionEngine

extension StyleProperties {
    /// The registered property that carries a matched element's progress to its content
    /// layers (CSS), inherited by them.
    static let progressProperty = "--transitiond-progress"

    /// `border-radius`, `border-style`, `border-width`, `border-color` and `box-shadow` of
    /// an element in a pose, each when some pose the export writes has it (in a pose
    /// without it: radii 0, width 0, opacity 0, the rest as the first pose that has it,
    /// as the engine interpolates); then its progress, when it has content layers.
    /// CSS's blur radius is twice the shadow's `radius` (a `CALayer`'s `shadowRadius`).
    static func shape(_ pose: ElementPose, in motion: ElementMotion) -> [StyleProperty] {
        let poses = motion.writtenPoses
        var list: [StyleProperty] = []
        if poses.contains(where: { $0.shape?.cornerRadius != nil }) {
            let r = pose.shape?.cornerRadius ?? CornerRadii(0)
            list.append(
                StyleProperty(
                    css: "border-radius", js: "borderRadius",
                    value: [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft].map(px).joined(
                        separator: " ")))
        }
        if let first = poses.lazy.compactMap({ $0.shape?.border }).first {
            let b = pose.shape?.border ?? ElementBorder(width: 0, color: first.color)
            list.append(StyleProperty(css: "border-style", js: "borderStyle", value: "solid"))
            list.append(StyleProperty(css: "border-width", js: "borderWidth", value: px(b.width)))
            list.append(
                StyleProperty(css: "border-color", js: "borderColor", value: b.color.hexString))
        }
        if let first = poses.lazy.compactMap({ $0.shape?.shadow }).first {
            var s = pose.shape?.shadow ?? first
            if pose.shape?.shadow == nil { s.opacity = 0 }
            var c = s.color
            c.alpha *= s.opacity
            list.append(
                StyleProperty(
                    css: "box-shadow", js: "boxShadow",
                    value: px(s.offset.x) + " " + px(s.offset.y) + " " + px(2 * s.radius) + " "
                        + c.hexString))
        }
        if motion.contentFade != nil {
            let p = progressProperty
            list.append(
                StyleProperty(css: p, js: p, value: NumberText.format(pose.progress, places: 9)))
        }
        return list
    }

    /// The CSS rules of a matched element's two content layers,
    /// `[data-content="from"]` (the source's content) and `[data-content="to"]` (the
    /// destination's): their opacities from `--transitiond-progress` (`contentFade`), and
    /// with `contentResize` `scale` each side's size, centred, scaled to the frame.
    static func contentRules(_ motion: ElementMotion) -> String {
        guard let fade = motion.contentFade else { return "" }
        var out = ""
        for outgoing in [true, false] {
            out +=
                motion.selector + " > [data-content=\"" + (outgoing ? "from" : "to") + "\"] {\n"
            if let opacity = contentOpacity(fade, outgoing: outgoing) {
                out += "  opacity: " + opacity + ";\n"
            }
            if motion.contentResize == .scale {
                let own = (outgoing ? motion.from : motion.to).frame.size
                let other = (outgoing ? motion.to : motion.from).frame.size
                out += "  left: calc(50% - " + px(own.width / 2) + ");\n"
                out += "  top: calc(50% - " + px(own.height / 2) + ");\n"
                out += "  width: " + px(own.width) + ";\n  height: " + px(own.height) + ";\n"
                // current / own = lerp(from, to, p) / own: linear in the progress.
                let axes = [(own.width, other.width), (own.height, other.height)].map {
                    own, other -> String in
                    guard own > 0 else { return "1" }
                    let (start, end) = outgoing ? (1, other / own) : (other / own, 1)
                    return "calc(" + NumberText.format(start, places: 9) + " + "
                        + NumberText.format(end - start, places: 9) + " * var(" + progressProperty
                        + "))"
                }
                out += "  transform: scale(" + axes[0] + ", " + axes[1] + ");\n"
            } else {
                out += "  inset: 0;\n"
            }
            out += "}\n"
        }
        return out
    }

    /// The opacity of one content layer as a CSS expression of the progress (clamped to
    /// 0...1, as `ContentFade.alpha(at:)`); nil when it is always 1.
    static func contentOpacity(_ fade: ContentFade, outgoing: Bool) -> String? {
        let p = "var(" + progressProperty + ")"
        let expression: String
        switch (fade, outgoing) {
        case (.none, _), (.in, true), (.out, false): return nil
        case (.out, true), (.cross, true): expression = "1 - " + p
        case (.in, false), (.cross, false): expression = p
        case (.through, true):
            expression = "1 - " + p + " / " + NumberText.format(ContentFade.throughSplit, places: 9)
        case (.through, false):
            let s = ContentFade.throughSplit
            expression =
                "(" + p + " - " + NumberText.format(s, places: 9) + ") / "
                + NumberText.format(1 - s, places: 9)
        }
        return "clamp(0, " + expression + ", 1)"
    }
}

extension StyleProperties {
    /// The Web Animations keyframes of one content layer of a matched element: at each
    /// of its poses (its two ends, with the hand-over of `through` between them; or a
    /// keyed element's keys), its geometry, its opacity and its scale, computed from the
    /// pose's progress. Played with the element's easing, whose output the offsets are.
    static func contentKeyframes(_ motion: ElementMotion, outgoing: Bool)
        -> [(offset: Double, list: [StyleProperty])]
    {
        guard let fade = motion.contentFade else { return [] }
        var stops: [(offset: Double, progress: Double)] =
            motion.isKeyed
            ? motion.keys.map { ($0.input, $0.pose.progress) } : [(0, 0), (1, 1)]
        if fade == .through && !motion.isKeyed {
            stops.insert((ContentFade.throughSplit, ContentFade.throughSplit), at: 1)
        }
        let own = (outgoing ? motion.from : motion.to).frame.size
        let other = (outgoing ? motion.to : motion.from).frame.size
        return stops.map { stop in
            var list: [StyleProperty]
            let alpha = fade.alpha(at: stop.progress)
            list = [
                StyleProperty(
                    css: "opacity", js: "opacity",
                    value: NumberText.format(outgoing ? alpha.outgoing : alpha.incoming, places: 6))
            ]
            if motion.contentResize == .scale {
                let scale = [(own.width, other.width), (own.height, other.height)].map {
                    own, other -> String in
                    guard own > 0 else { return "1" }
                    let (start, end) = outgoing ? (1, other / own) : (other / own, 1)
                    return NumberText.format(lerp(start, end, stop.progress), places: 6)
                }
                list += [
                    StyleProperty(
                        css: "left", js: "left", value: "calc(50% - " + px(own.width / 2) + ")"),
                    StyleProperty(
                        css: "top", js: "top", value: "calc(50% - " + px(own.height / 2) + ")"),
                    StyleProperty(css: "width", js: "width", value: px(own.width)),
                    StyleProperty(css: "height", js: "height", value: px(own.height)),
                    StyleProperty(
                        css: "transform", js: "transform",
                        value: "scale(" + scale[0] + ", " + scale[1] + ")"),
                ]
            } else {
                list += [
                    StyleProperty(css: "left", js: "left", value: "0px"),
                    StyleProperty(css: "top", js: "top", value: "0px"),
                    StyleProperty(css: "width", js: "width", value: "100%"),
                    StyleProperty(css: "height", js: "height", value: "100%"),
                ]
            }
            return (stop.offset, list)
        }
    }
}
