import TransitionEngine

/// The `html` export: one self-contained page with the DOM contract, the `css` export
/// and a replay button; nothing is fetched.
enum HTMLWriter {
    static func write(_ plan: MotionPlan, reduced: MotionPlan? = nil) -> String {
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>transitiond export</title>
            <style>
            body { margin: 0; padding: 16px; font: 12px system-ui, sans-serif; background: #f4f4f6; }
            .transitiond-viewport { background: #ffffff; outline: 1px solid #c8c8d0; }
            .transitiond-content > * { border-radius: 4px; color: #1d1d24; text-indent: 4px; line-height: 18px; }
            #transitiond-replay { position: fixed; right: 16px; bottom: 16px; font: inherit; padding: 6px 12px; }

            """
        out += CSSWriter.write(plan, reduced: reduced)
        out +=
            "</style>\n</head>\n<body>\n<div class=\"transitiond-viewport\">\n<div class=\"transitiond-content\">\n"
        for e in plan.elements {
            var attributes =
                "data-kind=\"\(e.kindName)\" data-section=\"\(e.indexPath.section)\""
            var label = "\(e.indexPath.section)"
            if e.hasItem {
                attributes += " data-item=\"\(e.indexPath.item)\""
                label += ".\(e.indexPath.item)"
            }
            if !e.kind.isCell { label = "\(e.kindName) \(label)" }
            if e.presence != .both { attributes += " data-presence=\"\(e.presence.rawValue)\"" }
            let layers =
                e.contentFade != nil
                ? "<div data-content=\"from\"></div><div data-content=\"to\"></div>" : ""
            out += "<div \(attributes)>\(label)\(layers)</div>\n"
        }
        out += """
            </div>
            </div>
            <button id="transitiond-replay" type="button">Replay</button>
            <script>
            document.getElementById("transitiond-replay").addEventListener("click", () => {
              for (const a of document.getAnimations()) { a.cancel(); a.play(); }
            });
            </script>
            </body>
            </html>

            """
        return out
    }
}
