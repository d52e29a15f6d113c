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
            entry(".transitiond-viewport", start.viewport, end.viewport, plan.tracks[0], easings[0])
        )
        entries.append(
            entry(".transitiond-content", start.content, end.content, plan.tracks[0], easings[0]))
        for e in plan.elements {
            entries.append(
                entry(
                    e.selector, StyleProperties.of(e.from, in: e), StyleProperties.of(e.to, in: e),
                    plan.tracks[e.track], easings[e.track]))
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    private static func entry(
        _ selector: String, _ from: [StyleProperty], _ to: [StyleProperty], _ track: ProgressTrack,
        _ easing: String
    )
        -> String
    {
        func frame(_ offset: Int, _ list: [StyleProperty]) -> String {
            "{\"offset\": \(offset)"
                + list.map { ", \(JSONText.string($0.js)): \(JSONText.string($0.value))" }.joined()
                + "}"
        }
        let options =
            "{\"duration\": \(NumberText.format(track.duration * 1000, places: 6)), \"delay\": \(NumberText.format(track.delay * 1000, places: 6)), \"easing\": \(easing), \"fill\": \"both\"}"
        return
            "{\"selector\": \(JSONText.string(selector)), \"keyframes\": [\(frame(0, from)), \(frame(1, to))], \"options\": \(options)}"
    }
}
