import TransitionEngine

#if !hasFeature(Embedded)
    /// A keyframed property for CSS when the element's track is a cubic bezier: CSS
    /// keyframes are in time and each applies its own curve, so a property that is
    /// linear in the element's progress between its keys is cut where the track's
    /// progress crosses a key and where it turns back; on each piece the property is
    /// linear in the progress, so that piece of the track's bezier (de Casteljau),
    /// scaled to the unit square, is its curve exactly.
    enum BezierTimeKeys {
        /// A keyframe at `time`, a share of the track's duration.
        struct Key {
            var time: Double
            var value: String
            var easing: TimingCurve
        }

        /// nil when a segment of the property is not linear, or a piece's control points
        /// leave 0...1 in time even when halved.
        static func keys(
            _ property: PropertyTrack, x1: Double, y1: Double, x2: Double, y2: Double
        ) -> [Key]? {
            guard property.keys.dropLast().allSatisfy({ SegmentCurve.isLinear($0.easing) })
            else { return nil }
            let curve = Bezier(x: (0, x1, x2, 1), y: (0, y1, y2, 1))
            // Where the progress reaches an inner key or turns back, in order.
            var cuts = [0.0, 1.0]
            let levels = property.keys.dropFirst().dropLast().map { $0.at }
            let n = 512
            for i in 0..<n {
                let a = Double(i) / Double(n)
                let b = Double(i + 1) / Double(n)
                for level in levels {
                    if let s = curve.root(of: { curve.y($0) - level }, a, b) { cuts.append(s) }
                }
                if let s = curve.root(of: { curve.slopeY($0) }, a, b) { cuts.append(s) }
            }
            cuts.sort()
            var keys: [Key] = []
            var pieces: [(Double, Double)] = []
            for (a, b) in zip(cuts, cuts.dropFirst()) where b - a > 1e-12 { pieces.append((a, b)) }
            for (a, b) in pieces {
                guard let split = piece(curve, a, b, depth: 0) else { return nil }
                for (s0, s1, easing) in split {
                    keys.append(
                        Key(
                            time: curve.x(s0), value: property.text(value(property, curve.y(s0))),
                            easing: easing))
                    if s1 == 1 {
                        keys.append(
                            Key(
                                time: 1, value: property.text(value(property, 1)),
                                easing: .easing(.linear)))
                    }
                }
            }
            return keys
        }

        /// The piece s0...s1 of the curve as a CSS curve, halved while its control points
        /// leave 0...1 in time.
        private static func piece(_ c: Bezier, _ s0: Double, _ s1: Double, depth: Int)
            -> [(Double, Double, TimingCurve)]?
        {
            let (p1, p2) = c.controls(s0, s1)
            let x0 = c.x(s0)
            let y0 = c.y(s0)
            let dx = c.x(s1) - x0
            let dy = c.y(s1) - y0
            guard dx > 0 else { return nil }
            if dy == 0 { return [(s0, s1, .easing(.linear))] }
            let a = ((p1.x - x0) / dx, (p1.y - y0) / dy)
            let b = ((p2.x - x0) / dx, (p2.y - y0) / dy)
            if (0...1).contains(a.0), (0...1).contains(b.0) {
                return [(s0, s1, .cubicBezier(x1: a.0, y1: a.1, x2: b.0, y2: b.1))]
            }
            guard depth < 8 else { return nil }
            let mid = (s0 + s1) / 2
            guard let left = piece(c, s0, mid, depth: depth + 1),
                let right = piece(c, mid, s1, depth: depth + 1)
            else { return nil }
            return left + right
        }

        /// The property's numbers at element progress q: linear between its keys, and
        /// beyond them along its first or last segment (as the engine extends them).
        private static func value(_ p: PropertyTrack, _ q: Double) -> [Double] {
            var k = 0
            while k + 2 < p.keys.count && p.keys[k + 1].at <= q { k += 1 }
            let a = p.keys[k]
            let b = p.keys[k + 1]
            let u = (q - a.at) / (b.at - a.at)
            return zip(a.numbers, b.numbers).map { $0 + ($1 - $0) * u }
        }
    }

    /// A cubic bezier from (0, 0) to (1, 1), by its parameter s.
    private struct Bezier {
        var x: (Double, Double, Double, Double)
        var y: (Double, Double, Double, Double)

        private static func at(_ c: (Double, Double, Double, Double), _ s: Double) -> Double {
            let t = 1 - s
            return t * t * t * c.0 + 3 * t * t * s * c.1 + 3 * t * s * s * c.2 + s * s * s * c.3
        }

        func x(_ s: Double) -> Double { Self.at(x, s) }
        func y(_ s: Double) -> Double { Self.at(y, s) }

        func slopeY(_ s: Double) -> Double {
            let t = 1 - s
            return 3 * (t * t * (y.1 - y.0) + 2 * t * s * (y.2 - y.1) + s * s * (y.3 - y.2))
        }

        /// The inner control points of the piece s0...s1 (the blossom at (s0, s0, s1)
        /// and (s0, s1, s1)).
        func controls(_ s0: Double, _ s1: Double) -> (
            (x: Double, y: Double), (x: Double, y: Double)
        ) {
            func blossom(
                _ c: (Double, Double, Double, Double), _ u: Double, _ v: Double, _ w: Double
            )
                -> Double
            {
                let a = (lerp(c.0, c.1, u), lerp(c.1, c.2, u), lerp(c.2, c.3, u))
                let b = (lerp(a.0, a.1, v), lerp(a.1, a.2, v))
                return lerp(b.0, b.1, w)
            }
            return (
                (blossom(x, s0, s0, s1), blossom(y, s0, s0, s1)),
                (blossom(x, s0, s1, s1), blossom(y, s0, s1, s1))
            )
        }

        /// A zero of f strictly inside (a, b], by bisection, when f changes sign there.
        func root(of f: (Double) -> Double, _ a: Double, _ b: Double) -> Double? {
            var lo = a
            var hi = b
            let fa = f(lo)
            let fb = f(hi)
            guard (fa < 0) != (fb < 0), fb != 0 || fa != 0 else { return nil }
            for _ in 0..<60 where hi - lo > 1e-14 {
                let mid = (lo + hi) / 2
                if (f(mid) < 0) == (fa < 0) { lo = mid } else { hi = mid }
            }
            let s = (lo + hi) / 2
            return s > 0 && s < 1 ? s : nil
        }
    }
#endif
