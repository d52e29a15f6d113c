@testable import TransitionEngine

/// A repeatable random number generator (SplitMix64), so a failing case can be re-run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A value in `range`, rounded to a quarter point so layouts hit exact edges often.
    mutating func quarter(_ range: ClosedRange<Double>) -> Double {
        (Double.random(in: range, using: &self) * 4).rounded() / 4
    }
}

func approx(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func approx(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    approx(a.minX, b.minX, tolerance: tolerance) && approx(a.minY, b.minY, tolerance: tolerance)
        && approx(a.size.width, b.size.width, tolerance: tolerance)
        && approx(a.size.height, b.size.height, tolerance: tolerance)
}

func approx(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    approx(a.x, b.x, tolerance: tolerance) && approx(a.y, b.y, tolerance: tolerance)
}
