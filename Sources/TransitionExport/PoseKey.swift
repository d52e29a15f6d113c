import TransitionEngine

/// One key of an element that keyframes or an arc shape: its pose at `input`, a share
/// of its track's span (0 at the start, 1 at the end). Between keys every property is
/// interpolated linearly in time.
public struct PoseKey: Hashable, Sendable {
    public var input: Double
    public var pose: ElementPose
}
