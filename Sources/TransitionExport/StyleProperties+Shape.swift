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
    @inline(never)
    static func shape(_ pose: ElementPose, in motion: ElementMotion) -> [StyleProperty] {
        var radius = false
        var border: ElementBorder? = nil
        var shadow: ElementShadow? = nil
        for p in motion.writtenPoses {
            if p.shape?.cornerRadius != nil { radius = true }
            if border == nil { border = p.shape?.border }
            if shadow == nil { shadow = p.shape?.shadow }
        }
        var list: [StyleProperty] = []
        if radius {
            let r = pose.shape?.cornerRadius ?? CornerRadii(0)
            list.append(
                StyleProperty(
                    css: "border-radius", js: "borderRadius",
                    value: join(
                        [px(r.topLeft), px(r.topRight), px(r.bottomRight), px(r.bottomLeft)], " ")
                ))
        }
        if let first = border {
            let b = pose.shape?.border ?? ElementBorder(width: 0, color: first.color)
            list += [
                StyleProperty(css: "border-style", js: "borderStyle", value: "solid"),
                StyleProperty(css: "border-width", js: "borderWidth", value: px(b.width)),
                StyleProperty(css: "border-color", js: "borderColor", value: b.color.hexString),
            ]
        }
        if let first = shadow {
            var s = pose.shape?.shadow ?? first
            if pose.shape?.shadow == nil { s.opacity = 0 }
            var c = s.color
            c.alpha *= s.opacity
            list.append(
                StyleProperty(
                    css: "box-shadow", js: "boxShadow",
                    value: join(
                        [px(s.offset.x), px(s.offset.y), px(2 * s.radius), c.hexString], " ")
                ))
        }
        if motion.contentFade != nil {
            let p = progressProperty
            list.append(
                StyleProperty(css: p, js: p, value: NumberText.format(pose.progress, places: 9)))
        }
        return list
    }

    /// The parts one after another (`separator` between them); out of line, so that text
    /// of many parts is one call.
    @inline(never)
    static func join(_ parts: [String], _ separator: String = "") -> String {
        parts.joined(separator: separator)
    }

    /// The properties of one of a matched element's two content layers,
    /// `[data-content="from"]` (`outgoing`: the source's content) or
    /// `[data-content="to"]` (the destination's): its opacity from
    /// `--transitiond-progress` (`contentFade`), and either the element's whole box or,
    /// with `contentResize` `scale`, its side's size, centred, scaled to the frame (the
    /// current size over its own: linear in the progress).
    @inline(never)
    static func contentLayer(_ motion: ElementMotion, outgoing: Bool) -> [StyleProperty] {
        var list: [StyleProperty] = []
        if let fade = motion.contentFade, let opacity = contentOpacity(fade, outgoing: outgoing) {
            list.append(StyleProperty(css: "opacity", js: "opacity", value: opacity))
        }
        guard motion.contentResize == .scale else {
            for (css, value) in [
                ("left", "0px"), ("top", "0px"), ("width", "100%"), ("height", "100%"),
            ] {
                list.append(StyleProperty(css: css, js: css, value: value))
            }
            return list
        }
        let own = (outgoing ? motion.from : motion.to).frame.size
        let other = (outgoing ? motion.to : motion.from).frame.size
        var scale: [String] = []
        for (mine, theirs) in [(own.width, other.width), (own.height, other.height)] {
            let (start, end) =
                mine <= 0 ? (1, 1) : outgoing ? (1, theirs / mine) : (theirs / mine, 1)
            scale.append(
                join([
                    "calc(", NumberText.format(start, places: 9), " + ",
                    NumberText.format(end - start, places: 9), " * var(--transitiond-progress))",
                ]))
        }
        list += [
            StyleProperty(
                css: "left", js: "left", value: join(["calc(50% - ", px(own.width / 2), ")"])),
            StyleProperty(
                css: "top", js: "top", value: join(["calc(50% - ", px(own.height / 2), ")"])),
            StyleProperty(css: "width", js: "width", value: px(own.width)),
            StyleProperty(css: "height", js: "height", value: px(own.height)),
            StyleProperty(
                css: "transform", js: "transform",
                value: join(["scale(", scale[0], ", ", scale[1], ")"])),
        ]
        return list
    }

    /// The selector of one content layer of `motion`.
    static func contentSelector(_ motion: ElementMotion, outgoing: Bool) -> String {
        join([motion.selector, " > [data-content=\"", outgoing ? "from" : "to", "\"]"])
    }

    /// The CSS rules of a matched element's two content layers (`contentLayer`); nothing
    /// without content layers.
    @inline(never)
    static func contentRules(_ motion: ElementMotion) -> String {
        guard motion.contentFade != nil else { return "" }
        var parts: [String] = []
        for outgoing in [true, false] {
            parts += [contentSelector(motion, outgoing: outgoing), " {\n"]
            for p in contentLayer(motion, outgoing: outgoing) {
                parts += ["  ", p.css, ": ", p.value, ";\n"]
            }
            parts.append("}\n")
        }
        return join(parts)
    }

    /// The opacity of one content layer as a CSS expression of the progress (clamped to
    /// 0...1, as `ContentFade.alpha(at:)`); nil when it is always 1.
    static func contentOpacity(_ fade: ContentFade, outgoing: Bool) -> String? {
        let expression: String
        switch (fade, outgoing) {
        case (.none, _), (.in, true), (.out, false): return nil
        case (.out, true), (.cross, true): expression = "1 - var(--transitiond-progress)"
        case (.in, false), (.cross, false): expression = "var(--transitiond-progress)"
        case (.through, true): expression = "1 - var(--transitiond-progress) / 0.35"
        case (.through, false): expression = "(var(--transitiond-progress) - 0.35) / 0.65"
        }
        return join(["clamp(0, ", expression, ", 1)"])
    }
}
