/// Options of one transition, besides its destination and timing.
public struct TransitionOptions: Hashable, Sendable {
    public var contentOffset: ContentOffsetTarget
    public var appear: AppearEffect
    public var disappear: AppearEffect
    public var stagger: Stagger?
    public var colorSpace: ColorSpace
    /// The element progress at which values that cannot be blended (booleans, strings,
    /// a number paired with a colour) take the destination's: 0...1, default 0.5.
    public var discreteSwitch: Double
    /// Stops that properties pass through in each element's progress.
    public var keyframes: [Keyframe]
    /// The path element centres travel.
    public var path: MotionPath
    /// Reduced motion: elements that move or change size fade out in place over the
    /// first half of their progress and in at their destination over the second half;
    /// keyframes and the path are ignored (`Transition+Interpolation`).
    public var reducedMotion: Bool
    /// Seconds a reduced transition lasts (positive): `TransitionTiming.reduce(to:)`.
    public var reducedDuration: Double
    /// How each matched element's source and destination content fade (`contentAlpha`).
    public var contentFade: ContentFade = .none
    /// How each matched element's content follows its size (`contentScale`).
    public var contentResize: ContentResize = .remeasure

    public static let defaultDiscreteSwitch = 0.5
    public static let defaultReducedDuration = 0.2

    /// Whether matched elements carry content layers (`contentAlpha`, `contentScale`).
    public var hasContentLayers: Bool { contentFade != .none || contentResize == .scale }

    public init(
        contentOffset: ContentOffsetTarget = .automatic, appear: AppearEffect = .fade,
        disappear: AppearEffect = .fade, stagger: Stagger? = nil, colorSpace: ColorSpace = .srgb,
        discreteSwitch: Double = TransitionOptions.defaultDiscreteSwitch,
        keyframes: [Keyframe] = [], path: MotionPath = .straight, reducedMotion: Bool = false,
        reducedDuration: Double = TransitionOptions.defaultReducedDuration
    ) {
        self.reducedMotion = reducedMotion
        self.reducedDuration = reducedDuration
        self.keyframes = keyframes
        self.path = path
        self.discreteSwitch = discreteSwitch
        self.contentOffset = contentOffset
        self.appear = appear
        self.disappear = disappear
        self.stagger = stagger
        self.colorSpace = colorSpace
    }
}
