/// A transition's keyframes resolved against its source: the stops in order of `at`,
/// each with the source elements it applies to.
struct KeyframePlan: Sendable {
    let stops: [Keyframe]
    let scopes: [ResolvedKeyframeScope]
    /// Whether every stop applies to every element (no filtering per element).
    let universal: Bool
    /// How far keyframe offsets can move a centre at any progress in
    /// `Transition.progressLimits`, along either axis.
    let offsetReach: Double

    /// - Throws: the first invalid stop, named `keyframes[i]`.
    init(_ keyframes: [Keyframe], model: ItemModel, kinds: ElementKindTable)
        throws(ValidationError)
    {
        var stops: [Keyframe] = []
        var scopes: [ResolvedKeyframeScope] = []
        var universal = true
        for (i, stop) in keyframes.enumerated() {
            try stop.validate(field: "keyframes[\(i)]")
            let scope = try ResolvedKeyframeScope.resolve(
                stop.scope, model: model, kinds: kinds, field: "keyframes[\(i)]")
            // Insertion by `at`, after the stops at the same progress (a few stops: no sort).
            var place = stops.count
            while place > 0 && stops[place - 1].at > stop.at { place -= 1 }
            stops.insert(stop, at: place)
            scopes.insert(scope, at: place)
            if stop.scope != nil { universal = false }
        }
        self.stops = stops
        self.scopes = scopes
        self.universal = universal
        let offsets = stops.filter { $0.offset != nil }
        var magnitude = 0.0
        for stop in offsets {
            magnitude = Swift.max(magnitude, Swift.abs(stop.offset!.x), Swift.abs(stop.offset!.y))
        }
        offsetReach = offsets.isEmpty ? 0 : KeyframeTrack.reach(offsets, magnitude: magnitude)
    }

    /// The stops that apply to the source element `key`, in order.
    func stops(for key: ElementKey) -> [Keyframe] {
        if universal { return stops }
        var result: [Keyframe] = []
        for (i, stop) in stops.enumerated() where scopes[i].contains(key) { result.append(stop) }
        return result
    }
}
