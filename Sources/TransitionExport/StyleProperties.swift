import TransitionEngine

/// The style properties of the DOM contract, shared by the CSS and Web Animations writers.
enum StyleProperties {
    /// Properties of an element in a pose, in a fixed order. The transform is written as
    /// `scale()` when every written pose is a pure scale (interpolated per component, as
    /// the engine does), else as `matrix()`.
    static func of(_ pose: ElementPose, in motion: ElementMotion) -> [StyleProperty] {
        let f = pose.frame
        var list = [
            StyleProperty(css: "left", js: "left", value: px(f.minX)),
            StyleProperty(css: "top", js: "top", value: px(f.minY)),
            StyleProperty(css: "width", js: "width", value: px(f.size.width)),
            StyleProperty(css: "height", js: "height", value: px(f.size.height)),
            StyleProperty(
                css: "opacity", js: "opacity", value: NumberText.format(pose.alpha, places: 6)),
            StyleProperty(css: "z-index", js: "zIndex", value: String(motion.zIndex)),
            StyleProperty(
                css: "background-color", js: "backgroundColor",
                value: (pose.color(named: "background") ?? motion.color).hexString),
            StyleProperty(
                css: "transform", js: "transform", value: transform(pose.transform, in: motion)),
        ]
        if motion.presence != .both {
            list.append(
                StyleProperty(
                    css: "visibility", js: "visibility", value: pose.isShown ? "visible" : "hidden")
            )
        }
        list += shape(pose, in: motion)
        // Custom values as custom properties (`--name`): every name of either pose, a
        // value on one side only kept on the other (as the engine keeps it).
        for name in customNames(motion) {
            let value =
                (pose.values.first { $0.name == name }
                ?? (motion.from.values + motion.to.values).first { $0.name == name })!
            let property = customPropertyName(name)
            list.append(StyleProperty(css: property, js: property, value: customValue(value.value)))
        }
        return list
    }

    /// The names of the custom values of either pose, in order of first appearance.
    private static func customNames(_ motion: ElementMotion) -> [String] {
        var names: [String] = []
        for v in motion.from.values + motion.to.values where !names.contains(v.name) {
            names.append(v.name)
        }
        return names
    }

    /// `--name`, with characters a CSS identifier cannot hold replaced by `-`.
    static func customPropertyName(_ name: String) -> String {
        var out = "--"
        for scalar in name.unicodeScalars {
            let ok =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_"
            out.unicodeScalars.append(ok ? scalar : "-")
        }
        return out
    }

    static func customValue(_ value: AnimatableValue) -> String {
        switch value {
        case .number(let n): return NumberText.format(n, places: 6)
        case .color(let c): return c.hexString
        // Discrete values switch; CSS animates an unregistered custom property discretely.
        case .bool(let b): return b ? "true" : "false"
        case .string(let text): return cssString(text)
        }
    }

    /// A CSS string literal: quotes, backslashes and line breaks escaped.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "\n": out += "\\a "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\" + String(scalar.value, radix: 16) + " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `@property` rules that make the custom values interpolate (registered as `<number>`
    /// or `<color>`), one per name.
    static func registrations(_ plan: MotionPlan) -> String {
        var seen: Set<String> = []
        var out = ""
        if plan.elements.contains(where: { $0.contentFade != nil }) {
            out +=
                "@property \(progressProperty) {\n  syntax: '<number>';\n  inherits: true;\n  initial-value: 0;\n}\n"
        }
        for e in plan.elements {
            for v in e.from.values + e.to.values {
                let name = customPropertyName(v.name)
                guard seen.insert(name).inserted else { continue }
                let (syntax, initial): (String, String)
                switch v.value {
                case .number: (syntax, initial) = ("<number>", "0")
                case .color: (syntax, initial) = ("<color>", "transparent")
                case .bool, .string: continue  // discrete: left unregistered
                }
                out +=
                    "@property \(name) {\n  syntax: '\(syntax)';\n  inherits: false;\n  initial-value: \(initial);\n}\n"
            }
        }
        return out
    }

    static func px(_ x: Double) -> String { NumberText.format(x, places: 4) + "px" }

    private static func transform(_ t: AffineTransform?, in motion: ElementMotion) -> String {
        func isScale(_ t: AffineTransform?) -> Bool {
            guard let t else { return true }
            return t.b == 0 && t.c == 0 && t.tx == 0 && t.ty == 0
        }
        let poses = motion.writtenPoses
        if poses.allSatisfy({ $0.transform == nil }) { return "none" }
        let m = t ?? .identity
        let n = { (x: Double) in NumberText.format(x, places: 6) }
        if poses.allSatisfy({ isScale($0.transform) }) {
            return "scale(\(n(m.a)), \(n(m.d)))"
        }
        return "matrix(\(n(m.a)), \(n(m.b)), \(n(m.c)), \(n(m.d)), \(n(m.tx)), \(n(m.ty)))"
    }

    /// The content's offset and the viewport's size at track progress p.
    static func content(_ plan: MotionPlan, progress p: Double) -> (
        content: [StyleProperty], viewport: [StyleProperty]
    ) {
        let o = plan.contentOffset
        let v = plan.viewport
        return (
            [
                StyleProperty(css: "left", js: "left", value: px(-lerp(o.from.x, o.to.x, p))),
                StyleProperty(css: "top", js: "top", value: px(-lerp(o.from.y, o.to.y, p))),
            ],
            [
                StyleProperty(
                    css: "width", js: "width", value: px(lerp(v.from.width, v.to.width, p))),
                StyleProperty(
                    css: "height", js: "height", value: px(lerp(v.from.height, v.to.height, p))),
            ]
        )
    }

    /// The CSS easing of a track: its exact curve, else `linear()` through its stops.
    static func easing(_ track: ProgressTrack) -> String {
        switch track.curve {
        case .easing(.linear)?:
            return "linear"
        case .cubicBezier(let x1, let y1, let x2, let y2)?:
            let n = { (x: Double) in NumberText.format(x, places: 9) }
            return "cubic-bezier(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)))"
        case .steps(let count, let position)?:
            return "steps(\(count), \(position.rawValue))"
        case .linearStops(let stops)?:
            return linear(stops)
        default:
            return track.isLinear ? "linear" : linear(track.stops)
        }
    }

    private static func linear(_ stops: [LinearStop]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(stops.count)
        for s in stops {
            parts.append(
                NumberText.format(s.value, places: 6) + " "
                    + NumberText.format((s.input ?? 0) * 100, places: 5) + "%")
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    /// Seconds as CSS time.
    static func seconds(_ t: Double) -> String { NumberText.format(t, places: 6) + "s" }
}
