// The client's own behaviour over a fake socket: ids and replies, typed errors,
// AbortSignal -> $/cancelRequest, tick iteration that keeps the newest, closing.
import test from "node:test";
import assert from "node:assert/strict";
import {
  TransitionClient, TransitionError, UnknownSessionError, RequestCancelledError, ConnectionClosedError,
  InvalidParamsError, attributeObjects,
} from "../transitiond.js";

/** What the client needs of a WebSocket, recording what is sent. */
class FakeSocket extends EventTarget {
  constructor() {
    super();
    this.readyState = 1;
    this.sent = [];
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close(code = 1000) {
    this.readyState = 3;
    const event = new Event("close");
    event.code = code;
    event.reason = "";
    this.dispatchEvent(event);
  }
  deliver(message) {
    const event = new Event("message");
    event.data = JSON.stringify(message);
    this.dispatchEvent(event);
  }
}

test("requests get ids and resolve with their own result, batches included", async () => {
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const a = client.request("session/list");
  const b = client.status({ session: "s1" });
  assert.deepEqual(socket.sent, [
    { jsonrpc: "2.0", id: 1, method: "session/list" },
    { jsonrpc: "2.0", id: 2, method: "transition/status", params: { session: "s1" } },
  ]);
  socket.deliver([{ jsonrpc: "2.0", id: 2, result: { state: "idle" } }, { jsonrpc: "2.0", id: 1, result: { sessions: [] } }]);
  assert.deepEqual(await a, { sessions: [] });
  assert.deepEqual(await b, { state: "idle" });
});

test("errors are typed and keep code, data, field and method", async () => {
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const unknown = client.status({ session: "s9" });
  const invalid = client.createSession({});
  socket.deliver({ jsonrpc: "2.0", id: 1, error: { code: -32010, message: "No session 's9'", data: { session: "s9" } } });
  socket.deliver({ jsonrpc: "2.0", id: 2, error: { code: -32602, message: "Invalid params", data: { field: "params.viewport", path: ["params", "viewport"], reason: "expected an object {width, height}", expected: "an object {width, height}", found: "nothing" } } });
  await assert.rejects(unknown, (e) => e instanceof UnknownSessionError && e instanceof TransitionError && e.code === -32010
    && e.data.session === "s9" && e.method === "transition/status");
  await assert.rejects(invalid, (e) => e instanceof InvalidParamsError && e.field === "params.viewport"
    && e.path.join("/") === "params/viewport" && e.reason === "expected an object {width, height}");
});

test("an AbortSignal sends $/cancelRequest for that id and rejects", async () => {
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const controller = new AbortController();
  const pending = client.request("transition/sample", { session: "s1", progress: 0.5 }, { signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, (e) => e instanceof RequestCancelledError && e.code === -32800);
  assert.deepEqual(socket.sent[1], { jsonrpc: "2.0", method: "$/cancelRequest", params: { id: 1 } });
  // A late reply is ignored; an aborted signal sends nothing at all.
  socket.deliver({ jsonrpc: "2.0", id: 1, result: {} });
  await assert.rejects(client.request("session/list", undefined, { signal: controller.signal }), RequestCancelledError);
  assert.equal(socket.sent.length, 2);
});

test("ticks iterate, a slow consumer gets the newest, untilEnd stops at didEnd", async () => {
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const ticks = client.ticks("s1", { untilEnd: true });
  for (const seq of [1, 2, 3]) socket.deliver({ jsonrpc: "2.0", method: "transition/tick", params: { session: "s1", seq } });
  socket.deliver({ jsonrpc: "2.0", method: "transition/tick", params: { session: "s2", seq: 7 } });
  const first = await ticks.next();
  assert.equal(first.value.seq, 3);
  const waiting = ticks.next();
  socket.deliver({ jsonrpc: "2.0", method: "transition/tick", params: { session: "s1", seq: 4 } });
  assert.equal((await waiting).value.seq, 4);
  const ended = client.didEnd("s1");
  socket.deliver({ jsonrpc: "2.0", method: "transition/didEnd", params: { session: "s1", transition: "t1", completed: true } });
  assert.equal((await ticks.next()).done, true);
  assert.equal((await ended).transition, "t1");
});

test("closing rejects what waits with ConnectionClosedError", async () => {
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const pending = client.request("session/list");
  socket.close(1002);
  await assert.rejects(pending, (e) => e instanceof ConnectionClosedError && e.code === 1002);
  await assert.rejects(client.request("session/list"), ConnectionClosedError);
  await client.closed;
});

test("compact attributes read as objects", () => {
  const compact = {
    count: 2, kind: [0, 1], section: [0, 0], item: [0, 0], frame: [0, 0, 10, 20, 0, 20, 10, 5],
    alpha: [1, 0.5], zIndex: [0, 1], transitionProgress: [0.5, 0.5], nextFrame: [], layoutState: [0, 0], states: ["list"],
  };
  assert.deepEqual(attributeObjects(compact)[1], {
    kind: "header", section: 0, item: 0, frame: { x: 0, y: 20, width: 10, height: 5 }, alpha: 0.5, zIndex: 1,
    transitionProgress: 0.5, layoutState: "list",
  });
});

test("a compact tick reads as the same objects as the objects encoding (Protocol 8.1 and 8.2)", () => {
  // Issue 29: id, nextFrame, values, transform and hidden were dropped for compact sessions.
  const compact = {
    count: 5, kind: [1, 0, 0, 0, 0], section: [0, 0, 0, 0, 0], item: [0, 0, 1, 2, 2],
    frame: [0, 0, 200, 20, 0, 20, 200, 40, 0, 30, 147.5, 67.5, 52.5, 50, 147.5, 67.5, 0, 105, 95, 95],
    alpha: [0.5, 0.5, 1, 1, 1], zIndex: [0, 0, 0, 0, 0], transitionProgress: [0.5, 0.5, 0.5, 0.5, 0.5],
    nextFrame: [0, 0, 200, 20, 0, 20, 200, 40, 0, 0, 95, 95, 105, 0, 95, 95, 0, 105, 95, 95],
    layoutState: [0, 0, 0, 0, 0], states: ["grid"], id: [null, "a", "b", "c", "d"],
    transform: [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0.5, 0, 0, 0.5, 0, 0],
    values: {
      background: [null, "#ff0000ff", "#800080ff", "#800080ff", "#0000ffff"],
      labelOffset: [null, 4, 6, 6, 8],
    },
  };
  const rect = (x, y, width, height) => ({ x, y, width, height });
  const objects = [
    { kind: "header", section: 0, item: 0, frame: rect(0, 0, 200, 20), alpha: 0.5, zIndex: 0, transitionProgress: 0.5,
      nextFrame: rect(0, 0, 200, 20), layoutState: "grid" },
    { kind: "cell", section: 0, item: 0, id: "a", frame: rect(0, 20, 200, 40), alpha: 0.5, zIndex: 0, transitionProgress: 0.5,
      nextFrame: rect(0, 20, 200, 40), layoutState: "grid", values: { background: "#ff0000ff", labelOffset: 4 } },
    { kind: "cell", section: 0, item: 1, id: "b", frame: rect(0, 30, 147.5, 67.5), alpha: 1, zIndex: 0, transitionProgress: 0.5,
      nextFrame: rect(0, 0, 95, 95), layoutState: "grid", values: { background: "#800080ff", labelOffset: 6 } },
    { kind: "cell", section: 0, item: 2, id: "c", frame: rect(52.5, 50, 147.5, 67.5), alpha: 1, zIndex: 0, transitionProgress: 0.5,
      nextFrame: rect(105, 0, 95, 95), layoutState: "grid", values: { background: "#800080ff", labelOffset: 6 } },
    { kind: "cell", section: 0, item: 2, id: "d", frame: rect(0, 105, 95, 95), alpha: 1, zIndex: 0, transform: [0.5, 0, 0, 0.5, 0, 0],
      transitionProgress: 0.5, nextFrame: rect(0, 105, 95, 95), layoutState: "grid", values: { background: "#0000ffff", labelOffset: 8 } },
  ];
  assert.deepEqual(attributeObjects(compact), objects);
  // Members keep the order of 8.1, so the two encodings also print alike.
  assert.equal(JSON.stringify(attributeObjects(compact)), JSON.stringify(objects));
  assert.deepEqual(attributeObjects({ ...compact, hidden: [2] }).map((a) => a.hidden), [undefined, undefined, true, undefined, undefined]);
  assert.equal(attributeObjects(objects), objects);
});

test("every shortcut takes its params as one object and sends them as they are", async () => {
  // Issue 29: scrub(session, p) and status(session) were positional, start and release not.
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  const shortcuts = {
    createSession: "session/create", updateSession: "session/update", scroll: "session/scroll",
    disposeSession: "session/dispose", subscribe: "session/subscribe", unsubscribe: "session/unsubscribe",
    attributes: "layout/attributes", start: "transition/start", scrub: "transition/scrub", finish: "transition/finish",
    cancel: "transition/cancel", cancelInPlace: "transition/cancelInPlace", retarget: "transition/retarget",
    release: "transition/release", export: "transition/export", sample: "transition/sample",
    status: "transition/status", advance: "clock/advance",
  };
  for (const [name, method] of Object.entries(shortcuts)) {
    const params = { session: "s1", marker: name };
    client[name](params);
    assert.deepEqual(socket.sent.at(-1), { jsonrpc: "2.0", id: socket.sent.length, method, params }, name);
    await assert.rejects(client[name]("s1"), (e) => e instanceof TypeError && e.message.startsWith(`${method} takes its params as one object`));
  }
  client.listSessions();
  assert.deepEqual(socket.sent.at(-1), { jsonrpc: "2.0", id: socket.sent.length, method: "session/list" });
});

test("compact kinds beyond header and footer are named by the kinds table", () => {
  const compact = {
    count: 3, kind: [4, 0, 3], section: [0, 0, 0], item: [1, 1, 0], frame: new Array(12).fill(0),
    alpha: [1, 1, 1], zIndex: [2, 0, 0], transitionProgress: [0, 0, 0], nextFrame: [], layoutState: [0, 0, 0],
    states: ["list"], kinds: ["band", "badge"],
  };
  assert.deepEqual(attributeObjects(compact).map((a) => [a.kind, a.item]), [["badge", 1], ["cell", 1], ["band", 0]]);
});

test("connect without a WebSocket says how to get one", async () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "WebSocket");
  delete globalThis.WebSocket;
  try {
    await assert.rejects(TransitionClient.connect("ws://127.0.0.1:1/"), (e) => e instanceof TypeError && /--experimental-websocket/.test(e.message));
  } finally {
    if (saved) Object.defineProperty(globalThis, "WebSocket", saved);
  }
});

test("in a browser, createSession says whether the reader asked for reduced motion", () => {
  const params = { viewport: { width: 10, height: 10 }, sections: [{ items: 1 }], layout: { type: "list" } };
  const socket = new FakeSocket();
  const client = new TransitionClient(socket);
  // Node has no matchMedia: nothing is added, the daemon's default (false) holds.
  client.createSession(params);
  assert.equal("reducedMotion" in socket.sent[0].params, false);
  const queries = [];
  globalThis.matchMedia = (query) => { queries.push(query); return { matches: true }; };
  try {
    client.createSession(params);
    client.createSession({ ...params, reducedMotion: false });
  } finally {
    delete globalThis.matchMedia;
  }
  assert.deepEqual(queries, ["(prefers-reduced-motion: reduce)"]);
  assert.equal(socket.sent[1].params.reducedMotion, true);
  assert.equal(socket.sent[2].params.reducedMotion, false);
  assert.equal("reducedMotion" in params, false);
});
