import Testing

@testable import TransitionEngine

/// Supplementary elements of any kind: interned codes, explicit and attached elements,
/// matching by kind and index path, appear and disappear.
@Suite struct SupplementaryKindTests {
    static let viewport = Viewport(width: 200, height: 300)

    static func explicit(_ frames: [Rect], _ items: [SupplementaryItem]) -> LayoutSpec {
        var spec = LayoutSpec.explicit(frames)
        spec.supplementary = items
        return spec
    }

    static func badge(_ item: Int, _ frame: Rect, kind: String = "badge") -> SupplementaryItem {
        SupplementaryItem(kind: kind, indexPath: IndexPath(0, item), frame: frame)
    }

    static let rows = [
        Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 60, width: 100, height: 50),
    ]

    @Test func interningGivesStableCodes() throws {
        var table = ElementKindTable()
        #expect(try table.intern("badge", field: "k") == ElementKind(code: 3))
        #expect(try table.intern("ribbon", field: "k") == ElementKind(code: 4))
        #expect(try table.intern("badge", field: "k") == ElementKind(code: 3))
        #expect(try table.intern("header", field: "k") == .header)
        #expect(try table.intern("footer", field: "k") == .footer)
        #expect(
            table.name(of: ElementKind(code: 4)) == "ribbon"
                && table.customNames == ["badge", "ribbon"])
        #expect(table.kind(named: "Badge") == nil)
        for bad in ["cell", "", "9lives", "two words", "é", String(repeating: "x", count: 65)] {
            #expect(throws: ValidationError.self, "\(bad)") {
                _ = try table.intern(bad, field: "k")
            }
        }
        #expect(table.names.count == 5)
        _ = try table.intern("a:b.c-d_e", field: "k")
        for i in 0..<(ElementKindTable.maximumCustomKinds - 3) {
            _ = try table.intern("k\(i)", field: "k")
        }
        do {
            _ = try table.intern("oneMore", field: "layout.supplementary[2].kind")
            Issue.record("a 65th kind was interned")
        } catch {
            #expect(error.limit == ElementKindTable.maximumCustomKinds)
            #expect(error.field == "layout.supplementary[2].kind")
        }
    }

    @Test func aSceneKeepsItsCodesAcrossLayouts() throws {
        let first = Self.explicit(
            Self.rows, [Self.badge(0, Rect(x: 90, y: -10, width: 20, height: 20))])
        var scene = try Scene(spec: first, model: ItemModel(count: 2), viewport: Self.viewport)
        let second = Self.explicit(
            Self.rows,
            [
                Self.badge(1, Rect(x: 0, y: 0, width: 1, height: 1), kind: "ribbon"),
                Self.badge(1, Rect(x: 0, y: 0, width: 1, height: 1)),
            ])
        _ = try scene.startTransition(to: second, timing: TransitionTiming(duration: 1), at: 0)
        #expect(scene.kinds.kind(named: "badge") == ElementKind(code: 3))
        #expect(scene.kinds.kind(named: "ribbon") == ElementKind(code: 4))
        // A refused layout interns nothing.
        var bad = Self.explicit(
            Self.rows, [Self.badge(0, .zero, kind: "late"), Self.badge(5, .zero)])
        bad.supplementary[1].indexPath = IndexPath(3, 0)
        #expect(throws: SceneError.self) { _ = try scene.startTransition(to: bad, at: 0.5) }
        #expect(scene.kinds.kind(named: "late") == nil)
    }

    @Test func elementsMatchByKindSectionAndItem() throws {
        var from = Self.explicit(
            Self.rows,
            [
                Self.badge(1, Rect(x: 90, y: 50, width: 20, height: 20)),
                Self.badge(1, Rect(x: 0, y: 60, width: 100, height: 50), kind: "decoration"),
                Self.badge(0, Rect(x: 90, y: -10, width: 20, height: 20)),
            ])
        // A rule with a kind styles that kind's element only, not the cell of its index path.
        from.itemStyles = [
            ItemStyleRule(.items([IndexPath(0, 0)]), style: ItemStyle(alpha: 0.8), kind: "badge")
        ]
        let to = Self.explicit(
            Self.rows.reversed(),
            [
                Self.badge(1, Rect(x: 80, y: -10, width: 40, height: 40)),
                Self.badge(1, Rect(x: 0, y: 0, width: 100, height: 50), kind: "decoration"),
            ])
        var scene = try Scene(spec: from, model: ItemModel(count: 2), viewport: Self.viewport)
        _ = try scene.startTransition(
            to: to, options: TransitionOptions(disappear: .fade),
            timing: TransitionTiming(duration: 1), at: 0)
        let t = try #require(scene.active).geometry
        let badge = try #require(scene.kinds.kind(named: "badge"))
        let decoration = try #require(scene.kinds.kind(named: "decoration"))
        // Same index path, different kinds: each follows its own kind.
        let movingBadge = try #require(
            t.attributes(of: ElementKey(badge, IndexPath(0, 1)), inSource: true, at: 0.5))
        #expect(
            approx(movingBadge.frame, Rect(x: 85, y: 20, width: 30, height: 30))
                && movingBadge.alpha == 1)
        let band = try #require(
            t.attributes(of: ElementKey(decoration, IndexPath(0, 1)), inSource: true, at: 0.5))
        #expect(approx(band.frame, Rect(x: 0, y: 30, width: 100, height: 50)))
        // The badge of item 0 has no counterpart: it fades where it is, and is gone at 1.
        let unmatched = ElementKey(badge, IndexPath(0, 0))
        let fading = try #require(t.attributes(of: unmatched, inSource: true, at: 0.25))
        #expect(
            fading.frame == Rect(x: 90, y: -10, width: 20, height: 20) && approx(fading.alpha, 0.6)
        )
        #expect(t.attributes(of: .cell(0, 0), inSource: true, at: 0)?.alpha == 1)
        #expect(t.attributes(of: unmatched, inSource: true, at: 1) == nil)
        #expect(!t.visibleAttributes(at: 1).contains { $0.key == unmatched })
        #expect(t.visibleAttributes(at: 0.5).contains { $0.key == unmatched })
    }

    @Test func anUnmatchedBadgeAppears() throws {
        let from = Self.explicit(Self.rows, [])
        let to = Self.explicit(
            Self.rows, [Self.badge(1, Rect(x: 90, y: 50, width: 20, height: 20))])
        var scene = try Scene(spec: from, model: ItemModel(count: 2), viewport: Self.viewport)
        _ = try scene.startTransition(
            to: to, options: TransitionOptions(appear: .scale),
            timing: TransitionTiming(duration: 1), at: 0)
        let t = try #require(scene.active).geometry
        let key = ElementKey(try #require(scene.kinds.kind(named: "badge")), IndexPath(0, 1))
        #expect(t.attributes(of: key, inSource: false, at: 0) == nil)
        let growing = try #require(t.attributes(of: key, inSource: false, at: 0.5))
        #expect(growing.transform == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
        #expect(growing.nextFrame == Rect(x: 90, y: 50, width: 20, height: 20))
    }

    static let attachedBadge = AttachedSupplementary(
        kind: "badge", container: .item, size: Size(width: 20, height: 20),
        anchor: Point(x: 1, y: 0),
        style: ItemStyle(zIndex: 2))
    static let band = AttachedSupplementary(kind: "band", container: .section)

    @Test func attachedElementsFollowTheirContainers() throws {
        var list = LayoutSpec.list(ListLayout(rowHeight: 50, headerHeight: 10))
        list.attached = [Self.attachedBadge, Self.band]
        var kinds = ElementKindTable()
        let layout = try list.prepare(
            viewport: Self.viewport, model: ItemModel(count: 3), kinds: &kinds)
        let badge = try #require(kinds.kind(named: "badge"))
        let band = try #require(kinds.kind(named: "band"))
        let all = layout.allAttributes().map(\.key)
        #expect(
            all == [
                ElementKey(.header, IndexPath(0, 0)), ElementKey(band, IndexPath(0, 0)),
                .cell(0, 0), ElementKey(badge, IndexPath(0, 0)), .cell(0, 1),
                ElementKey(badge, IndexPath(0, 1)),
                .cell(0, 2), ElementKey(badge, IndexPath(0, 2)),
            ])
        #expect(
            layout.attributes(at: ElementKey(badge, IndexPath(0, 1)))?.frame
                == Rect(x: 190, y: 50, width: 20, height: 20))
        #expect(layout.attributes(at: ElementKey(badge, IndexPath(0, 1)))?.zIndex == 2)
        #expect(
            layout.attributes(at: ElementKey(band, IndexPath(0, 0)))?.frame
                == Rect(x: 0, y: 10, width: 200, height: 150))
        #expect(layout.attributes(at: ElementKey(badge, IndexPath(0, 3))) == nil)
        #expect(layout.attributes(at: ElementKey(band, IndexPath(0, 1))) == nil)
        // A badge sticking out above its row is found by a rect that misses the row.
        let above = layout.attributes(in: Rect(x: 180, y: 105, width: 20, height: 3)).map(\.key)
        #expect(
            above == [
                ElementKey(band, IndexPath(0, 0)), .cell(0, 1), ElementKey(badge, IndexPath(0, 2)),
            ])
        // A section element moved out of its section is found where it is.
        var shifted = LayoutSpec.list(ListLayout(rowHeight: 50))
        shifted.attached = [
            AttachedSupplementary(kind: "band", container: .section, offset: Point(x: 0, y: 400))
        ]
        let moved = try shifted.prepare(
            viewport: Self.viewport, model: ItemModel(count: 3), kinds: &kinds)
        #expect(
            moved.attributes(at: ElementKey(band, IndexPath(0, 0)))?.frame
                == Rect(x: 0, y: 400, width: 200, height: 150))
        #expect(
            moved.attributes(in: Rect(x: 0, y: 500, width: 10, height: 10)).map(\.key) == [
                ElementKey(band, IndexPath(0, 0))
            ])
    }

    @Test func styleRulesNameSupplementaryElementsByItemID() throws {
        var list = LayoutSpec.list(ListLayout(rowHeight: 50))
        list.attached = [Self.attachedBadge]
        list.itemStyles = [
            ItemStyleRule(.ids([.string("b")]), style: ItemStyle(alpha: 0.3), kind: "badge"),
            ItemStyleRule(.ids([.string("b")]), style: ItemStyle(zIndex: 7)),
        ]
        let model = ItemModel(sections: [
            SectionModel(count: 3, ids: ["a", "b", "c"].map { ItemID.string($0) })
        ])
        var kinds = ElementKindTable()
        let layout = try list.prepare(viewport: Self.viewport, model: model, kinds: &kinds)
        let badge = try #require(kinds.kind(named: "badge"))
        let styled = try #require(layout.attributes(at: ElementKey(badge, IndexPath(0, 1))))
        // The badge takes the kind's zIndex 2 and the rule's alpha; the cell the other rule.
        #expect(styled.alpha == 0.3 && styled.zIndex == 2)
        #expect(layout.attributes(at: ElementKey(badge, IndexPath(0, 0)))?.alpha == 1)
        #expect(
            layout.attributes(at: .cell(0, 1))?.zIndex == 7
                && layout.attributes(at: .cell(0, 1))?.alpha == 1)
        var unknown = list
        unknown.itemStyles = [
            ItemStyleRule(.ids([.string("z")]), style: ItemStyle(alpha: 0), kind: "badge")
        ]
        #expect(
            throws: ValidationError(
                field: "layout.itemStyles[0].ids[0]", message: "no item has the id z")
        ) {
            _ = try unknown.prepare(viewport: Self.viewport, model: model, kinds: &kinds)
        }
    }

    @Test func attachedElementsAgreeBandedAndListed() throws {
        var list = LayoutSpec.list(ListLayout(rowHeight: 50))
        list.attached = [Self.attachedBadge, Self.band]
        list.itemStyles = [
            ItemStyleRule(
                .items([IndexPath(0, 5)]),
                style: ItemStyle(alpha: 0.5, transform: ItemTransform(rotation: 1)),
                kind: "badge")
        ]
        var grid = LayoutSpec.grid(GridLayout(columns: 2))
        var some = Self.attachedBadge
        some.items = [IndexPath(0, 5), IndexPath(0, 1)]
        grid.attached = [
            some,
            AttachedSupplementary(kind: "dot", container: .item, size: Size(width: 4, height: 4)),
        ]
        for stagger in [nil, Stagger(delay: 0.01)] {
            var scene = try Scene(spec: list, model: ItemModel(count: 40), viewport: Self.viewport)
            _ = try scene.startTransition(
                to: grid, options: TransitionOptions(stagger: stagger),
                timing: TransitionTiming(duration: 1), at: 0)
            let t = try #require(scene.active).geometry
            #expect(t.bandedCells)
            let listed = try Transition(
                from: t.from, to: t.to, options: t.options, duration: 1, allowBanding: false)
            for p in [0.0, 0.3, 0.5, 1.0, 1.3] {
                for rect in [Rect.everything, t.visibleRect(at: p)] {
                    var a: [LayoutAttributes] = []
                    var b: [LayoutAttributes] = []
                    t.forEachAttributes(at: p, in: rect) { a.append($0) }
                    listed.forEachAttributes(at: p, in: rect) { b.append($0) }
                    #expect(
                        TransitionPropertyTests.sorted(a) == TransitionPropertyTests.sorted(b),
                        "p \(p)")
                }
            }
            // Three kinds on the way: the list's badges and band, the grid's dots.
            let visible = t.visibleAttributes(at: 0.5)
            #expect(Set(visible.map(\.kind)).count == 4)
            // The styled badge of item 5 turns back by its components.
            let styled = try #require(
                visible.first { $0.key == ElementKey(ElementKind(code: 3), IndexPath(0, 5)) })
            #expect(styled.itemTransform != nil && styled.alpha > 0.5 && styled.alpha < 1)
            // Frozen half way, the layout keeps the source's elements only: no dots, and
            // each element listed is the one its key finds.
            var frozenScene = scene
            _ = try frozenScene.cancelInPlace(at: 0.5)
            let frozen = frozenScene.placed.layout
            let listedFrozen = frozen.allAttributes()
            let dot = try #require(frozenScene.kinds.kind(named: "dot"))
            #expect(!listedFrozen.isEmpty && !listedFrozen.contains { $0.kind == dot })
            for a in listedFrozen { #expect(frozen.attributes(at: a.key) == a, "\(a.key)") }
        }
    }
}
