/// What happens to an element's content while its size animates.
public enum ContentResize: String, Hashable, Sendable, CaseIterable {
    /// The content is laid out at the current frame: no `contentScale`.
    case remeasure
    /// Each side's content keeps its own size, scaled to the current frame.
    case scale
}
