import JSONRPC
import TransitionEngine

/// Builds params from fuzzer bytes.
struct ParamsBuilder {
    var bytes: FuzzBytes

    /// Numbers at the edges of what the engine accepts, and past them.
    static let edgeNumbers = [
        "0", "-0", "1", "-1", "0.5", "-0.5", "2", "1e-300", "-1e-300", "5e-324",
        "2.2250738585072014e-308",
        "1e-7", "0.1", "0.3333333333333333", "0.9999999999999999", "1.0000000000000002",
        "999999999.9999999", "1e9", "-1e9", "1000000000.0000001", "1000000001", "2e9", "-2e9",
        "4294967296", "1e15", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e300", "-1e300",
        "1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "1e-400",
        "123456789.123456789",
    ]
    /// Not representable as a finite double: the parser refuses the whole text.
    static let outOfRange = ["1e400", "-1e400"]

    /// A number: usually one of `typical`, else an edge value, rarely raw bits or 1e400.
    mutating func number(_ typical: [String]) -> JText {
        let b = bytes.byte()
        switch b {
        case 0..<190 where !typical.isEmpty:
            return .raw(typical[Int(b) % typical.count])
        case 250..<254:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(bytes.byte()) }
            let d = Double(bitPattern: bits)
            return .raw(d.isFinite ? "\(d)" : "0")
        case 254...:
            return .raw(bytes.pick(Self.outOfRange))
        default:
            return .raw(bytes.pick(Self.edgeNumbers))
        }
    }

    static let lengths = [
        "0", "1", "10", "20", "44", "50", "100", "200", "320", "0.5", "1e9", "1e-300",
    ]
    static let signedLengths = ["0", "-10", "10", "-100", "100", "25.5", "1e9", "-1e9"]
    static let counts = [
        "0", "1", "2", "3", "5", "8", "20", "100", "1000", "2000", "10000000", "10000001", "-1",
    ]
    static let smallCounts = ["1", "2", "3", "4", "0", "6", "1000000"]
    static let unitNumbers = ["0", "1", "0.5", "0.25", "0.75", "-0.5", "1.5", "2", "0.1", "10"]
    static let durations = [
        "0", "0.3", "0.5", "1", "0.016666666666666666", "1e-300", "1e9", "-1", "10",
    ]
    static let times = [
        "0", "0.016666666666666666", "0.05", "0.1", "0.25", "0.5", "1", "5", "1e9", "1e-300",
    ]

    mutating func maybe(
        _ member: String, into m: inout [(String, JText)], _ value: (inout ParamsBuilder) -> JText
    ) {
        if bytes.bool() { m.append((member, value(&self))) }
    }

    mutating func size(_ typical: [String] = lengths) -> JText {
        .object([("width", number(typical)), ("height", number(typical))])
    }

    mutating func point(_ typical: [String] = signedLengths) -> JText {
        .object([("x", number(typical)), ("y", number(typical))])
    }

    mutating func insets() -> JText {
        var m: [(String, JText)] = []
        for side in ["top", "left", "bottom", "right"] {
            maybe(side, into: &m) { $0.number(Self.signedLengths) }
        }
        return .object(m)
    }

    mutating func rect() -> JText {
        .object([
            ("x", number(Self.signedLengths)), ("y", number(Self.signedLengths)),
            ("width", number(Self.lengths)), ("height", number(Self.lengths)),
        ])
    }

    mutating func name(_ names: [String]) -> JText {
        .string(bytes.byte() == 255 ? "nope" : bytes.pick(names))
    }

    mutating func indexPath() -> JText {
        .array([number(["0", "1", "2"]), number(["0", "1", "2", "3", "5", "99"])])
    }

    mutating func sections() -> JText {
        var list: [JText] = []
        for _ in 0..<(1 + bytes.below(3)) {
            var m: [(String, JText)] = [("items", number(Self.counts))]
            let n = bytes.below(6)
            if bytes.bool() {
                var ids: [JText] = []
                for i in 0..<n {
                    ids.append(
                        bytes.bool()
                            ? .raw("\(bytes.below(4) == 0 ? 0 : i)")
                            : .string("id\(bytes.below(3))"))
                }
                m.append(("ids", .array(ids)))
            }
            if bytes.bool() {
                m.append(
                    (
                        "sizes",
                        .array(
                            (0..<n).map { _ in .array([number(Self.lengths), number(Self.lengths)])
                            })
                    ))
            }
            list.append(.object(m))
        }
        return .array(list)
    }

    mutating func values() -> JText {
        var m: [(String, JText)] = []
        for _ in 0..<(1 + bytes.below(3)) {
            let key = bytes.pick(["rotation", "opacity", "tint", "a"])
            if bytes.bool() {
                m.append(
                    (
                        key,
                        .string(
                            bytes.pick(["#ff0000", "#0f08", "#12345678", "#fff", "#zzzzzz", "#"]))
                    ))
            } else {
                m.append((key, number(["0", "1", "3.141592653589793", "-90", "1e9"])))
            }
        }
        return .object(m)
    }

    mutating func layout() -> JText {
        var m: [(String, JText)] = []
        let type = bytes.pick([
            "list", "grid", "flow", "displaySwitch", "explicit", "list", "grid", "circle",
        ])
        m.append(("type", .string(type)))
        switch type {
        case "flow":
            maybe("itemSize", into: &m) { $0.size() }
            maybe("minimumLineSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("minimumInteritemSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("sectionInset", into: &m) { $0.insets() }
            maybe("headerReferenceSize", into: &m) { $0.size() }
            maybe("footerReferenceSize", into: &m) { $0.size() }
            maybe("scrollDirection", into: &m) { $0.name(["vertical", "horizontal"]) }
        case "list":
            m.append(("rowHeight", number(Self.lengths)))
            maybe("spacing", into: &m) { $0.number(Self.lengths) }
            maybe("inset", into: &m) { $0.insets() }
            maybe("headerHeight", into: &m) { $0.number(Self.lengths) }
            maybe("footerHeight", into: &m) { $0.number(Self.lengths) }
        case "grid":
            m.append(("columns", number(Self.smallCounts)))
            maybe("spacing", into: &m) { $0.number(Self.lengths) }
            maybe("lineSpacing", into: &m) { $0.number(Self.lengths) }
            maybe("inset", into: &m) { $0.insets() }
            maybe("aspectRatio", into: &m) { $0.number(["1", "0.5", "2", "1e-300", "1e9", "0"]) }
            maybe("itemHeight", into: &m) { $0.number(Self.lengths) }
            maybe("headerHeight", into: &m) { $0.number(Self.lengths) }
            maybe("footerHeight", into: &m) { $0.number(Self.lengths) }
        case "displaySwitch":
            m.append(("mode", name(["list", "grid"])))
            m.append(("staticCellHeight", number(Self.lengths)))
            maybe("columns", into: &m) { $0.number(Self.smallCounts) }
            maybe("padding", into: &m) { $0.number(Self.lengths) }
        case "explicit":
            let frames = (0..<bytes.below(7)).map { _ in
                JText.array([
                    number(Self.signedLengths), number(Self.signedLengths), number(Self.lengths),
                    number(Self.lengths),
                ])
            }
            m.append(("frames", .array(frames)))
            maybe("contentSize", into: &m) { $0.size() }
        default:
            break
        }
        maybe("values", into: &m) { $0.values() }
        maybe("accessory", into: &m) { $0.values() }
        maybe("state", into: &m) { $0.bytes.bool() ? .string("list") : .string("") }
        return .object(m)
    }

    mutating func timing() -> JText {
        switch bytes.below(7) {
        case 0:
            return name(Easing.allCases.map(\.rawValue))
        case 1:
            return .object([("easing", name(Easing.allCases.map(\.rawValue)))])
        case 2:
            return .object([("cubicBezier", .array((0..<4).map { _ in number(Self.unitNumbers) }))])
        case 3, 4:
            var s: [(String, JText)] = []
            switch bytes.below(3) {
            case 0:
                maybe("mass", into: &s) { $0.number(["1", "0.5", "2", "1e-300", "1e9", "0"]) }
                s.append(("stiffness", number(["100", "170", "1", "1e9", "1e-300", "0"])))
                s.append(("damping", number(["10", "26", "0", "1", "1e9", "1e-300"])))
            case 1:
                s.append(("response", number(["0.5", "0.3", "1", "1e-300", "1e9", "0"])))
                s.append(("dampingFraction", number(["1", "0.5", "0", "0.1", "2", "1e9"])))
                maybe("mass", into: &s) { $0.number(["1", "0.5", "2", "1e-300", "1e9"]) }
            default:
                s.append(("duration", number(["0.5", "0.3", "1", "1e-300", "1e9", "0"])))
                maybe("bounce", into: &s) { $0.number(["0", "0.3", "-0.5", "0.9", "1", "-1"]) }
            }
            maybe("initialVelocity", into: &s) { $0.number(["0", "1", "-5", "100", "1e9"]) }
            return .object([("spring", .object(s))])
        case 5:
            var s: [(String, JText)] = [("count", number(["1", "2", "4", "10", "0", "1000000"]))]
            maybe("position", into: &s) { $0.name(StepPosition.acceptedNames) }
            return .object([("steps", .object(s))])
        default:
            let stops = (0..<bytes.below(6)).map { _ in
                bytes.bool()
                    ? number(Self.unitNumbers)
                    : JText.array([
                        number(Self.unitNumbers), number(["0", "0.5", "1", "0.25", "2", "-1"]),
                    ])
            }
            return .object([("linear", .array(stops))])
        }
    }

    mutating func offsetTarget() -> JText {
        switch bytes.below(4) {
        case 0:
            return .object([("point", point())])
        case 1:
            return .object([("strategy", name(["automatic", "displaySwitch"]))])
        default:
            var m: [(String, JText)] = [("placement", name(Placement.allCases.map(\.rawValue)))]
            m.append(("items", .array((0..<bytes.below(4)).map { _ in indexPath() })))
            maybe("anchor", into: &m) { $0.point(["0", "0.5", "1", "-1", "2"]) }
            maybe("inset", into: &m) { $0.insets() }
            return .object(m)
        }
    }

    /// The params of `transition/start` (and of retarget and hypothetical samples).
    mutating func transitionSpec(into m: inout [(String, JText)]) {
        m.append(("to", layout()))
        maybe("sections", into: &m) { $0.sections() }
        maybe("viewport", into: &m) { $0.size() }
        maybe("contentInset", into: &m) { $0.insets() }
        maybe("contentOffset", into: &m) { $0.offsetTarget() }
        maybe("appear", into: &m) { $0.name(AppearEffect.allCases.map(\.rawValue)) }
        maybe("disappear", into: &m) { $0.name(AppearEffect.allCases.map(\.rawValue)) }
        maybe("stagger", into: &m) { b in
            var s: [(String, JText)] = [
                ("delay", b.number(["0", "0.01", "0.05", "0.5", "1e9", "-1"]))
            ]
            b.maybe("order", into: &s) { $0.name(["index", "distance"]) }
            b.maybe("from", into: &s) { $0.indexPath() }
            b.maybe("reversed", into: &s) { .raw($0.bytes.bool() ? "true" : "false") }
            return .object(s)
        }
        maybe("colorSpace", into: &m) { $0.name(ColorSpace.allCases.map(\.rawValue)) }
        if bytes.below(4) == 0 { m.append(("interactive", .raw("true"))) }
        maybe("duration", into: &m) { $0.number(Self.durations) }
        maybe("timing", into: &m) { $0.timing() }
    }

    mutating func create() -> JText {
        var m: [(String, JText)] = []
        if bytes.below(16) != 0 {
            m.append(("viewport", size(["320", "200", "100", "44", "1", "1e9", "0"])))
        }
        maybe("contentInset", into: &m) { $0.insets() }
        m.append(("sections", sections()))
        m.append(("layout", layout()))
        maybe("contentOffset", into: &m) { $0.point() }
        m.append(("clock", .string(bytes.below(8) == 0 ? "realtime" : "manual")))
        maybe("fps", into: &m) { $0.number(["60", "1", "240", "30", "0", "241"]) }
        maybe("encoding", into: &m) { $0.name(["objects", "compact"]) }
        maybe("keepAlive", into: &m) { .raw($0.bytes.bool() ? "true" : "false") }
        return .object(m)
    }

    mutating func start(session: String) -> JText {
        var m: [(String, JText)] = [("session", .string(session))]
        transitionSpec(into: &m)
        return .object(m)
    }
}
