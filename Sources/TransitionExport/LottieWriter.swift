import TransitionEngine

/// The `lottie` export: bodymovin JSON 5.x. A null layer carries the content offset; one
/// shape layer per element (parented to it) draws a rect in the element's colour, its
/// frame scaled by its transform's scale, with its alpha as the layer's opacity.
/// Keyframes are in frames at the plan's fps; a cubic-bezier track keeps its curve,
/// every other track is written as linear keyframes at its stops.
enum LottieWriter {
    /// The marker lottie-ios plays instead of the whole animation under reduced motion.
    static let reducedMarker = "reduced motion"

    /// - Parameter reduced: a reduced version, written as a segment after the full one
    ///   (its layers start there) under the marker `reduced motion`.
    static func write(_ plan: MotionPlan, reduced: MotionPlan? = nil) -> String {
        let fps = plan.settings.fps
        // Both versions have the same two viewports.
        let width = Swift.max(plan.viewport.from.width, plan.viewport.to.width).rounded(.up)
        let height = Swift.max(plan.viewport.from.height, plan.viewport.to.height).rounded(.up)
        let n = { (x: Double) in NumberText.format(x, places: 4) }
        var frames = (plan.duration * fps).rounded(.up) + 1
        var layers = self.layers(plan, firstIndex: 1, start: 0, frames: frames)
        var markers = ""
        if let reduced {
            let start = frames
            frames = (reduced.duration * fps).rounded(.up) + 1
            layers += self.layers(
                reduced, firstIndex: layers.count + 1, start: start, frames: frames)
            markers =
                ",\"markers\":[{\"tm\":" + n(start) + ",\"cm\":\"" + reducedMarker + "\",\"dr\":"
                + n(frames) + "}]"
            frames += start
        }
        return
            "{\"v\":\"5.7.4\",\"fr\":\(n(fps)),\"ip\":0,\"op\":\(n(frames)),\"w\":\(n(width)),\"h\":\(n(height)),\"nm\":\"transitiond\",\"ddd\":0,\"assets\":[]"
            + markers + ",\"layers\":[\n" + layers.joined(separator: ",\n") + "\n]}\n"
    }

    /// The layers of `plan` played from composition frame `start` for `frames` frames:
    /// one per element, then the content's null layer (index `firstIndex`, their parent).
    private static func layers(_ plan: MotionPlan, firstIndex: Int, start: Double, frames: Double)
        -> [String]
    {
        let fps = plan.settings.fps
        let n = { (x: Double) in NumberText.format(x, places: 4) }
        var layers: [String] = []
        let keys = plan.tracks.map { LottieKeys($0, fps: fps) }
        // Lottie draws the first layer on top: highest z-index first, later elements first.
        let order = plan.elements.indices.sorted {
            (plan.elements[$0].zIndex, $0) > (plan.elements[$1].zIndex, $1)
        }
        let timing = LayerTiming(parent: firstIndex, start: start, lastFrame: frames)
        for (k, i) in order.enumerated() {
            layers.append(
                layer(
                    plan.elements[i], plan.tracks[plan.elements[i].track],
                    keys[plan.elements[i].track],
                    index: firstIndex + k + 1, fps: fps, timing: timing))
        }
        let o = plan.contentOffset
        let offset = property(keys[0], from: [-o.from.x, -o.from.y, 0], to: [-o.to.x, -o.to.y, 0])
        layers.append(
            "{\"ddd\":0,\"ind\":\(firstIndex),\"ty\":3,\"nm\":\"transitiond-content\",\"sr\":1,\"ks\":{\"o\":{\"a\":0,\"k\":100},\"r\":{\"a\":0,\"k\":0},\"p\":\(offset),\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0,\"ip\":\(n(start)),\"op\":\(n(start + frames)),\"st\":\(n(start)),\"bm\":0}"
        )
        return layers
    }

    /// Where a segment's layers sit: their parent, first composition frame and length.
    private struct LayerTiming {
        var parent: Int
        var start: Double
        var lastFrame: Double
    }

    private static func layer(
        _ e: ElementMotion, _ track: ProgressTrack, _ keys: LottieKeys, index: Int, fps: Double,
        timing: LayerTiming
    ) -> String {
        let lastFrame = timing.lastFrame
        let n = { (x: Double) in NumberText.format(x, places: 4) }
        // Every value at each key: the two ends along the track, or a keyed element's keys.
        let poses = e.isKeyed ? e.keys.map { $0.pose } : [e.from, e.to]
        let keyed = e.isKeyed ? LottieKeys(track, inputs: e.keys.map { $0.input }, fps: fps) : keys
        func animated(_ value: (ElementPose) -> [Double]) -> String {
            e.isKeyed
                ? property(keyed, values: poses.map(value))
                : property(keys, from: value(e.from), to: value(e.to))
        }
        let opacity = animated { [$0.alpha * 100] }
        let centre = animated { [$0.drawnRect.midX, $0.drawnRect.midY] }
        let size = animated { [$0.drawnRect.size.width, $0.drawnRect.size.height] }
        let radius = animated { pose in
            let r = pose.drawnCornerRadius
            return [Swift.min(r.x, r.y)]
        }
        let color = animated { pose in
            let c = pose.color(named: "background") ?? e.color
            return [c.red, c.green, c.blue, 1]
        }
        var inPoint = 0.0
        var outPoint = lastFrame
        switch e.presence {
        case .both: break
        case .appearing: inPoint = track.delay * fps
        case .disappearing:
            outPoint = (TrackShape.firstTime(track, reaching: 1) ?? plan(track)) * fps
        }
        return
            "{\"ddd\":0,\"ind\":\(index),\"ty\":4,\"nm\":\(JSONText.string(e.name)),\"parent\":\(timing.parent),\"sr\":1,\"ks\":{\"o\":\(opacity),\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0,0]},\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}},\"ao\":0,"
            + "\"shapes\":[{\"ty\":\"gr\",\"nm\":\"box\",\"it\":[{\"ty\":\"rc\",\"d\":1,\"nm\":\"rect\",\"p\":\(centre),\"s\":\(size),\"r\":\(radius)},"
            + "{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(color),\"o\":{\"a\":0,\"k\":100},\"r\":1},"
            + "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}]}],"
            + "\"ip\":\(n(timing.start + inPoint)),\"op\":\(n(timing.start + outPoint)),\"st\":\(n(timing.start)),\"bm\":0}"
    }

    /// The end of a track, in seconds.
    private static func plan(_ track: ProgressTrack) -> Double { track.delay + track.duration }

    /// A Lottie property of a keyed element: a value per key, linear between them
    /// (static when they all agree).
    private static func property(_ keys: LottieKeys, values: [[Double]]) -> String {
        guard values.contains(where: { $0 != values[0] }) else {
            return property(keys, from: values[0], to: values[0])
        }
        var out = "{\"a\":1,\"k\":["
        let last = keys.times.count - 1
        for k in 0...last {
            if k > 0 { out += "," }
            out += "{\"t\":" + keys.times[k] + ",\"s\":["
            out += values[k].map { NumberText.format($0, places: 4) }.joined(separator: ",") + "]"
            if k < last { out += keys.easing }
            out += "}"
        }
        return out + "]}"
    }

    /// A Lottie property: static when both ends agree, else keyframes along the track.
    private static func property(_ keys: LottieKeys, from: [Double], to: [Double]) -> String {
        // A static value of one dimension is a number (renderers read `[100]` as nothing).
        guard from != to else {
            if from.count == 1 {
                return "{\"a\":0,\"k\":" + NumberText.format(from[0], places: 4) + "}"
            }
            var out = "{\"a\":0,\"k\":["
            for (d, x) in from.enumerated() {
                if d > 0 { out += "," }
                out += NumberText.format(x, places: 4)
            }
            return out + "]}"
        }
        var out = "{\"a\":1,\"k\":["
        out.reserveCapacity(keys.times.count * (48 + 10 * from.count + keys.easing.utf8.count))
        let last = keys.times.count - 1
        for k in 0...last {
            if k > 0 { out += "," }
            out += "{\"t\":"
            out += keys.times[k]
            out += ",\"s\":["
            let p = keys.progress[k]
            for d in from.indices {
                if d > 0 { out += "," }
                out += NumberText.format(lerp(from[d], to[d], p), places: 4)
            }
            out += "]"
            if k < last { out += keys.easing }
            out += "}"
        }
        return out + "]}"
    }
}
