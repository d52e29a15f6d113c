import TransitionEngine

/// The keyframe times and easing of one track, shared by every property on it.
struct LottieKeys {
    /// Each key's frame, as text.
    var times: [String]
    /// Each key's progress.
    var progress: [Double]
    /// `,"o":{...},"i":{...}`: the bezier's tangents, or linear ones.
    var easing: String

    /// The keys of a keyed element at `inputs` of its linear track, linear between.
    init(_ track: ProgressTrack, inputs: [Double], fps: Double) {
        // A jump (a reduced element's switch) has two keys a nanosecond apart: keep them
        // apart when written.
        var last = -1.0
        times = inputs.map {
            last = Swift.max(
                ((track.delay + $0 * track.duration) * fps * 1e6).rounded() / 1e6, last + 1e-3)
            return NumberText.format(last, places: 6)
        }
        progress = []
        easing = ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}"
    }

    init(_ track: ProgressTrack, fps: Double) {
        if track.duration == 0, track.delay > 0 {
            // A switch (a reduced transition's content): held, then the end at once.
            times = ["0", NumberText.format(track.delay * fps, places: 6)]
            progress = [0, 1]
            easing = ",\"h\":1"
            return
        }
        let shape = TrackShape(track, bezierInUnitSquare: false)
        let keys = shape.keys
        times = keys.map {
            NumberText.format((track.delay + $0.input * track.duration) * fps, places: 6)
        }
        progress = keys.map { $0.progress }
        switch shape {
        case .bezier(let x1, let y1, let x2, let y2):
            let n = { (x: Double) in NumberText.format(x, places: 9) }
            easing =
                ",\"o\":{\"x\":[\(n(x1))],\"y\":[\(n(y1))]},\"i\":{\"x\":[\(n(x2))],\"y\":[\(n(y2))]}"
        case .stops:
            easing = ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}"
        }
    }
}
