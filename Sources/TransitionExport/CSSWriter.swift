import TransitionEngine

/// The `css` export: a complete stylesheet for the DOM contract. Each element has one
/// rule with its starting style and an animation whose `@keyframes` hold only what
/// changes; `fill-mode: both` holds the ends. A `linear()` easing is written once per
/// track, as a custom property of the viewport that the elements' animations refer to.
/// An element that keyframes or an arc shape has a keyframe per key, linear between.
/// With a `reduced` plan, an `@media (prefers-reduced-motion: reduce)` block follows
/// with its rules (names prefixed `transitiond-reduced-`): the reader's setting chooses.
enum CSSWriter {
    static func write(_ plan: MotionPlan, reduced: MotionPlan? = nil) -> String {
        var out =
            "/* transitiond export: \(plan.elements.count) elements, \(StyleProperties.seconds(plan.duration)) */\n"
        out += StyleProperties.registrations(plan)
        out += rules(plan, prefix: "transitiond-", overriding: false)
        if let reduced {
            out += "@media (prefers-reduced-motion: reduce) {\n"
            out += rules(reduced, prefix: "transitiond-reduced-", overriding: true)
            out += "}\n"
        }
        return out
    }

    /// The rules and keyframes of `plan`, every name starting with `prefix`; when
    /// `overriding` (the reduced block), a part that does not animate says so.
    private static func rules(_ plan: MotionPlan, prefix: String, overriding: Bool) -> String {
        var out = ""
        let start = StyleProperties.content(plan, progress: 0)
        let end = StyleProperties.content(plan, progress: 1)
        var easings = plan.tracks.map(StyleProperties.easing)
        var shared = ""
        for (i, easing) in easings.enumerated() where easing.hasPrefix("linear(") {
            shared += "  --\(prefix)easing-\(i): \(easing);\n"
            easings[i] = "var(--\(prefix)easing-\(i))"
        }
        let still = overriding ? "  animation: none;\n" : ""
        let animation = { (name: String, track: Int) in
            "  animation: \(name) \(StyleProperties.seconds(plan.tracks[track].duration)) \(easings[track]) \(StyleProperties.seconds(plan.tracks[track].delay)) both;\n"
        }
        let sceneAnimation = { (name: String) in animation(name, 0) }
        out += ".transitiond-viewport {\n  position: relative;\n  overflow: hidden;\n" + shared
        for p in start.viewport { out += "  \(p.css): \(p.value);\n" }
        out += start.viewport != end.viewport ? sceneAnimation(prefix + "viewport") : still
        out += "}\n"
        out += ".transitiond-content {\n  position: absolute;\n"
        for p in start.content { out += "  \(p.css): \(p.value);\n" }
        out += start.content != end.content ? sceneAnimation(prefix + "content") : still
        out += "}\n"
        out +=
            ".transitiond-content > * {\n  position: absolute;\n  box-sizing: border-box;\n  margin: 0;\n  overflow: hidden;\n  transform-origin: 50% 50%;\n}\n"
        if plan.elements.contains(where: { $0.contentFade != nil }) {
            out +=
                ".transitiond-content > * > [data-content] {\n  position: absolute;\n  box-sizing: border-box;\n  transform-origin: 50% 50%;\n}\n"
        }
        if start.viewport != end.viewport {
            out += keyframes(prefix + "viewport", start.viewport, end.viewport)
        }
        if start.content != end.content {
            out += keyframes(prefix + "content", start.content, end.content)
        }
        for (i, e) in plan.elements.enumerated() {
            let name = prefix + String(i)
            #if !hasFeature(Embedded)
                if let timed = timedKeys(e, plan.tracks[e.exactTrack]) {
                    out += exactRules(
                        e, name, plan.tracks[e.exactTrack], easings[e.exactTrack], timed)
                    continue
                }
            #endif
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
            out += from != to ? animation(name, e.track) : still
            out += "}\n"
            if from != to { out += keyframes(name, from, to) }
            out += StyleProperties.contentRules(e)
        }
        return out
    }

    #if !hasFeature(Embedded)
        /// The keyframes of a keyframed element's `PropertyTrack`s in time, when CSS can
        /// play them exactly: on a linear track, at their progress with their segments'
        /// curves; on a cubic-bezier track, properties linear between their keys, cut
        /// where the progress crosses a key (`BezierTimeKeys`).
        private static func timedKeys(_ e: ElementMotion, _ track: ProgressTrack)
            -> [[BezierTimeKeys.Key]]?
        {
            guard !e.propertyTracks.isEmpty else { return nil }
            if track.isLinear {
                return e.propertyTracks.map { p in
                    p.keys.map {
                        BezierTimeKeys.Key(time: $0.at, value: $0.value, easing: $0.easing)
                    }
                }
            }
            guard track.delay == 0, case .cubicBezier(let x1, let y1, let x2, let y2)? = track.curve
            else { return nil }
            var result: [[BezierTimeKeys.Key]] = []
            for p in e.propertyTracks {
                guard let keys = BezierTimeKeys.keys(p, x1: x1, y1: y1, x2: x2, y2: y2) else {
                    return nil
                }
                result.append(keys)
            }
            return result
        }

        /// A keyframed element, exactly: an animation for what is linear in its progress
        /// between its two ends (on the track's easing), and one per `PropertyTrack`
        /// (`timed`: its keyframes in time, each with its curve as the keyframe's
        /// `animation-timing-function`).
        private static func exactRules(
            _ e: ElementMotion, _ name: String, _ track: ProgressTrack, _ easing: String,
            _ timed: [[BezierTimeKeys.Key]]
        ) -> String {
            let own = StyleProperties.tracked(e)
            let from = StyleProperties.of(e.from, in: e).filter { !own.contains($0.css) }
            let to = StyleProperties.of(e.to, in: e).filter { !own.contains($0.css) }
            let times = { (curve: String) in
                " \(StyleProperties.seconds(track.duration)) \(curve) \(StyleProperties.seconds(track.delay)) both"
            }
            var animations: [String] = []
            if from != to { animations.append(name + times(easing)) }
            var out = "\(e.selector) {\n"
            for p in from { out += "  \(p.css): \(p.value);\n" }
            for (j, p) in e.propertyTracks.enumerated() {
                out += "  \(p.css): \(p.keys[0].value);\n"
                animations.append("\(name)-p\(j)" + times("linear"))
            }
            out += "  animation: " + animations.joined(separator: ", ") + ";\n}\n"
            if from != to { out += keyframes(name, from, to) }
            for (j, p) in e.propertyTracks.enumerated() {
                out += "@keyframes \(name)-p\(j) {\n"
                for key in timed[j] {
                    out +=
                        "  " + NumberText.format(key.time * 100, places: 5)
                        + "% { \(p.css): \(key.value);"
                    if key.time < 1 {
                        out +=
                            " animation-timing-function: \(StyleProperties.easing(of: key.easing));"
                    }
                    out += " }\n"
                }
                out += "}\n"
            }
            return out + StyleProperties.contentRules(e)
        }
    #endif

    /// `@keyframes` of a keyed element: a keyframe at each key's share of the time, with
    /// the properties that change across the keys (its animation is linear between them).
    private static func keyedKeyframes(
        _ name: String, _ keys: [(input: Double, list: [StyleProperty])]
    ) -> String {
        let changing = keys[0].list.indices.filter { j in
            keys.contains { $0.list[j].value != keys[0].list[j].value }
        }
        var out = "@keyframes \(name) {\n"
        var last = -1.0
        for key in keys {
            // A jump (a reduced element's switch) has two keys a nanosecond apart: keep
            // them apart when written, else the second would replace the first.
            last = Swift.min(Swift.max((key.input * 1e7).rounded() / 1e5, last + 1e-5), 100)
            out += "  " + NumberText.format(last, places: 5) + "% {"
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
