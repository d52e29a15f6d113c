import JSONRPC
import TransitionEngine

extension Decode {
    /// `contentOffset` of `transition/start`: absent (automatic), `{"placement", "items",
    /// "anchor", "inset"}` (`inset` insets or `"content"`), `{"strategy": "displaySwitch" | "automatic"}` or `{"point"}`.
    static func offsetTarget(_ json: JSONCursor) throws(JSONDecodingError) -> ContentOffsetTarget {
        guard json.isPresent else { return .automatic }
        if json["point"].isPresent { return .point(try point(json["point"])) }
        if json["strategy"].isPresent {
            return try choice(json["strategy"], ["automatic", "displaySwitch"]) == "displaySwitch"
                ? .displaySwitch : .automatic
        }
        let placement = try named(json["placement"], Placement.self)
        var items: [IndexPath] = []
        for element in try json["items"].elements() { items.append(try indexPath(element)) }
        let byContent: Bool
        if case .string? = json["inset"].value {
            _ = try choice(json["inset"], ["content"])
            byContent = true
        } else {
            byContent = false
        }
        return .placement(
            placement, items: items,
            anchor: json["anchor"].isPresent ? try point(json["anchor"]) : nil,
            inset: json["inset"].isPresent && !byContent ? try insets(json["inset"]) : .zero,
            insetByContent: byContent)
    }

    /// `{"delay": seconds, "order": "index" | "distance", "from": [s, i], "reversed"}`.
    static func stagger(_ json: JSONCursor) throws(JSONDecodingError) -> Stagger? {
        guard json.isPresent else { return nil }
        let order: Stagger.Order
        let from = json["from"].isPresent ? try indexPath(json["from"]) : nil
        switch try choice(
            json["order"].isPresent ? json["order"] : JSONCursor(.string("index")),
            ["index", "distance"])
        {
        case "distance":
            order = .distance(from: from)
        default:
            // An origin the index order would not use is refused, not ignored.
            guard from == nil else {
                throw JSONDecodingError(
                    path: json["from"].pathSteps, reason: "only with \"order\": \"distance\"")
            }
            order = .index
        }
        return Stagger(
            delay: try json["delay"].decode(), order: order,
            reversed: try json["reversed"].decode(default: false))
    }

    /// The options of `transition/start` (and `retarget`, `sample`).
    static func transitionOptions(_ params: JSONCursor) throws(JSONDecodingError)
        -> TransitionOptions
    {
        var options = TransitionOptions(
            contentOffset: try offsetTarget(params["contentOffset"]),
            appear: try named(params["appear"], default: AppearEffect.fade),
            disappear: try named(params["disappear"], default: AppearEffect.fade),
            stagger: try stagger(params["stagger"]),
            colorSpace: try named(params["colorSpace"], default: ColorSpace.srgb),
            discreteSwitch: try discreteSwitch(params["discreteSwitch"]),
            keyframes: try keyframes(params["keyframes"]), path: try motionPath(params["path"]))
        // By index into the names, not `named`: one generic copy fewer in the module.
        let fades: [ContentFade] = [.none, .in, .out, .cross, .through]
        options.contentFade =
            fades[
                try choiceIndex(params["contentFade"], ["none", "in", "out", "cross", "through"])]
        options.contentResize =
            try choiceIndex(params["contentResize"], ["remeasure", "scale"]) == 1
            ? .scale : .remeasure
        return options
    }

    /// The index of one of `names` (0, the default, when absent).
    static func choiceIndex(_ json: JSONCursor, _ names: [String]) throws(JSONDecodingError) -> Int
    {
        guard json.isPresent else { return 0 }
        return names.firstIndex(of: try choice(json, names)) ?? 0
    }

    /// `discreteSwitch`: a number from 0 to 1 (default 0.5).
    static func discreteSwitch(_ json: JSONCursor) throws(JSONDecodingError) -> Double {
        let value: Double = try json.decode(default: TransitionOptions.defaultDiscreteSwitch)
        guard value >= 0, value <= 1 else { throw json.invalid("a number from 0 to 1") }
        return value
    }

    /// `reducedDuration`: seconds a reduced transition lasts, positive (default 0.2).
    static func reducedDuration(_ json: JSONCursor) throws(JSONDecodingError) -> Double {
        let value: Double = try json.decode(default: TransitionOptions.defaultReducedDuration)
        guard value.isFinite, value > 0, value <= ValidationError.maximumMagnitude else {
            throw json.invalid("a positive number of seconds")
        }
        return value
    }

    /// `interactive`, `duration` and `timing` of a transition.
    static func transitionTiming(_ params: JSONCursor) throws(JSONDecodingError) -> TransitionTiming
    {
        TransitionTiming(
            interactive: try params["interactive"].decode(default: false),
            duration: try params["duration"].decodeIfPresent(),
            curve: params["timing"].isPresent ? try timing(params["timing"]) : .easing(.linear))
    }
}
