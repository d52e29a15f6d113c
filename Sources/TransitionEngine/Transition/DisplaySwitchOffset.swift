/// DisplaySwitcher's content offset after a list/grid switch (`Transition/README.md`,
/// "Content offset").
///
/// - Parameters:
///   - previous: the offset before the switch.
///   - from: the source layout (its staticCellHeight is `Snext`).
///   - to: the destination layout (its staticCellHeight is `S`, its columns `N`).
/// - Returns: the new offset; x is unchanged and, as in the original, nothing is clamped.
public func displaySwitchTargetOffset(
    previous: Point, from: DisplaySwitchLayout, to: DisplaySwitchLayout
) -> Point {
    guard previous.y != 0 else { return previous }
    let s = to.staticCellHeight
    let sNext = from.staticCellHeight
    let p = to.padding
    guard sNext > 0, s > 0 else { return previous }
    switch to.mode {
    case .list:
        return Point(x: previous.x, y: (previous.y + s * previous.y / sNext + p).rounded(.up))
    case .grid:
        let real = (previous.y / sNext * s / Double(to.columns) - p).rounded(.up)
        return Point(x: previous.x, y: (real / s).rounded(.down) * s + p)
    }
}
