/// One measured figure: printed as a JSON line, then summarised for people.
struct Figure {
    var name: String
    var value: Double
    var unit: String
    /// The same workload measured for a baseline in the same run, when one exists.
    var baselineName: String? = nil
    var baselineValue: Double? = nil
    /// Every peer measured with the same client and workload in the same run (the
    /// baseline is one of them), or why a peer could not run.
    var peers: [Peer] = []
    /// What was measured, when the name alone does not say (sizes, settings).
    var note: String? = nil
    /// The goal this figure is held to, and whether this run met it.
    var target: Target? = nil
    /// The repeated measurements the value was taken from, when they say something.
    var samples: [Double] = []

    /// A peer's value for the same workload, or the reason it is missing.
    struct Peer {
        var name: String
        var value: Double?
        var missing: String? = nil
    }

    /// A goal: a sentence for people and whether the figure meets it.
    struct Target {
        var goal: String
        var met: Bool
    }

    /// How many times better than the baseline; for "per" units lower is better.
    var ratio: Double? {
        guard let b = baselineValue else { return nil }
        return ratio(to: b)
    }

    /// How many times better than `other`, a value in the same unit.
    func ratio(to other: Double) -> Double? {
        guard other > 0, value > 0 else { return nil }
        return lowerIsBetter ? other / value : value / other
    }

    var lowerIsBetter: Bool {
        unit.hasPrefix("ns") || unit.hasPrefix("us") || unit.hasPrefix("ms") || unit == "s"
            || unit.hasPrefix("bytes") || unit == "cores"
    }

    var jsonLine: String {
        var s = "{\"figure\":\"\(name)\",\"value\":\(format(value)),\"unit\":\"\(unit)\""
        if let bn = baselineName, let bv = baselineValue {
            s += ",\"baseline\":\(jsonString(bn)),\"baselineValue\":\(format(bv))"
        }
        if let r = ratio { s += ",\"ratio\":\(format(r))" }
        if !peers.isEmpty {
            let items = peers.map { peer -> String in
                var p = "{\"name\":\(jsonString(peer.name))"
                if let v = peer.value {
                    p += ",\"value\":\(format(v))"
                    if let r = ratio(to: v) { p += ",\"ratio\":\(format(r))" }
                }
                if let m = peer.missing { p += ",\"missing\":\(jsonString(m))" }
                return p + "}"
            }
            s += ",\"peers\":[\(items.joined(separator: ","))]"
        }
        if !samples.isEmpty { s += ",\"samples\":[\(samples.map(format).joined(separator: ","))]" }
        if let note { s += ",\"note\":\(jsonString(note))" }
        if let target { s += ",\"target\":\(jsonString(target.goal)),\"met\":\(target.met)" }
        return s + "}"
    }

    var summaryLine: String {
        var s = "\(name): \(format(value)) \(unit)"
        if !peers.isEmpty {
            let items = peers.map { peer -> String in
                if let v = peer.value {
                    let r = ratio(to: v).map { "; \(format($0))x" } ?? ""
                    return "\(peer.name): \(format(v)) \(unit)\(r)"
                }
                return "\(peer.name): missing (\(peer.missing ?? "did not run"))"
            }
            s += "  (" + items.joined(separator: "; ") + ")"
        } else if let bn = baselineName, let bv = baselineValue, let r = ratio {
            s += "  (\(bn): \(format(bv)) \(unit); \(format(r))x)"
        }
        return s
    }
}

extension Figure {
    /// A figure measured for transitiond and for peers with the same workload; the
    /// first peer that ran is the baseline.
    init(name: String, value: Double, unit: String, peers: [Peer], note: String? = nil) {
        self.init(name: name, value: value, unit: unit, note: note)
        self.peers = peers
        if let first = peers.first(where: { $0.value != nil }) {
            baselineName = first.name
            baselineValue = first.value
        }
    }

    /// The value of the named peer, when it ran.
    func peerValue(_ name: String) -> Double? {
        peers.first(where: { $0.name == name })?.value
    }
}

func format(_ v: Double) -> String {
    if v.isNaN || v.isInfinite { return "null" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    let scaled = (v * 1000).rounded() / 1000
    return "\(scaled)"
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    var s = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": s += "\\\""
        case "\\": s += "\\\\"
        case "\n": s += "\\n"
        case "\r": s += "\\r"
        case "\t": s += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                s += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                s.unicodeScalars.append(scalar)
            }
        }
    }
    return s + "\""
}
