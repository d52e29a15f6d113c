import TransitionEngine

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

    /// A tag whose animations give a value per key at `keyTimes` (a keyed element, on its
    /// linear track), linear between them.
    init(track: ProgressTrack, keyTimes: [Double]) {
        self.track = track
        shape = .stops([])
        progress = []
        head =
            " begin=\"\(SMILTag.seconds(track.delay))\" dur=\"\(SMILTag.seconds(Swift.max(track.duration, 1e-6)))\" fill=\"freeze\""
        tail =
            " keyTimes=\""
            + keyTimes.map { NumberText.format($0, places: 7) }.joined(separator: ";")
            + "\" calcMode=\"linear\""
    }

    /// ` name="first"` and, when the values differ, an `<animate>` through them, one per
    /// key (a tag made with `keyTimes`).
    mutating func attribute(_ name: String, values: [Double]) {
        attributes += " \(name)=\"\(NumberText.format(values[0], places: 4))\""
        guard values.contains(where: { $0 != values[0] }) else { return }
        animations +=
            "<animate attributeName=\"\(name)\"" + head + " values=\""
            + values.map { NumberText.format($0, places: 4) }.joined(separator: ";") + "\"" + tail
            + "/>"
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
