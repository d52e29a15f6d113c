@testable import TransitionEngine

/// Whether two values agree within a relative tolerance.
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
