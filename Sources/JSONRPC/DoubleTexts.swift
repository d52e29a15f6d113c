/// The texts of doubles written recently, kept from one document to the next: a stream
/// of ticks repeats many values from tick to tick (every destination frame, the sizes
/// of cells at rest), and a writer that starts cold converts each of them again. Lend
/// it to a writer with `JSONByteWriter.withDoubleTexts(_:_:)`.
///
/// Used by one thread at a time (a daemon's loop, a page's engine).
public final class DoubleTexts: @unchecked Sendable {
    let shortest = RecentDoubles()
    let fixed = RecentDoubles()
    /// The places `fixed` holds texts for (-1: none yet).
    var fixedDecimals = -1

    public init() {}

    deinit {
        shortest.deallocate()
        fixed.deallocate()
    }
}

extension JSONByteWriter {
    /// Runs `body` with `texts` as this writer's recent doubles: what it converts is
    /// remembered there for the next document, and what is there is copied, not
    /// converted. The writer's own recent texts come back afterwards.
    public mutating func withDoubleTexts(
        _ texts: DoubleTexts, _ body: (inout JSONByteWriter) -> Void
    ) {
        let own = (recentDoubles, recentFixed, fixedDecimals, conversions)
        recentDoubles = texts.shortest
        recentFixed = texts.fixed
        fixedDecimals = texts.fixedDecimals
        body(&self)
        texts.fixedDecimals = fixedDecimals
        (recentDoubles, recentFixed, fixedDecimals, conversions) = own
    }
}
