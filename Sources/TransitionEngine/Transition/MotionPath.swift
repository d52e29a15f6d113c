/// The path an element's centre travels from its start centre to its end centre.
public enum MotionPath: Hashable, Sendable {
    /// A straight line (the centre interpolates linearly).
    case straight
    /// A circular arc whose chord is the straight line.
    case arc(ArcPath)
}

/// An arc path: which way it bends and its largest central angle.
///
/// The central angle θ of an element's arc is `maxAngle` scaled down for travels
/// longer than the diagonal D of the source viewport: θ = maxAngle · min(1, D / d), d
/// the distance between the two centres (so a longer travel bends less and no arc's
/// bulge exceeds D / 2 · tan(maxAngle / 4)). The centre moves at constant angular speed
/// in the element's progress: at progress q it is q · θ along the arc (past 0 and 1 it
/// continues around the circle).
public struct ArcPath: Hashable, Sendable {
    public enum Direction: String, CaseIterable, Sendable {
        /// Bends toward the corner that Material's arc motion passes: for an element that
        /// ends above where it starts (screen coordinates, y down), the corner
        /// (end x, start y), so it leaves horizontally and arrives vertically; otherwise
        /// (start x, end y), so it leaves vertically. A purely horizontal or vertical
        /// travel has its corner on the straight path and stays straight.
        case auto
        /// Turns clockwise as seen on the screen.
        case clockwise
        case counterclockwise
    }

    public var direction: Direction
    /// Degrees, in (0, 180].
    public var maxAngle: Double

    public static let defaultMaxAngle = 70.0

    public init(direction: Direction = .auto, maxAngle: Double = ArcPath.defaultMaxAngle) {
        self.direction = direction
        self.maxAngle = maxAngle
    }

    func validate(field: String) throws(ValidationError) {
        guard maxAngle.isFinite, maxAngle > 0, maxAngle <= 180 else {
            throw ValidationError(
                field: field + ".maxAngle",
                message: "must be a number of degrees above 0 and at most 180, got \(maxAngle)")
        }
    }

    /// The arc of an element whose centre moves from `start` to `end`, with `reference`
    /// the diagonal D of the source viewport; nil when it travels straight (it does not
    /// move, D is 0, or `auto` finds its corner on the straight path).
    func arc(from start: Point, to end: Point, reference: Double) -> ElementArc? {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > 0, reference > 0 else { return nil }
        let angle = maxAngle * Double.pi / 180 * Swift.min(1, reference / distance)
        // The chord's normal, a quarter turn clockwise on the screen from its direction.
        let nx = -dy / distance
        let ny = dx / distance
        let clockwise: Bool
        switch direction {
        case .clockwise: clockwise = true
        case .counterclockwise: clockwise = false
        case .auto:
            let corner = end.y < start.y ? Point(x: end.x, y: start.y) : Point(x: start.x, y: end.y)
            let side = nx * (corner.x - start.x) + ny * (corner.y - start.y)
            guard side != 0 else { return nil }
            // It bulges toward the corner; a clockwise arc bulges against the normal.
            clockwise = side < 0
        }
        let rise = (distance / 2) * cos(angle / 2) / sin(angle / 2)
        let sign = clockwise ? 1.0 : -1.0
        let centre = Point(
            x: (start.x + end.x) / 2 + nx * rise * sign, y: (start.y + end.y) / 2 + ny * rise * sign
        )
        return ElementArc(
            centre: centre, radius: distance / (2 * sin(angle / 2)),
            startAngle: atan2(start.y - centre.y, start.x - centre.x), sweep: angle * sign)
    }
}

/// One element's arc: its circle and the angles its centre sweeps, in radians, measured
/// as `atan2(y, x)` in screen coordinates (so a positive sweep turns clockwise there).
struct ElementArc: Sendable {
    let centre: Point
    let radius: Double
    let startAngle: Double
    let sweep: Double

    /// The point at element progress q.
    func point(at q: Double) -> Point {
        let phi = startAngle + sweep * q
        return Point(x: centre.x + radius * cos(phi), y: centre.y + radius * sin(phi))
    }

    /// d(point)/d(progress) at q.
    func slope(at q: Double) -> Point {
        let phi = startAngle + sweep * q
        return Point(x: -radius * sweep * sin(phi), y: radius * sweep * cos(phi))
    }

    /// The least and most coordinate along `axis` of the points at progress `low...high`.
    func extent(along axis: Axis, low: Double, high: Double) -> (low: Double, high: Double) {
        let a = startAngle + sweep * low
        let b = startAngle + sweep * high
        let first = Swift.min(a, b)
        let last = Swift.max(a, b)
        // x is extreme where phi is a multiple of pi, y half a turn later.
        let shift = axis == .horizontal ? 0.0 : Double.pi / 2
        func coordinate(_ phi: Double) -> Double {
            axis == .horizontal ? centre.x + radius * cos(phi) : centre.y + radius * sin(phi)
        }
        var lowest = Swift.min(coordinate(first), coordinate(last))
        var highest = Swift.max(coordinate(first), coordinate(last))
        var k = ((first - shift) / Double.pi).rounded(.up)
        while k * Double.pi + shift <= last {
            let c = coordinate(k * Double.pi + shift)
            lowest = Swift.min(lowest, c)
            highest = Swift.max(highest, c)
            k += 1
        }
        return (lowest, highest)
    }
}
