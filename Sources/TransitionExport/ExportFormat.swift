import TransitionEngine

/// The formats a transition can be written in.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A stylesheet with one `@keyframes` per element, for the DOM contract.
    case css
    /// A JSON list of `{selector, keyframes, options}` for `element.animate`.
    case waapi
    /// One self-contained page: the DOM, the stylesheet and a replay button.
    case html
    /// One self-contained SVG animated with SMIL.
    case svg
    /// Bodymovin (Lottie) JSON 5.x, one shape layer per element.
    case lottie

    public var mimeType: String {
        switch self {
        case .css: return "text/css"
        case .waapi, .lottie: return "application/json"
        case .html: return "text/html"
        case .svg: return "image/svg+xml"
        }
    }

    /// Whether the format carries a reduced-motion version beside the full one (`css` and
    /// `html` in an `@media` block, `lottie` under a marker).
    public var carriesReducedMotion: Bool { self == .css || self == .html || self == .lottie }

    /// Whether a protocol reply carries `content` as a JSON value rather than a string.
    public var contentIsJSONValue: Bool { self == .waapi }
}
