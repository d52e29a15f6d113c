import Testing
import TransitionEngine

@testable import TransitionExport

/// Reduced motion in the exports: the reduced plan follows the engine (every element at
/// one of its ends, faded), CSS carries it in an `@media` block and Lottie as a marked
/// segment.
struct ReducedExportTests {
    static let reduced = TransitionOptions(reducedMotion: true)

    @Test func theReducedPlanFollowsTheEngineUnderEveryCurve() throws {
        let scene = try Scene(
            spec: ExportFidelityTests.list, model: ItemModel(count: 30),
            viewport: ExportFidelityTests.viewport, contentOffset: Point(x: 0, y: 300))
        for (curve, stagger) in [
            (TimingCurve.easing(.cubicEaseInOut), nil), (.easing(.linear), Stagger(delay: 0.02)),
            (ExportFidelityTests.springy, nil),
        ] {
            var options = Self.reduced
            options.stagger = stagger
            let r = try ExportFidelityTests.deviation(
                scene: scene, to: ExportFidelityTests.grid, options: options,
                timing: TransitionTiming(duration: 0.6, curve: curve))
            #expect(r.distance <= 0.25, "\(curve): \(r.distance)")
            #expect(r.alpha <= 0.25 / ElementMotion.pointsPerUnit, "\(curve)")
            #expect(r.offset == 0, "\(curve)")
            #expect(r.shownMismatches == 0, "\(curve)")
            // Each moving element's keys are at its two ends: never a frame in between.
            for e in r.plan.elements where e.isKeyed {
                for key in e.keys {
                    #expect(key.pose.frame == e.from.frame || key.pose.frame == e.to.frame)
                }
            }
        }
    }

    @Test func cssCarriesTheReducedVersionInAMediaBlock() throws {
        let timing = TransitionTiming(duration: 0.4, curve: .easing(.linear))
        let full = try ExportFormatTests.plan(timing)
        let reduced = try ExportFormatTests.plan(timing, options: Self.reduced)
        #expect(reduced.duration == TransitionOptions.defaultReducedDuration)
        let css = CSSWriter.write(full, reduced: reduced)
        let media = try #require(css.firstRange(of: "@media (prefers-reduced-motion: reduce) {\n"))
        #expect(css[..<media.lowerBound] == Substring(CSSWriter.write(full)))
        let block = css[media.upperBound...]
        #expect(block.contains("@keyframes transitiond-reduced-1 {\n  0% {"))
        // The switch: two keys written apart, at opacity 0.
        #expect(block.contains("  50% {") && block.contains("  50.00001% {"))
        #expect(!block.contains("@keyframes transitiond-1 "))
        #expect(css.hasSuffix("}\n}\n"))
    }

    @Test func lottieMarksTheReducedSegment() throws {
        let timing = TransitionTiming(duration: 0.4, curve: .easing(.linear))
        let full = try ExportFormatTests.plan(timing)
        let reduced = try ExportFormatTests.plan(timing, options: Self.reduced)
        let lottie = LottieWriter.write(full, reduced: reduced)
        // 0.4 s at 60 fps is frames 0...24 (25), then 0.2 s (13) from frame 25.
        #expect(lottie.contains(#""op":38,"#))
        #expect(lottie.contains(#""markers":[{"tm":25,"cm":"reduced motion","dr":13}]"#))
        #expect(lottie.contains(#""ind":1,"ty":3,"nm":"transitiond-content""#))
        #expect(lottie.contains(#""st":25,"#))
        #expect(!LottieWriter.write(full).contains("markers"))
    }
}
