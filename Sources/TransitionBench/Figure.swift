/// One measured figure: printed as a JSON line, then summarised for people.
struct Figure {
    var name: String
    var value: Double
    var unit: String
    /// The same workload measured for a baseline in the same run, when one exists.
    var baselineName: String? = nil
    var baselineValue: Double? = nil

    /// How many times better than the baseline; for "per" units lower is better.
    var ratio: Double? {
        guard let b = baselineValue, b > 0, value > 0 else { return nil }
        return lowerIsBetter ? b / value : value / b
    }

    var lowerIsBetter: Bool {
        unit.hasPrefix("ns") || unit.hasPrefix("ms") || unit == "s" || unit.hasPrefix("bytes")
    }

    var jsonLine: String {
        var s = "{\"figure\":\"\(name)\",\"value\":\(format(value)),\"unit\":\"\(unit)\""
        if let bn = baselineName, let bv = baselineValue {
            s += ",\"baseline\":\"\(bn)\",\"baselineValue\":\(format(bv))"
        }
        if let r = ratio { s += ",\"ratio\":\(format(r))" }
        return s + "}"
    }

    var summaryLine: String {
        var s = "\(name): \(format(value)) \(unit)"
        if let bn = baselineName, let bv = baselineValue, let r = ratio {
            s += "  (\(bn): \(format(bv)) \(unit); \(format(r))x)"
        }
        return s
    }
}

func format(_ v: Double) -> String {
    if v.isNaN || v.isInfinite { return "null" }
    if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
    let scaled = (v * 1000).rounded() / 1000
    return "\(scaled)"
}
