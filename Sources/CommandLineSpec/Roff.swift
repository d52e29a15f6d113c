/// Text made safe for roff (the man page source).
enum Roff {
    /// `text` with roff's special characters escaped: backslashes, hyphens (as minus
    /// signs, so options can be copied), and characters outside ASCII as named glyphs.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\u{2014}": out += "\\(em"
            case "\u{2013}": out += "\\(en"
            case "\u{00D7}": out += "\\(mu"
            case "\u{2192}": out += "\\(->"
            case "\u{2190}": out += "\\(<-"
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One text line: escaped, and kept from being read as a request.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
}
