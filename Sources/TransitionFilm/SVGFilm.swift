/// A filmstrip as SVG: the frames side by side, each the viewport (a rectangle) with
/// the elements inside it drawn as labelled rectangles, the progress written under it.
///
/// Structure, for programs that read it back: each frame is a `<g class="frame">`
/// (with `data-progress`) holding a nested `<svg>` whose `viewBox` is the visible rect
/// in content coordinates, so every element's `<rect class="item">` carries its frame
/// exactly as sent (`x`, `y`, `width`, `height` in points); then the
/// `<rect class="viewport">` outline; then the caption. A frame holds no other `rect`.
public struct SVGFilm {
    public var title: String
    public var frames: [FilmFrame]
    /// Pixels per point.
    public var scale: Double

    public init(title: String, frames: [FilmFrame], scale: Double) {
        self.title = title
        self.frames = frames
        self.scale = scale
    }

    static let gap = 24.0
    static let margin = 16.0
    static let titleHeight = 30.0
    static let captionHeight = 30.0

    public var text: String {
        let widths = frames.map { $0.viewportWidth * scale }
        let tallest = frames.map { $0.viewportHeight * scale }.max() ?? 0
        let width =
            2 * SVGFilm.margin + widths.reduce(0, +) + SVGFilm.gap
            * Double(Swift.max(0, frames.count - 1))
        let height = 2 * SVGFilm.margin + SVGFilm.titleHeight + tallest + SVGFilm.captionHeight
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif">
            <title>\(escape(title))</title>
            <rect class="background" x="0" y="0" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>
            <text class="title" x="\(n(SVGFilm.margin))" y="\(n(SVGFilm.margin + 18))" font-size="16" fill="#222222">\(escape(title))</text>

            """
        var x = SVGFilm.margin
        let top = SVGFilm.margin + SVGFilm.titleHeight
        for (i, frame) in frames.enumerated() {
            out += frameText(frame, index: i, x: x, y: top)
            x += widths[i] + SVGFilm.gap
        }
        out += "</svg>\n"
        return out
    }

    private func frameText(_ f: FilmFrame, index: Int, x: Double, y: Double) -> String {
        let w = f.viewportWidth * scale
        let h = f.viewportHeight * scale
        var out = """
            <g class="frame" id="frame-\(index)" data-progress="\(n(f.progress))" data-fraction="\(n(f.fraction))" \
            transform="translate(\(n(x)) \(n(y)))">
            <svg x="0" y="0" width="\(n(w))" height="\(n(h))" \
            viewBox="\(n(f.offsetX)) \(n(f.offsetY)) \(n(f.viewportWidth)) \(n(f.viewportHeight))" overflow="hidden">

            """
        for b in f.boxes {
            out += itemText(b)
        }
        for outline in f.outlines {
            out += outlineText(outline)
        }
        out += """
            </svg>
            <rect class="viewport" x="0" y="0" width="\(n(w))" height="\(n(h))" fill="none" stroke="#333333" stroke-width="1.5"/>
            <text class="caption" x="\(n(w / 2))" y="\(n(h + 20))" font-size="13" text-anchor="middle" fill="#222222">\(escape(f.caption ?? "progress " + Format.fixed(f.progress, 2)))</text>
            </g>

            """
        return out
    }

    private func itemText(_ b: ElementBox) -> String {
        var attributes = ""
        if b.hidden { attributes += " visibility=\"hidden\"" }
        if b.alpha < 1 { attributes += " opacity=\"\(n(Swift.max(0, b.alpha)))\"" }
        if let t = b.transform, t.count == 6 {
            let cx = b.x + b.width / 2
            let cy = b.y + b.height / 2
            attributes +=
                " transform=\"translate(\(n(cx)) \(n(cy))) matrix(\(t.map(n).joined(separator: " "))) "
                + "translate(\(n(-cx)) \(n(-cy)))\""
        }
        let fontSize = Swift.max(4, Swift.min(28, b.height * 0.45, b.width * 0.45))
        return """
            <g class="element" data-kind="\(b.kind)" data-section="\(b.section)" data-item="\(b.item)"\(attributes)>\
            <rect class="item" x="\(n(b.x))" y="\(n(b.y))" width="\(n(b.width))" height="\(n(b.height))" \
            rx="\(n(Swift.min(6, b.width / 8, b.height / 8)))" fill="\(ItemColor.fill(for: b))" stroke="\(ItemColor.stroke(for: b))" \
            stroke-width="\(n(1.5 / scale))"/>\
            <text x="\(n(b.x + b.width / 2))" y="\(n(b.y + b.height / 2))" font-size="\(n(fontSize))" \
            text-anchor="middle" dominant-baseline="central" fill="#222222">\(escape(b.label))</text></g>

            """
    }

    /// A recorded frame: a dashed outline, red when the element is out of bounds.
    private func outlineText(_ outline: ExpectedOutline) -> String {
        let b = outline.box
        let colour = outline.differs ? "#d0021b" : "#9b9b9b"
        let width = (outline.differs ? 3 : 1) / scale
        return """
            <rect class="expected" data-kind="\(b.kind)" data-section="\(b.section)" data-item="\(b.item)" \
            data-differs="\(outline.differs)" x="\(n(b.x))" y="\(n(b.y))" width="\(n(b.width))" \
            height="\(n(b.height))" fill="none" stroke="\(colour)" stroke-width="\(n(width))" \
            stroke-dasharray="\(n(4 / scale)) \(n(3 / scale))"/>

            """
    }

    /// A number for SVG: up to 4 decimals, no exponent.
    private func n(_ v: Double) -> String { Format.short(v, 4) }

    private func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
