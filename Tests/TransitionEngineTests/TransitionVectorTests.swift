import Testing

@testable import TransitionEngine

/// The transition vectors of `docs/semantics.md` §6.
@Suite struct TransitionVectorTests {
    static let viewport = Viewport(width: 375, height: 667)
    static let model = ItemModel(count: 100)
    static let list = LayoutSpec.flow(LayoutVectorTests.classmethodList)
    static let grid = LayoutSpec.flow(LayoutVectorTests.classmethodGrid)

    static func placed(_ spec: LayoutSpec, offset: Point = .zero, viewport: Viewport = viewport)
        throws -> PlacedLayout
    {
        PlacedLayout(
            layout: try spec.prepare(viewport: viewport, model: model), spec: spec,
            viewport: viewport, contentOffset: offset)
    }

    @Test func item3ListToGridLinear() throws {
        let t = try Transition(from: Self.placed(Self.list), to: Self.placed(Self.grid))
        let expected: [(Double, Rect)] = [
            (0.25, Rect(x: 48.125, y: 181.875, width: 324.375, height: 88.125)),
            (0.5, Rect(x: 96.25, y: 183.75, width: 273.75, height: 116.25)),
            (0.75, Rect(x: 144.375, y: 185.625, width: 223.125, height: 144.375)),
        ]
        for (p, frame) in expected {
            let a = try #require(t.attributes(of: .cell(0, 3), inSource: true, at: p))
            #expect(approx(a.frame, frame), "p = \(p): \(a.frame)")
            #expect(a.transitionProgress == p)
            #expect(a.nextFrame == Rect(x: 192.5, y: 187.5, width: 172.5, height: 172.5))
            #expect(a.layoutState == "flow")
        }
    }

    func offset(
        _ placement: Placement, _ items: [IndexPath], listOffset: Double = 0,
        inset: EdgeInsets = .zero
    ) throws -> Point {
        var vp = Self.viewport
        vp.contentInset = inset
        let from = try Self.placed(Self.list, offset: Point(x: 0, y: listOffset))
        // The destination's frames are the inset-free grid; only the clamp sees the inset.
        var to = try Self.placed(Self.grid)
        to.viewport = vp
        let t = try Transition(
            from: from, to: to,
            options: TransitionOptions(contentOffset: .placement(placement, items: items)))
        return t.to.contentOffset
    }

    @Test func placementVectors() throws {
        let item20 = [IndexPath(0, 20)]
        #expect(try offset(.center, item20) == Point(x: 0, y: 1537.75))
        #expect(
            try offset(.center, item20, inset: EdgeInsets(all: 10)) == Point(x: -10, y: 1537.75))
        #expect(try offset(.center, [IndexPath(0, 0)]) == Point(x: 0, y: 0))
        #expect(try offset(.center, [IndexPath(0, 98), IndexPath(0, 99)]) == Point(x: 0, y: 8223))
        #expect(try offset(.top, item20) == Point(x: 0, y: 1785))
        #expect(try offset(.bottom, item20) == Point(x: 0, y: 1290.5))
        #expect(try offset(.left, item20) == Point(x: 0, y: 1537.75))
        #expect(try offset(.right, item20) == Point(x: 0, y: 1537.75))
        #expect(try offset(.minimal, item20, listOffset: 1000) == Point(x: 0, y: 1641.25))
        #expect(try offset(.visible, item20, listOffset: 1000) == Point(x: 0, y: 1641.25))
        #expect(try offset(.visible, item20, listOffset: 0) == Point(x: 0, y: 1290.5))
        #expect(try offset(.visible, item20, listOffset: 1200) == Point(x: 0, y: 1785))
    }

    @Test func placementOfMissingItemIsAnError() throws {
        #expect(
            throws: ValidationError(
                field: "contentOffset.items[1]", message: "no item at [0, 100] in the destination")
        ) {
            _ = try self.offset(.center, [IndexPath(0, 1), IndexPath(0, 100)])
        }
    }

    @Test func displaySwitcherOffsets() throws {
        let list = DisplaySwitchLayout(mode: .list, staticCellHeight: 80)
        let grid = DisplaySwitchLayout(mode: .grid, staticCellHeight: 165)
        let toGrid: [(Double, Double)] = [(860, 501), (1000, 666), (86, 6), (0, 0)]
        for (before, after) in toGrid {
            #expect(
                displaySwitchTargetOffset(previous: Point(x: 0, y: before), from: list, to: grid)
                    == Point(x: 0, y: after))
        }
        let toList: [(Double, Double)] = [(513, 768), (1000, 1491), (171, 260), (0, 0)]
        for (before, after) in toList {
            #expect(
                displaySwitchTargetOffset(previous: Point(x: 0, y: before), from: grid, to: list)
                    == Point(x: 0, y: after))
        }
        // Through a transition, too.
        let from = try Self.placed(.displaySwitch(list), offset: Point(x: 0, y: 860))
        let t = try Transition(
            from: from, to: Self.placed(.displaySwitch(grid)),
            options: TransitionOptions(contentOffset: .displaySwitch))
        #expect(t.to.contentOffset == Point(x: 0, y: 501))
        #expect(throws: ValidationError.self) {
            _ = try Transition(
                from: Self.placed(Self.list), to: Self.placed(Self.grid),
                options: TransitionOptions(contentOffset: .displaySwitch))
        }
    }

    @Test func timedDrive() throws {
        let t = try Transition(
            from: Self.placed(Self.list), to: Self.placed(Self.grid),
            options: TransitionOptions(
                contentOffset: .placement(.center, items: [IndexPath(0, 20)])))
        var animator = Animator(animatedWith: .easing(.quarticEaseInOut), duration: 0.75, at: 10)
        let a = animator.advance(to: 10.3)
        #expect(approx(a.sample.fraction, 0.4) && approx(a.sample.progress, 0.2048))
        #expect(approx(t.contentOffset(at: a.sample.progress).y, 314.9312))
        #expect(a.end == nil)
        let b = animator.advance(to: 10.6)
        #expect(approx(b.sample.fraction, 0.8) && approx(b.sample.progress, 0.9872))
        #expect(approx(t.contentOffset(at: b.sample.progress).y, 1518.0668))
        let c = animator.advance(to: 10.75)
        #expect(c.sample.progress == 1 && c.end == TransitionEnd(reason: .finished, progress: 1))
        #expect(c.end?.completed == true && c.end?.finished == true)
    }

    @Test func automaticOffsetKeepsTheMiddleCellInPlace() throws {
        // List offset 1000: the middle of the screen is y = 1333.5, in item 22 (1320..1380).
        let from = try Self.placed(Self.list, offset: Point(x: 0, y: 1000))
        let t = try Transition(from: from, to: Self.placed(Self.grid))
        let before = try #require(t.from.layout.attributes(at: IndexPath(0, 22))).frame
        let after = try #require(t.to.layout.attributes(at: IndexPath(0, 22))).frame
        #expect(approx(before.midY - 1000, after.midY - t.to.contentOffset.y))
    }
}
