import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionExport

/// What each format writes: the DOM contract's selectors, exact curves where the format
/// has them, valid JSON where JSON is promised.
struct ExportFormatTests {
    static func plan(
        _ timing: TransitionTiming, model: ItemModel? = nil, options: TransitionOptions = .init()
    ) throws
        -> MotionPlan
    {
        let scene = try Scene(
            spec: LayoutSpec(.list(ListLayout(rowHeight: 44, headerHeight: 30))),
            model: ItemModel(count: 6), viewport: Viewport(width: 300, height: 400))
        return try MotionPlan(
            scene: scene, to: LayoutSpec(.grid(GridLayout(columns: 2, headerHeight: 30))),
            model: model,
            options: options, timing: timing)
    }

    @Test func numbersAreShortDecimals() {
        #expect(NumberText.format(12.5) == "12.5")
        #expect(NumberText.format(-0.0625) == "-0.0625")
        #expect(NumberText.format(3) == "3")
        #expect(NumberText.format(0.00004) == "0")
        #expect(NumberText.format(-0.00006) == "-0.0001")
        #expect(NumberText.format(1.23456789, places: 6) == "1.234568")
        #expect(NumberText.format(100, places: 2) == "100")
        #expect(NumberText.format(0.5, places: 0) == "1")
    }

    @Test func cssHasTheDOMContractAndTheExactCurve() throws {
        let plan = try Self.plan(
            TransitionTiming(duration: 0.4, curve: TimingCurve(named: "ease")!))
        let css = Exporter.export(plan, as: .css)
        #expect(css.mimeType == "text/css")
        #expect(css.elementCount == 7)
        #expect(css.duration == 0.4)
        #expect(
            css.content.contains(
                ".transitiond-viewport {\n  position: relative;\n  overflow: hidden;\n  width: 300px;\n  height: 400px;"
            ))
        #expect(css.content.contains("[data-section=\"0\"][data-item=\"5\"] {"))
        #expect(css.content.contains("[data-kind=\"header\"][data-section=\"0\"] {"))
        #expect(css.content.contains("cubic-bezier(0.25, 0.1, 0.25, 1) 0s both;"))
        #expect(!css.content.contains("linear("))
    }

    @Test func springsBecomeLinearStops() throws {
        let spring = TimingCurve.spring(
            Spring(response: 0.4, dampingFraction: 0.6), initialVelocity: 0)
        let plan = try Self.plan(TransitionTiming(curve: spring))
        let css = Exporter.export(plan, as: .css).content
        let easing = StyleProperties.easing(plan.tracks[0])
        #expect(easing.hasPrefix("linear(0 0%, "))
        #expect(easing.hasSuffix(", 1 100%)"))
        #expect(css.contains(easing))
    }

    @Test func waapiAndLottieAreJSON() throws {
        let plan = try Self.plan(
            TransitionTiming(duration: 0.3, curve: .easing(.bounceEaseOut)),
            model: ItemModel(count: 8),
            options: TransitionOptions(appear: .scale, stagger: Stagger(delay: 0.02)))
        let waapi = try JSONValue(parsing: Exporter.export(plan, as: .waapi).content)
        guard case .array(let entries) = waapi else {
            Issue.record("waapi is not a list")
            return
        }
        #expect(entries.count == plan.elements.count + 2)
        guard case .object(let first) = entries[2], case .object(let options)? = first["options"],
            case .array(let frames)? = first["keyframes"]
        else {
            Issue.record("entry shape")
            return
        }
        #expect(first["selector"] == .string("[data-kind=\"header\"][data-section=\"0\"]"))
        #expect(frames.count == 2)
        #expect(options["fill"] == .string("both"))
        let lottie = try JSONValue(parsing: Exporter.export(plan, as: .lottie).content)
        guard case .object(let root) = lottie, case .array(let layers)? = root["layers"] else {
            Issue.record("lottie shape")
            return
        }
        #expect(layers.count == plan.elements.count + 1)
        #expect(root["fr"] == .integer(60))
        #expect(root["v"] == .string("5.7.4"))
    }

    @Test func svgAndHTMLAreSelfContained() throws {
        let plan = try Self.plan(
            TransitionTiming(duration: 0.3, curve: TimingCurve(named: "ease-in-out")!))
        let svg = Exporter.export(plan, as: .svg).content
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("calcMode=\"spline\" keySplines=\"0.42 0 0.58 1\""))
        #expect(
            svg.split(separator: "<rect fill=", omittingEmptySubsequences: false).count - 1
                == plan.elements.count)
        let html = Exporter.export(plan, as: .html).content
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(
            html.contains("<div data-kind=\"cell\" data-section=\"0\" data-item=\"3\">0.3</div>"))
        #expect(html.contains("id=\"transitiond-replay\""))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
    }

    @Test func supplementaryKindsAreNamedAndSelectedApartFromCells() throws {
        var list = LayoutSpec(.list(ListLayout(rowHeight: 44)))
        list.attached = [
            AttachedSupplementary(
                kind: "badge", container: .item, size: Size(width: 16, height: 16),
                anchor: Point(x: 1, y: 0))
        ]
        var grid = LayoutSpec(.grid(GridLayout(columns: 2)))
        grid.attached = [AttachedSupplementary(kind: "ui.band", container: .section)]
        let scene = try Scene(
            spec: list, model: ItemModel(count: 2), viewport: Viewport(width: 300, height: 400))
        let plan = try MotionPlan(scene: scene, to: grid, timing: TransitionTiming(duration: 0.3))
        #expect(
            Set(plan.elements.map(\.name)) == [
                "cell-0-0", "cell-0-1", "badge-0-0-disappear", "badge-0-1-disappear",
                "ui.band-0-0-appear",
            ])
        let css = Exporter.export(plan, as: .css).content
        #expect(
            css.contains(
                "[data-section=\"0\"][data-item=\"1\"]:not([data-kind=\"badge\"]):not([data-kind=\"ui.band\"]) {"
            ))
        #expect(
            css.contains(
                "[data-kind=\"badge\"][data-section=\"0\"][data-item=\"1\"][data-presence=\"disappear\"] {"
            ))
        let html = Exporter.export(plan, as: .html).content
        #expect(
            html.contains(
                "<div data-kind=\"ui.band\" data-section=\"0\" data-item=\"0\" data-presence=\"appear\">ui.band 0.0</div>"
            ))
        let svg = Exporter.export(plan, as: .svg).content
        #expect(
            svg.contains(
                "<g data-kind=\"badge\" data-section=\"0\" data-item=\"0\" data-presence=\"disappear\""
            ))
        #expect(
            Exporter.export(plan, as: .lottie).content.contains("\"nm\":\"badge-0-1-disappear\""))
    }

    @Test func customValuesAreCarried() throws {
        let red = try #require(Color(hex: "#ff0000"))
        let blue = try #require(Color(hex: "#0000ff"))
        let scene = try Scene(
            spec: LayoutSpec(
                .list(ListLayout(rowHeight: 44)),
                values: [
                    CustomValue(name: "background", value: .color(red)),
                    CustomValue(name: "label offset", value: .number(4)),
                ]),
            model: ItemModel(count: 3), viewport: Viewport(width: 300, height: 400))
        let plan = try MotionPlan(
            scene: scene,
            to: LayoutSpec(
                .grid(GridLayout(columns: 2)),
                values: [
                    CustomValue(name: "background", value: .color(blue)),
                    CustomValue(name: "label offset", value: .number(8)),
                ]),
            timing: TransitionTiming(duration: 0.3))
        let css = Exporter.export(plan, as: .css).content
        #expect(css.contains("@property --label-offset {\n  syntax: '<number>';"))
        #expect(css.contains("@property --background {\n  syntax: '<color>';"))
        #expect(
            css.contains(
                "from { width: 300px; height: 44px; background-color: #ff0000ff; --background: #ff0000ff; --label-offset: 4; }"
            ))
        #expect(
            css.contains(
                "to { width: 150px; height: 150px; background-color: #0000ffff; --background: #0000ffff; --label-offset: 8; }"
            ))
        let lottie = Exporter.export(plan, as: .lottie).content
        #expect(lottie.contains("\"c\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[1,0,0,1]"))
    }
}
