/// The visible area a layout is computed for: the collection view's bounds size and its
/// content inset.
public struct Viewport: Hashable, Sendable {
    public var size: Size
    public var contentInset: EdgeInsets

    public init(size: Size, contentInset: EdgeInsets = .zero) {
        self.size = size
        self.contentInset = contentInset
    }

    public init(width: Double, height: Double, contentInset: EdgeInsets = .zero) {
        self.init(size: Size(width: width, height: height), contentInset: contentInset)
    }

    /// The extent content may use across `axis`: the size less the content inset.
    public func usableExtent(_ axis: Axis) -> Double {
        size[axis] - contentInset.total(axis)
    }

    /// Checks that the size is positive and finite and the inset finite.
    public func validate(
        field: String = "viewport", insetField: String = "contentInset"
    ) throws(ValidationError) {
        try ValidationError.checkPositive(size.width, field: field + ".width")
        try ValidationError.checkPositive(size.height, field: field + ".height")
        try ValidationError.checkInsets(contentInset, field: insetField)
    }
}
