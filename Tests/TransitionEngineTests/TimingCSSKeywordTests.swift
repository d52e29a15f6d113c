import Testing

@testable import TransitionEngine

/// The CSS timing keywords are the curves CSS Easing defines.
struct TimingCSSKeywordTests {
    @Test func keywordsAreTheCSSCurves() throws {
        #expect(TimingCurve(named: "ease") == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(TimingCurve(named: "ease-in") == .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingCurve(named: "ease-out") == .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingCurve(named: "ease-in-out") == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingCurve(named: "linear") == .easing(.linear))
        let start = try #require(TimingCurve(named: "step-start"))
        let end = try #require(TimingCurve(named: "step-end"))
        #expect(start.progress(atFraction: 0, duration: 1) == 1)
        #expect(end.progress(atFraction: 0.999, duration: 1) == 0)
        #expect(end.progress(atFraction: 1, duration: 1) == 1)
    }

    @Test func namesAreTheEasingsThenTheNewKeywords() {
        #expect(TimingCurve.names.count == 31 + 6)
        #expect(Set(TimingCurve.names).count == TimingCurve.names.count)
        #expect(TimingCurve.names.prefix(31) == Easing.allCases.map(\.rawValue)[...])
        #expect(TimingCurve(named: "quarticEaseInOut") == .easing(.quarticEaseInOut))
        #expect(TimingCurve(named: "Ease") == nil)
        #expect(TimingCurve(named: "ease-sideways") == nil)
    }
}
