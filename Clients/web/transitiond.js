// transitiond.js — a dependency-free client of transitiond over WebSocket, for browsers
// and Node 20+ (ES module). One text frame carries one JSON-RPC message; requests are
// promises, ticks are async iterables, an AbortSignal sends $/cancelRequest.
//
//   import { TransitionClient } from "./transitiond.js";
//   const client = await TransitionClient.connect("ws://127.0.0.1:PORT/?token=...");
//   const { session } = await client.request("session/create", { ... });
//   for await (const tick of client.ticks(session)) draw(tick);

/** The 31 easing names of Protocol/schema (defs.json#/$defs/easingName). */
export const EASINGS = Object.freeze([
  "linear",
  "quadraticEaseIn", "quadraticEaseOut", "quadraticEaseInOut",
  "cubicEaseIn", "cubicEaseOut", "cubicEaseInOut",
  "quarticEaseIn", "quarticEaseOut", "quarticEaseInOut",
  "quinticEaseIn", "quinticEaseOut", "quinticEaseInOut",
  "sineEaseIn", "sineEaseOut", "sineEaseInOut",
  "circularEaseIn", "circularEaseOut", "circularEaseInOut",
  "exponentialEaseIn", "exponentialEaseOut", "exponentialEaseInOut",
  "elasticEaseIn", "elasticEaseOut", "elasticEaseInOut",
  "backEaseIn", "backEaseOut", "backEaseInOut",
  "bounceEaseIn", "bounceEaseOut", "bounceEaseInOut",
]);

/** JSON-RPC and transitiond error codes (Protocol/README.md section 14). */
export const ErrorCode = Object.freeze({
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

/** An error response from the daemon: `code`, `message`, `data`, and the `method`. */
export class TransitionError extends Error {
  constructor(code, message, data, method) {
    super(message);
    this.name = "TransitionError";
    this.code = code;
    this.data = data;
    this.method = method;
  }

  /** `data.field` when the daemon names the offending member (`params.viewport.width`). */
  get field() {
    return this.data && typeof this.data.field === "string" ? this.data.field : undefined;
  }

  /** The subclass for a code, so `instanceof UnknownSessionError` works. */
  static from(error, method) {
    const Kind = ERROR_CLASSES.get(error.code) ?? TransitionError;
    return new Kind(error.code, error.message, error.data, method);
  }
}

export class InvalidParamsError extends TransitionError {}
export class UnknownSessionError extends TransitionError {}
export class NoTransitionError extends TransitionError {}
export class TransitionInFlightError extends TransitionError {}
export class LimitReachedError extends TransitionError {}
/** The request was cancelled (by its AbortSignal, or by the daemon's -32800). */
export class RequestCancelledError extends TransitionError {}

const ERROR_CLASSES = new Map([
  [ErrorCode.InvalidParams, InvalidParamsError],
  [ErrorCode.UnknownSession, UnknownSessionError],
  [ErrorCode.NoTransition, NoTransitionError],
  [ErrorCode.TransitionInFlight, TransitionInFlightError],
  [ErrorCode.LimitReached, LimitReachedError],
  [ErrorCode.RequestCancelled, RequestCancelledError],
]);

/** The connection ended (a close frame's `code` and `reason`, when one came). */
export class ConnectionClosedError extends Error {
  constructor(code, reason) {
    super(`connection closed${code ? ` (${code}${reason ? `: ${reason}` : ""})` : ""}`);
    this.name = "ConnectionClosedError";
    this.code = code;
    this.reason = reason;
  }
}

const OPEN = 1;

/**
 * A connection to transitiond. Create it with `TransitionClient.connect(url)`, or wrap a
 * WebSocket you opened yourself with `new TransitionClient(socket)`.
 */
export class TransitionClient {
  /**
   * Opens `url` (the `ws` member of web.json, token included) and initializes.
   * Options: `WebSocket` (a constructor, for Node 20 without --experimental-websocket),
   * `clientInfo`, `initialize` (default true), `signal`.
   */
  static async connect(url, options = {}) {
    const Socket = options.WebSocket ?? globalThis.WebSocket;
    if (typeof Socket !== "function") {
      throw new TypeError("no WebSocket: pass options.WebSocket (Node 20: run with --experimental-websocket)");
    }
    const socket = new Socket(url);
    await new Promise((resolve, reject) => {
      const opened = () => { cleanup(); resolve(); };
      const failed = () => { cleanup(); reject(new ConnectionClosedError(undefined, "could not connect (refused, or a wrong token)")); };
      const aborted = () => { cleanup(); socket.close(); reject(options.signal.reason ?? new Error("aborted")); };
      const cleanup = () => {
        socket.removeEventListener("open", opened);
        socket.removeEventListener("error", failed);
        socket.removeEventListener("close", failed);
        options.signal?.removeEventListener("abort", aborted);
      };
      socket.addEventListener("open", opened);
      socket.addEventListener("error", failed);
      socket.addEventListener("close", failed);
      options.signal?.addEventListener("abort", aborted);
    });
    const client = new TransitionClient(socket);
    if (options.initialize !== false) {
      client.serverInfo = await client.initialize(options.clientInfo);
    }
    return client;
  }

  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    /** id -> {resolve, reject, method, cleanup} */
    this.pending = new Map();
    /** method -> Set of handlers */
    this.handlers = new Map();
    this.closeError = null;
    this.closed = new Promise((resolve) => { this.resolveClosed = resolve; });
    socket.addEventListener("message", (event) => this.received(event.data));
    socket.addEventListener("close", (event) => this.ended(event.code, event.reason));
  }

  /** `initialize` then `initialized`; returns the daemon's result. */
  async initialize(clientInfo = { name: "transitiond.js", version: "1" }) {
    const result = await this.request("initialize", { processId: null, clientInfo, capabilities: {} });
    this.notify("initialized", {});
    return result;
  }

  /**
   * Sends a request; resolves with its result, rejects with a TransitionError (or a
   * subclass) or a ConnectionClosedError. `options.signal` cancels it: the daemon is
   * sent `$/cancelRequest` and the promise rejects with RequestCancelledError.
   */
  request(method, params, options = {}) {
    if (this.closeError) return Promise.reject(this.closeError);
    const { signal } = options;
    if (signal?.aborted) {
      return Promise.reject(new RequestCancelledError(ErrorCode.RequestCancelled, "Request cancelled", undefined, method));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      let cleanup = () => {};
      if (signal) {
        const abort = () => {
          if (!this.pending.has(id)) return;
          this.pending.delete(id);
          this.notify("$/cancelRequest", { id });
          reject(new RequestCancelledError(ErrorCode.RequestCancelled, "Request cancelled", undefined, method));
        };
        signal.addEventListener("abort", abort, { once: true });
        cleanup = () => signal.removeEventListener("abort", abort);
      }
      this.pending.set(id, { resolve, reject, method, cleanup });
      this.send(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    });
  }

  /** Sends a notification. */
  notify(method, params) {
    if (this.closeError) return;
    this.send(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
  }

  /** Calls `handler(params)` for each notification `method`; returns the unsubscriber. */
  on(method, handler) {
    if (!this.handlers.has(method)) this.handlers.set(method, new Set());
    this.handlers.get(method).add(handler);
    return () => this.handlers.get(method)?.delete(handler);
  }

  /**
   * The ticks of `session` as an async iterable. A consumer slower than the stream
   * gets the newest tick (as the daemon does for a slow reader): at most `buffer`
   * ticks wait (default 1). Ends when `options.signal` aborts, after the didEnd of
   * the transition when `options.untilEnd` is set, or when the connection closes.
   */
  ticks(session, options = {}) {
    const limit = Math.max(1, options.buffer ?? 1);
    const queue = [];
    let wake = null;
    let done = false;
    const finish = () => {
      done = true;
      offTick();
      offEnd();
      wake?.();
    };
    const offTick = this.on("transition/tick", (tick) => {
      if (tick.session !== session || done) return;
      queue.push(tick);
      if (queue.length > limit) queue.shift();
      wake?.();
    });
    const offEnd = this.on("transition/didEnd", (end) => {
      if (end.session === session && options.untilEnd) finish();
    });
    options.signal?.addEventListener("abort", finish, { once: true });
    this.closed.then(finish);
    return {
      [Symbol.asyncIterator]() { return this; },
      next: async () => {
        while (queue.length === 0 && !done) await new Promise((resolve) => { wake = resolve; });
        wake = null;
        if (queue.length > 0) return { value: queue.shift(), done: false };
        return { value: undefined, done: true };
      },
      return: async () => { finish(); return { value: undefined, done: true }; },
    };
  }

  /** Resolves with the didEnd of `session` (of `transition` when given). */
  didEnd(session, transition) {
    return new Promise((resolve, reject) => {
      const off = this.on("transition/didEnd", (end) => {
        if (end.session !== session || (transition && end.transition !== transition)) return;
        off();
        resolve(end);
      });
      this.closed.then(() => { off(); reject(this.closeError); });
    });
  }

  // Typed shortcuts for the methods of Protocol/README.md sections 9 and 10.
  createSession(params, options) { return this.request("session/create", params, options); }
  updateSession(params, options) { return this.request("session/update", params, options); }
  scroll(session, contentOffset, options) { return this.request("session/scroll", { session, contentOffset }, options); }
  disposeSession(session, options) { return this.request("session/dispose", { session }, options); }
  listSessions(options) { return this.request("session/list", undefined, options); }
  subscribe(session, options) { return this.request("session/subscribe", { session }, options); }
  unsubscribe(session, options) { return this.request("session/unsubscribe", { session }, options); }
  attributes(params, options) { return this.request("layout/attributes", params, options); }
  start(params, options) { return this.request("transition/start", params, options); }
  scrub(session, progress, options) { return this.request("transition/scrub", { session, progress }, options); }
  finish(params, options) { return this.request("transition/finish", params, options); }
  cancel(params, options) { return this.request("transition/cancel", params, options); }
  cancelInPlace(session, options) { return this.request("transition/cancelInPlace", { session }, options); }
  retarget(params, options) { return this.request("transition/retarget", params, options); }
  release(params, options) { return this.request("transition/release", params, options); }
  export(params, options) { return this.request("transition/export", params, options); }
  sample(params, options) { return this.request("transition/sample", params, options); }
  status(session, options) { return this.request("transition/status", { session }, options); }
  advance(params, options) { return this.request("clock/advance", params, options); }

  /** `shutdown` then `exit`; resolves when the connection is closed. */
  async shutdown() {
    await this.request("shutdown");
    this.notify("exit");
    await this.closed;
  }

  /** Closes the WebSocket (normal closure). */
  close() {
    if (this.socket.readyState === OPEN) this.socket.close(1000);
    return this.closed;
  }

  send(message) {
    if (this.socket.readyState !== OPEN) {
      this.ended(undefined, "socket not open");
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  received(data) {
    if (typeof data !== "string") return; // the daemon sends text only
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    for (const m of Array.isArray(message) ? message : [message]) this.dispatch(m);
  }

  dispatch(message) {
    if (message === null || typeof message !== "object") return;
    if ("id" in message && !("method" in message)) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return; // cancelled meanwhile
      this.pending.delete(message.id);
      waiting.cleanup();
      if (message.error) waiting.reject(TransitionError.from(message.error, waiting.method));
      else waiting.resolve(message.result);
      return;
    }
    if (typeof message.method === "string") {
      for (const handler of this.handlers.get(message.method) ?? []) handler(message.params);
      for (const handler of this.handlers.get("*") ?? []) handler(message);
    }
  }

  ended(code, reason) {
    if (this.closeError) return;
    this.closeError = new ConnectionClosedError(code, reason);
    for (const waiting of this.pending.values()) {
      waiting.cleanup();
      waiting.reject(this.closeError);
    }
    this.pending.clear();
    this.resolveClosed();
  }
}

/**
 * Attributes of a tick as objects, whatever the session's encoding (`objects` or
 * `compact`).
 */
export function attributeObjects(attributes) {
  if (Array.isArray(attributes)) return attributes;
  const kinds = ["cell", "header", "footer"];
  const out = [];
  for (let i = 0; i < attributes.count; i++) {
    const f = attributes.frame;
    out.push({
      kind: kinds[attributes.kind[i]],
      section: attributes.section[i],
      item: attributes.item[i],
      frame: { x: f[4 * i], y: f[4 * i + 1], width: f[4 * i + 2], height: f[4 * i + 3] },
      alpha: attributes.alpha[i],
      zIndex: attributes.zIndex[i],
      transitionProgress: attributes.transitionProgress[i],
      layoutState: attributes.states[attributes.layoutState[i]],
    });
  }
  return out;
}
