/// Frames supplied by the client, one per item in element order across sections (a
/// design tool's own layout). The content size is given or the bounding box of the
/// frames from the origin.
public struct ExplicitLayout: Sendable {
    public var frames: [Rect]
    public var contentSize: Size?

    public init(frames: [Rect], contentSize: Size? = nil) {
        self.frames = frames
        self.contentSize = contentSize
    }

    /// Builds the frames from `[x, y, width, height]` arrays, checking each.
    public init(frameArrays: [[Double]], contentSize: Size? = nil, field: String = "layout")
        throws(ValidationError)
    {
        var frames: [Rect] = []
        frames.reserveCapacity(frameArrays.count)
        for (i, a) in frameArrays.enumerated() {
            func here() -> String { "\(field).frames[\(i)]" }
            guard a.count == 4 else {
                throw ValidationError(
                    field: here(), message: "expected [x, y, width, height], got \(a.count) numbers"
                )
            }
            try ValidationError.checkFinite(a[0], field: here() + "[0]")
            try ValidationError.checkFinite(a[1], field: here() + "[1]")
            try ValidationError.checkNonNegative(a[2], field: here() + "[2]")
            try ValidationError.checkNonNegative(a[3], field: here() + "[3]")
            frames.append(Rect(x: a[0], y: a[1], width: a[2], height: a[3]))
        }
        self.init(frames: frames, contentSize: contentSize)
    }

    public func validate(itemCount: Int, field: String = "layout") throws(ValidationError) {
        guard frames.count == itemCount else {
            throw ValidationError(
                field: field + ".frames",
                message: "expected \(itemCount) frames (one per item), got \(frames.count)")
        }
        for (i, f) in frames.enumerated() {
            func here() -> String { "\(field).frames[\(i)]" }
            try ValidationError.checkFinite(f.minX, field: here() + "[0]")
            try ValidationError.checkFinite(f.minY, field: here() + "[1]")
            try ValidationError.checkNonNegative(f.size.width, field: here() + "[2]")
            try ValidationError.checkNonNegative(f.size.height, field: here() + "[3]")
        }
        if let size = contentSize {
            try ValidationError.checkSize(size, field: field + ".contentSize")
        }
    }

    /// Indexes the frames for rect queries.
    /// - Complexity: O(n log n) time, O(n) space.
    /// - Parameter supplementary: the supplementary elements, kinds interned and styles
    ///   applied (any order; no two with one key).
    public func prepare(
        model: ItemModel, stateName: String = "explicit", values: [CustomValue] = [],
        supplementary: [LayoutAttributes] = []
    ) -> PreparedExplicitLayout {
        PreparedExplicitLayout(
            frames: frames, contentSize: contentSize, model: model, stateName: stateName,
            values: values, supplementary: supplementary)
    }
}
