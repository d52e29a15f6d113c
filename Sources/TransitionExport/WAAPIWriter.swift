import TransitionEngine

/// The `waapi` export: a JSON list of `{selector, keyframes, options}`, one per
/// animated part of the DOM contract, to pass to `element.animate(keyframes, options)`.
/// Keyframes carry every property (the elements must be absolutely positioned, as the
/// contract says); durations and delays are in milliseconds, `fill` is `both`.
enum WAAPIWriter {
    static func write(_ plan: MotionPlan) -> String {
        var entries: [String] = []
        let easings = plan.tracks.map { JSONText.string(StyleProperties.easing($0)) }
        let start = StyleProperties.content(plan, progress: 0)
        let end = StyleProperties.content(plan, progress: 1)
        entries.append(
            entry(
                ".transitiond-viewport", [(0, start.viewport), (1, end.viewport)], plan.tracks[0],
                easings[0]))
        entries.append(
            entry(
                ".transitiond-content", [(0, start.content), (1, end.content)], plan.tracks[0],
                easings[0]))
        for e in plan.elements {
            #if !hasFeature(Embedded)
                if !e.propertyTracks.isEmpty {
                    entries += exactEntries(e, plan.tracks[e.exactTrack], easings[e.exactTrack])
                    continue
                }
            #endif
            let frames: [(offset: Double, list: [StyleProperty])] =
                e.isKeyed
                ? e.keys.map { (offset: $0.input, list: StyleProperties.of($0.pose, in: e)) }
                : [(0, StyleProperties.of(e.from, in: e)), (1, StyleProperties.of(e.to, in: e))]
            entries.append(entry(e.selector, frames, plan.tracks[e.track], easings[e.track]))
            guard e.contentFade != nil else { continue }
            // Each layer holds its expressions of the inherited --transitiond-progress.
            for outgoing in [true, false] {
                let layer = StyleProperties.contentLayer(e, outgoing: outgoing)
                entries.append(
                    entry(
                        StyleProperties.contentSelector(e, outgoing: outgoing),
                        [(0, layer), (1, layer)], plan.tracks[e.track], easings[e.track]))
            }
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    #if !hasFeature(Embedded)
        /// A keyframed element that plays exactly: what is linear in its progress between
        /// its two ends, then each `PropertyTrack` as an animation of its own (keyframe
        /// offsets are element progress, and each keyframe's `easing` is its segment's
        /// curve; the track's easing makes time that progress).
        private static func exactEntries(
            _ e: ElementMotion, _ track: ProgressTrack, _ easing: String
        )
            -> [String]
        {
            let own = StyleProperties.tracked(e)
            let from = StyleProperties.of(e.from, in: e).filter { !own.contains($0.css) }
            let to = StyleProperties.of(e.to, in: e).filter { !own.contains($0.css) }
            var entries = [entry(e.selector, [(0, from), (1, to)], track, easing)]
            for p in e.propertyTracks {
                let frames = p.keys.map { key in
                    var list = [StyleProperty(css: p.css, js: p.css, value: key.value)]
                    if key.at < 1 {
                        let curve = StyleProperties.easing(of: key.easing)
                        list.append(StyleProperty(css: "easing", js: "easing", value: curve))
                    }
                    return (offset: key.at, list: list)
                }
                entries.append(entry(e.selector, frames, track, easing))
            }
            if e.contentFade != nil {
                for outgoing in [true, false] {
                    let layer = StyleProperties.contentLayer(e, outgoing: outgoing)
                    entries.append(
                        entry(
                            StyleProperties.contentSelector(e, outgoing: outgoing),
                            [(0, layer), (1, layer)], track, easing))
                }
            }
            return entries
        }
    #endif

    /// - Parameter frames: each keyframe's offset and properties (the two ends, or a keyed
    ///   element's keys, which its linear track plays at their share of the time).
    private static func entry(
        _ selector: String, _ frames: [(offset: Double, list: [StyleProperty])],
        _ track: ProgressTrack, _ easing: String
    )
        -> String
    {
        func frame(_ offset: Double, _ list: [StyleProperty]) -> String {
            "{\"offset\": \(NumberText.format(offset, places: 9))"
                + list.map { ", \(JSONText.string($0.js)): \(JSONText.string($0.value))" }.joined()
                + "}"
        }
        let options =
            "{\"duration\": \(NumberText.format(track.duration * 1000, places: 6)), \"delay\": \(NumberText.format(track.delay * 1000, places: 6)), \"easing\": \(easing), \"fill\": \"both\"}"
        return
            "{\"selector\": \(JSONText.string(selector)), \"keyframes\": [\(frames.map { frame($0.offset, $0.list) }.joined(separator: ", "))], \"options\": \(options)}"
    }
}
