/// The known name a misspelt one most likely meant, for "did you mean `interactive`?".
///
/// Names are compared by their optimal string alignment distance (insertions, deletions,
/// substitutions and swaps of two neighbours each cost 1) over UTF-8 bytes, with ASCII
/// letters compared regardless of case, so `keepalive` finds `keepAlive` and `velcoity`
/// finds `velocity`. A name further than a third of its length (at least 1, at most 3)
/// from every known name has no suggestion.
///
/// - Complexity: O(n * m) per pair of names of n and m bytes.
package enum NearestName {
    /// The closest of `names` to `name` within the bound, the first of equals.
    package static func to(_ name: String, among names: [String]) -> String? {
        let bound = Swift.min(3, Swift.max(1, name.utf8.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in names where candidate != name {
            let d = distance(name, candidate)
            if d <= bound, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b`, ignoring ASCII case.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = a.utf8.map(folded)
        let y = b.utf8.map(folded)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Three rows of the table: two back (for swaps), the previous, the current.
        var older = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d = Swift.min(d, older[j - 2] + 1)
                }
                current[j] = d
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[y.count]
    }

    /// An ASCII capital as its lower case; every other byte as is.
    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
