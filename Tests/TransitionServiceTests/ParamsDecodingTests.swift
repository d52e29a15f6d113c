import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// Params decode into engine values; a bad shape names its field.
@Suite struct ParamsDecodingTests {
    static func cursor(_ text: String) -> JSONCursor {
        JSONCursor(try! JSONParser().parse(Array(text.utf8)), path: "params.layout")
    }

    func field(_ text: String, _ decode: (JSONCursor) throws -> Void) -> String? {
        do {
            try decode(Self.cursor(text))
            return nil
        } catch let error as JSONDecodingError {
            return error.field
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func layouts() throws {
        let flow = try Decode.layout(
            Self.cursor(
                """
                {"type":"flow","itemSize":{"width":172.5,"height":172.5},"minimumLineSpacing":5,
                 "minimumInteritemSpacing":0,"sectionInset":{"top":10,"left":10,"bottom":10,"right":10}}
                """))
        #expect(
            flow
                == .flow(
                    FlowLayout(
                        itemSize: Size(width: 172.5, height: 172.5), minimumLineSpacing: 5,
                        minimumInteritemSpacing: 0, sectionInset: EdgeInsets(all: 10))))
        #expect(
            try Decode.layout(Self.cursor(#"{"type":"list","rowHeight":60}"#))
                == .list(ListLayout(rowHeight: 60)))
        #expect(
            try Decode.layout(
                Self.cursor(
                    #"{"type":"displaySwitch","mode":"grid","staticCellHeight":165,"columns":3,"padding":6}"#
                ))
                == .displaySwitch(
                    DisplaySwitchLayout(mode: .grid, staticCellHeight: 165, columns: 3, padding: 6))
        )
        let explicit = try Decode.layout(
            Self.cursor(#"{"type":"explicit","frames":[[0,0,10,10],[10,0,5,5]]}"#))
        #expect(
            explicit
                == .explicit([
                    Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 5, height: 5),
                ]))
        let styled = try Decode.layout(
            Self.cursor(
                ##"{"type":"list","rowHeight":60,"values":{"background":"#ff0000","offset":4}}"##))
        #expect(
            styled.values == [
                CustomValue(name: "background", value: .color(Color(red: 1, green: 0, blue: 0))),
                CustomValue(name: "offset", value: .number(4)),
            ])
    }

    @Test func badLayoutsNameTheField() {
        #expect(
            field(#"{"type":"flow","itemSize":{"width":"a","height":1}}"#) {
                try _ = Decode.layout($0)
            } == "params.layout.itemSize.width")
        #expect(field(#"{"type":"pyramid"}"#) { try _ = Decode.layout($0) } == "params.layout.type")
        #expect(
            field(#"{"type":"list"}"#) { try _ = Decode.layout($0) } == "params.layout.rowHeight")
        #expect(
            field(#"{"type":"explicit","frames":[[0,0,1,1],[0,0,1]]}"#) {
                try _ = Decode.layout($0)
            } == "params.layout.frames[1]")
        #expect(
            field(##"{"type":"list","rowHeight":1,"values":{"c":"#zz"}}"##) {
                try _ = Decode.layout($0)
            } == "params.layout.values.c")
    }

    @Test func timingForms() throws {
        #expect(
            try Decode.timing(Self.cursor(#"{"easing":"bounceEaseOut"}"#))
                == .easing(.bounceEaseOut))
        #expect(try Decode.timing(Self.cursor(#""sineEaseIn""#)) == .easing(.sineEaseIn))
        #expect(
            try Decode.timing(Self.cursor(#"{"cubicBezier":[0.25,0.1,0.25,1]}"#))
                == .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(
            try Decode.timing(Self.cursor(#"{"steps":{"count":4,"position":"start"}}"#))
                == .steps(4, .jumpStart))
        #expect(
            try Decode.timing(Self.cursor(#"{"linear":[0,[0.25,0.75],1]}"#))
                == .linearStops([
                    LinearStop(value: 0), LinearStop(value: 0.25, input: 0.75),
                    LinearStop(value: 1),
                ]))
        #expect(
            try Decode.timing(
                Self.cursor(
                    #"{"spring":{"response":0.4,"dampingFraction":0.8,"initialVelocity":2}}"#))
                == .spring(Spring(response: 0.4, dampingFraction: 0.8), initialVelocity: 2))
        #expect(
            try Decode.timing(Self.cursor(#"{"spring":{"duration":0.5,"bounce":0.2}}"#))
                == .spring(Spring(duration: 0.5, bounce: 0.2), initialVelocity: 0))
        #expect(
            try Decode.timing(Self.cursor(#"{"spring":{"stiffness":100,"damping":10}}"#))
                == .spring(Spring(stiffness: 100, damping: 10), initialVelocity: 0))
        #expect(
            field(#"{"easing":"wobble"}"#) { try _ = Decode.timing($0) } == "params.layout.easing")
        #expect(
            field(#"{"cubicBezier":[1,2]}"#) { try _ = Decode.timing($0) }
                == "params.layout.cubicBezier")
        #expect(field(#"{"bounce":1}"#) { try _ = Decode.timing($0) } == "params.layout")
    }

    @Test func offsetsAndStagger() throws {
        #expect(
            try Decode.offsetTarget(Self.cursor(#"{"placement":"center","items":[[0,20]]}"#))
                == .placement(.center, items: [IndexPath(0, 20)]))
        #expect(
            try Decode.offsetTarget(Self.cursor(#"{"strategy":"displaySwitch"}"#)) == .displaySwitch
        )
        #expect(
            try Decode.offsetTarget(Self.cursor(#"{"point":{"x":0,"y":120}}"#))
                == .point(Point(x: 0, y: 120)))
        #expect(
            field(#"{"placement":"middle","items":[[0,1]]}"#) { try _ = Decode.offsetTarget($0) }
                == "params.layout.placement")
        #expect(
            field(#"{"placement":"top","items":[[0,-1]]}"#) { try _ = Decode.offsetTarget($0) }
                == "params.layout.items[0]")
        #expect(
            try Decode.stagger(Self.cursor(#"{"delay":0.02,"order":"distance","from":[0,3]}"#))
                == Stagger(delay: 0.02, order: .distance(from: IndexPath(0, 3))))
    }

    @Test func sections() throws {
        let model = try Decode.model(
            Self.cursor(#"[{"items":2,"ids":["a",7]},{"items":1,"sizes":[[10,20]]}]"#))
        #expect(
            model.sections == [
                SectionModel(count: 2, ids: [.string("a"), .int(7)]),
                SectionModel(count: 1, sizes: [Size(width: 10, height: 20)]),
            ])
        #expect(
            field(#"[{"items":1,"sizes":[[10]]}]"#) { try _ = Decode.model($0) }
                == "params.layout[0].sizes[0]")
        #expect(
            field(#"[{"items":1,"ids":[true]}]"#) { try _ = Decode.model($0) }
                == "params.layout[0].ids[0]")
        #expect(field(#"[{"items":-1}]"#) { try _ = Decode.model($0) } == "params.layout[0].items")
    }
}

/// A name not in its list is answered with the nearest name; a missing member is named.
@Suite struct SuggestedNamesTests {
    func error(_ text: String, _ decode: (JSONCursor) throws -> Void) -> JSONDecodingError? {
        do {
            try decode(ParamsDecodingTests.cursor(text))
            return nil
        } catch {
            return error as? JSONDecodingError
        }
    }

    @Test func aMisspeltLayoutTypeSuggestsTheNearestName() {
        let refused = error(#"{"type":"gird","columns":2}"#) { try _ = Decode.layout($0) }
        #expect(refused?.field == "params.layout.type")
        #expect(
            refused?.reason
                == "expected one of flow, list, grid, displaySwitch, explicit; did you mean `grid`?"
        )
        #expect(refused?.expected == "one of flow, list, grid, displaySwitch, explicit")
        #expect(refused?.found == "\"gird\"")
        #expect(refused?.suggestion == "grid")
        // Nothing near: the list, no suggestion.
        let far = error(#"{"type":"pyramid"}"#) { try _ = Decode.layout($0) }
        #expect(far?.reason == "expected one of flow, list, grid, displaySwitch, explicit")
        #expect(far?.suggestion == nil)
    }

    @Test func aMisspeltEasingSuggestsItWithoutTheLongList() {
        let refused = error(#""quarticEaseInOt""#) { try _ = Decode.timing($0) }
        #expect(refused?.reason == "expected one of 37 names; did you mean `quarticEaseInOut`?")
        #expect(refused?.suggestion == "quarticEaseInOut")
        #expect(refused?.expected?.hasPrefix("one of linear, quadraticEaseIn,") == true)
    }

    @Test func aMissingMemberIsNamedAsMissing() {
        let refused = error(#"{"type":"grid"}"#) { try _ = Decode.layout($0) }
        #expect(refused?.field == "params.layout.columns")
        #expect(refused?.reason == "missing member 'columns': expected integer")
        #expect(refused?.expected == "integer")
        #expect(refused?.found == "nothing")
    }
}
