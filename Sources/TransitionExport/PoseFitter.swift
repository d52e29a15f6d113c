import TransitionEngine

/// Chooses the keys of a shaped element: the fewest poses, greedily, such that
/// interpolating every written property linearly between neighbouring keys (as CSS, SMIL
/// and Lottie do: the frame, the alpha, the transform's entries, the colour's channels)
/// keeps the drawn rect and the frame within the tolerance of the engine (alpha and
/// colour channels within tolerance / `ElementMotion.pointsPerUnit`, transform entries
/// weighed by half the element's larger side), at `probes` points of every span. Jumps
/// (steps, a spring's final snap) end in two keys `minimumRun` apart, as `StopFitter`
/// does.
struct PoseFitter {
    var tolerance: Double
    var probes = 32
    var minimumRun = 1e-9

    /// A pose with its written properties as numbers, in the order `pose(_:from:)` reads.
    private struct Sample {
        var pose: ElementPose
        var written: [Double]
        var measured: [Double]
    }

    /// The keys, inputs increasing from 0 to 1, of `pose` over 0...1, with a key at each
    /// of `breaks` (increasing; where the pose may turn sharply: a keyframe stop is
    /// reached there).
    /// - Complexity: O(keys × probes × log(1 / minimumRun)) poses.
    func fit(_ pose: (Double) -> ElementPose, breaks: [Double] = []) -> [PoseKey] {
        let ends = breaks.filter { $0 > 0 && $0 < 1 } + [1]
        func sample(_ x: Double) -> Sample {
            let p = pose(x)
            let written = PoseFitter.written(p)
            return Sample(pose: p, written: written, measured: PoseFitter.measured(p))
        }
        var s0 = sample(0)
        var keys = [PoseKey(input: 0, pose: s0.pose)]
        var x0 = 0.0
        while x0 < 1 {
            let upper = ends.first { $0 > x0 } ?? 1
            var x1 = upper
            var s1 = sample(upper)
            if !fits(sample, x0, s0, x1, s1) {
                var lo = x0
                var hi = upper
                while hi - lo > minimumRun {
                    let mid = lo + (hi - lo) / 2
                    if fits(sample, x0, s0, mid, sample(mid)) { lo = mid } else { hi = mid }
                }
                x1 = lo > x0 ? lo : hi
                s1 = sample(x1)
            }
            keys.append(PoseKey(input: x1, pose: s1.pose))
            (x0, s0) = (x1, s1)
        }
        return keys
    }

    private func fits(
        _ sample: (Double) -> Sample, _ x0: Double, _ s0: Sample, _ x1: Double, _ s1: Sample
    ) -> Bool {
        for k in 1..<probes {
            let s = Double(k) / Double(probes)
            let engine = sample(x0 + (x1 - x0) * s).measured
            var written = s0.written
            for i in written.indices { written[i] += (s1.written[i] - s0.written[i]) * s }
            let played = PoseFitter.measured(PoseFitter.pose(written, from: s0.pose))
            for i in played.indices where !(Swift.abs(played[i] - engine[i]) <= tolerance) {
                return false
            }
        }
        return true
    }

    /// The properties a writer interpolates: frame, alpha, transform entries, and the
    /// `background` colour's channels (nothing for a pose without one).
    private static func written(_ p: ElementPose) -> [Double] {
        let t = p.transform ?? .identity
        var list = [
            p.frame.minX, p.frame.minY, p.frame.size.width, p.frame.size.height, p.alpha, t.a, t.b,
            t.c, t.d, t.tx, t.ty,
        ]
        if let c = p.color(named: "background") { list += [c.red, c.green, c.blue, c.alpha] }
        return list
    }

    /// `base` with the written properties `w` (colour channels are measured from `w`).
    private static func pose(_ w: [Double], from base: ElementPose) -> ElementPose {
        var p = base
        p.frame = Rect(x: w[0], y: w[1], width: w[2], height: w[3])
        p.alpha = w[4]
        p.transform = AffineTransform(a: w[5], b: w[6], c: w[7], d: w[8], tx: w[9], ty: w[10])
        if w.count > 11 {
            p.values = [
                CustomValue(
                    name: "background",
                    value: .color(Color(red: w[11], green: w[12], blue: w[13], alpha: w[14])))
            ]
        }
        return p
    }

    /// What the tolerance bounds, in points.
    private static func measured(_ p: ElementPose) -> [Double] {
        let d = p.drawnRect
        let f = p.frame
        let t = p.transform ?? .identity
        let weight = Swift.max(f.size.width, f.size.height) / 2
        var list = [
            d.minX, d.minY, d.maxX, d.maxY, f.minX, f.minY, f.maxX, f.maxY,
            p.alpha * ElementMotion.pointsPerUnit, t.a * weight, t.b * weight, t.c * weight,
            t.d * weight, t.tx, t.ty,
        ]
        if let c = p.color(named: "background") {
            list += [c.red, c.green, c.blue, c.alpha].map { $0 * ElementMotion.pointsPerUnit }
        }
        return list
    }
}
