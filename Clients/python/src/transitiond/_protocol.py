"""Generated from Protocol/schema by scripts/generate-protocol-tables.py: do not edit."""

REQUESTS = (
    "clock/advance",
    "clock/setRate",
    "document/check",
    "initialize",
    "layout/attributes",
    "session/create",
    "session/dispose",
    "session/list",
    "session/scroll",
    "session/subscribe",
    "session/unsubscribe",
    "session/update",
    "shutdown",
    "transition/cancel",
    "transition/cancelInPlace",
    "transition/export",
    "transition/finish",
    "transition/release",
    "transition/retarget",
    "transition/sample",
    "transition/scrub",
    "transition/start",
    "transition/status",
)

CLIENT_NOTIFICATIONS = (
    "$/cancelRequest",
    "$/setTrace",
    "exit",
    "initialized",
)

DAEMON_NOTIFICATIONS = (
    "transition/tick",
    "transition/didEnd",
    "window/logMessage",
    "$/logTrace",
)

#: The codes the daemon answers errors with, by name.
ERROR_CODES = {
    "ParseError": -32700,
    "InvalidRequest": -32600,
    "MethodNotFound": -32601,
    "InvalidParams": -32602,
    "InternalError": -32603,
    "ServerNotInitialized": -32002,
    "RequestCancelled": -32800,
    "UnknownSession": -32010,
    "NoTransition": -32011,
    "TransitionInFlight": -32012,
    "NotManualClock": -32013,
    "LimitReached": -32014,
}

#: Codes of the client's own conditions (never sent by the daemon).
CLIENT_ERROR_CODES = {
    "RequestTimeout": -31001,
    "ConnectionClosed": -31002,
}

EASINGS = (
    "linear",
    "quadraticEaseIn",
    "quadraticEaseOut",
    "quadraticEaseInOut",
    "cubicEaseIn",
    "cubicEaseOut",
    "cubicEaseInOut",
    "quarticEaseIn",
    "quarticEaseOut",
    "quarticEaseInOut",
    "quinticEaseIn",
    "quinticEaseOut",
    "quinticEaseInOut",
    "sineEaseIn",
    "sineEaseOut",
    "sineEaseInOut",
    "circularEaseIn",
    "circularEaseOut",
    "circularEaseInOut",
    "exponentialEaseIn",
    "exponentialEaseOut",
    "exponentialEaseInOut",
    "elasticEaseIn",
    "elasticEaseOut",
    "elasticEaseInOut",
    "backEaseIn",
    "backEaseOut",
    "backEaseInOut",
    "bounceEaseIn",
    "bounceEaseOut",
    "bounceEaseInOut",
)

#: The defaults the daemon applies to members left out, by method.
DEFAULTS = {
    "clock/advance": {"reply": "tick"},
    "session/create": {"clock": "realtime", "encoding": "objects", "fps": 60, "reducedMotion": False},
    "transition/export": {"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"},
    "transition/release": {"timing": {"spring": {"dampingFraction": 0.825, "response": 0.55}}},
    "transition/retarget": {"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"},
    "transition/sample": {"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"},
    "transition/start": {"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"},
}
