'use strict';
// Generated from Protocol/schema by scripts/generate-protocol-tables.py: do not edit.

const REQUESTS = Object.freeze([
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
]);

const CLIENT_NOTIFICATIONS = Object.freeze([
  "$/cancelRequest",
  "$/setTrace",
  "exit",
  "initialized",
]);

const DAEMON_NOTIFICATIONS = Object.freeze([
  "transition/tick",
  "transition/didEnd",
  "window/logMessage",
  "$/logTrace",
]);

/** The codes the daemon answers errors with. */
const ERROR_CODES = Object.freeze({
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  RequestCancelled: -32800,
  UnknownSession: -32010,
  NoTransition: -32011,
  TransitionInFlight: -32012,
  NotManualClock: -32013,
  LimitReached: -32014,
});

/** The client's own conditions (never sent by the daemon). */
const CLIENT_ERROR_CODES = Object.freeze({
  RequestTimeout: -31001,
  ConnectionClosed: -31002,
});

const EASINGS = Object.freeze([
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
]);

/** What the daemon uses for members left out, by method. */
const DEFAULTS = Object.freeze({
  "clock/advance": Object.freeze({"reply": "tick"}),
  "session/create": Object.freeze({"clock": "realtime", "encoding": "objects", "fps": 60, "reducedMotion": false}),
  "transition/export": Object.freeze({"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"}),
  "transition/release": Object.freeze({"timing": {"spring": {"dampingFraction": 0.825, "response": 0.55}}}),
  "transition/retarget": Object.freeze({"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"}),
  "transition/sample": Object.freeze({"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"}),
  "transition/start": Object.freeze({"contentFade": "none", "contentResize": "remeasure", "duration": 0.3, "motion": "auto", "path": "straight", "reducedDuration": 0.2, "timing": "linear"}),
});

module.exports = { REQUESTS, CLIENT_NOTIFICATIONS, DAEMON_NOTIFICATIONS, ERROR_CODES, CLIENT_ERROR_CODES, EASINGS, DEFAULTS };
