import TransitionEngine

/// The `css` export: a complete stylesheet for the DOM contract. Each element has one
/// rule with its starting style and an animation whose `@keyframes` hold only what
/// changes; `fill-mode: both` holds the ends. A `linear()` easing is written once per
/// track, as a custom property of the viewport that the elements' animations refer to.
/// An element that keyframes or an arc shape has a keyframe per key, linear between.
enum CSSWriter {
    static func write(_ plan: MotionPlan) -> String {
        var out =
            "/* transitiond export: \(plan.elements.count) elements, \(StyleProperties.seconds(plan.duration)) */\n"
        let start = StyleProperties.content(plan, progress: 0)
        let end = StyleProperties.content(plan, progress: 1)
        var easings = plan.tracks.map(StyleProperties.easing)
        var shared = ""
        for (i, easing) in easings.enumerated() where easing.hasPrefix("linear(") {
            shared += "  --transitiond-easing-\(i): \(easing);\n"
            easings[i] = "var(--transitiond-easing-\(i))"
        }
        let animation = { (name: String, track: Int) in
            "  animation: \(name) \(StyleProperties.seconds(plan.tracks[track].duration)) \(easings[track]) \(StyleProperties.seconds(plan.tracks[track].delay)) both;\n"
        }
        let sceneAnimation = { (name: String) in animation(name, 0) }
        out += StyleProperties.registrations(plan)
        out += ".transitiond-viewport {\n  position: relative;\n  overflow: hidden;\n" + shared
        for p in start.viewport { out += "  \(p.css): \(p.value);\n" }
        if start.viewport != end.viewport { out += sceneAnimation("transitiond-viewport") }
        out += "}\n"
        out += ".transitiond-content {\n  position: absolute;\n"
        for p in start.content { out += "  \(p.css): \(p.value);\n" }
        if start.content != end.content { out += sceneAnimation("transitiond-content") }
        out += "}\n"
        out +=
            ".transitiond-content > * {\n  position: absolute;\n  box-sizing: border-box;\n  margin: 0;\n  overflow: hidden;\n  transform-origin: 50% 50%;\n}\n"
        if plan.elements.contains(where: { $0.contentFade != nil }) {
            out +=
                ".transitiond-content > * > [data-content] {\n  position: absolute;\n  box-sizing: border-box;\n  transform-origin: 50% 50%;\n}\n"
        }
        if start.viewport != end.viewport {
            out += keyframes("transitiond-viewport", start.viewport, end.viewport)
        }
        if start.content != end.content {
            out += keyframes("transitiond-content", start.content, end.content)
        }
        for (i, e) in plan.elements.enumerated() {
            let name = "transitiond-\(i)"
            if e.isKeyed {
                let keys = e.keys.map {
                    (input: $0.input, list: StyleProperties.of($0.pose, in: e))
                }
                out += "\(e.selector) {\n"
                for p in keys[0].list { out += "  \(p.css): \(p.value);\n" }
                out += animation(name, e.track) + "}\n"
                out += keyedKeyframes(name, keys)
                out += StyleProperties.contentRules(e)
                continue
            }
            let from = StyleProperties.of(e.from, in: e)
            let to = StyleProperties.of(e.to, in: e)
            out += "\(e.selector) {\n"
            for p in from { out += "  \(p.css): \(p.value);\n" }
            if from != to { out += animation(name, e.track) }
            out += "}\n"
            if from != to { out += keyframes(name, from, to) }
            out += StyleProperties.contentRules(e)
        }
        return out
    }

    /// `@keyframes` of a keyed element: a keyframe at each key's share of the time, with
    /// the properties that change across the keys (its animation is linear between them).
    private static func keyedKeyframes(
        _ name: String, _ keys: [(input: Double, list: [StyleProperty])]
    ) -> String {
        let changing = keys[0].list.indices.filter { j in
            keys.contains { $0.list[j].value != keys[0].list[j].value }
        }
        var out = "@keyframes \(name) {\n"
        for key in keys {
            out += "  " + NumberText.format(key.input * 100, places: 5) + "% {"
            for j in changing { out += " \(key.list[j].css): \(key.list[j].value);" }
            out += " }\n"
        }
        return out + "}\n"
    }

    /// `@keyframes` with the properties that differ between the two ends.
    private static func keyframes(_ name: String, _ from: [StyleProperty], _ to: [StyleProperty])
        -> String
    {
        var a = ""
        var b = ""
        for (p, q) in zip(from, to) where p.value != q.value {
            a += " \(p.css): \(p.value);"
            b += " \(q.css): \(q.value);"
        }
        return "@keyframes \(name) {\n  from {\(a) }\n  to {\(b) }\n}\n"
    }
}
