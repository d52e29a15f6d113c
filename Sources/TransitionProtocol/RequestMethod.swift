/// The requests the daemon answers, by method name (Protocol/README.md; each has a
/// `<method>.params.json` and a `<method>.result.json` in `Protocol/schema`).
public enum RequestMethod: String, CaseIterable, Sendable {
    case clockAdvance = "clock/advance"
    case clockSetRate = "clock/setRate"
    #if !hasFeature(Embedded)
        /// Served by the native daemon only (TransitionDocuments), not the WebAssembly
        /// module, which leaves it out.
        case documentCheck = "document/check"
    #endif
    case initialize
    case layoutAttributes = "layout/attributes"
    case sessionCreate = "session/create"
    case sessionDispose = "session/dispose"
    case sessionList = "session/list"
    case sessionScroll = "session/scroll"
    case sessionSubscribe = "session/subscribe"
    case sessionUnsubscribe = "session/unsubscribe"
    case sessionUpdate = "session/update"
    case shutdown
    case transitionCancel = "transition/cancel"
    case transitionCancelInPlace = "transition/cancelInPlace"
    case transitionExport = "transition/export"
    case transitionFinish = "transition/finish"
    case transitionRelease = "transition/release"
    case transitionRetarget = "transition/retarget"
    case transitionSample = "transition/sample"
    case transitionScrub = "transition/scrub"
    case transitionStart = "transition/start"
    case transitionStatus = "transition/status"
}
