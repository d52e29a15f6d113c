// Binary ticks (Protocol 8.3) through the JavaScript client: a binary session's ticks,
// over a WebSocket to the real daemon (Node 20: --experimental-websocket) and from the
// WebAssembly module in this process, arrive as the same transition/tick notification;
// `attributeObjects` gives what a compact twin session of the same params and times
// gives (numbers the same, or their nearest float32), and the columns are typed arrays
// over the frame. The module's Content-Length connections (the Node daemon's stdio and
// sockets) refuse binary sessions.
import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { TransitionClient, BinaryAttributes, attributeObjects, decodeBinaryTick } from "../transitiond.js";
import { Framing, loadModule } from "../transitiond-wasm.js";

const here = dirname(fileURLToPath(import.meta.url));
const daemon = process.env.TRANSITIOND ?? join(here, "../../../.build/debug/transitiond");
const wasmURL = new URL("../transitiond.wasm", import.meta.url);

// Protocol 8.1's example: a header, ids, colours and numbers, a fade and a scale.
const EXAMPLE = {
  viewport: { width: 200, height: 120 },
  sections: [{ items: 3, ids: ["a", "b", "c"] }],
  layout: { type: "list", rowHeight: 40, headerHeight: 20, values: { background: "#ff0000", labelOffset: 4 } },
  clock: "manual",
};
const START = {
  to: { type: "grid", columns: 2, spacing: 10, values: { background: "#0000ff", labelOffset: 8 } },
  sections: [{ items: 3, ids: ["b", "c", "d"] }], duration: 1, appear: "scale", disappear: "fade",
  contentOffset: { point: { x: 0, y: 0 } },
};
// Many items scrolled far: frames in float32 columns, items in u16.
const FAR = {
  viewport: { width: 375, height: 1200 }, sections: [{ items: 100000 }],
  layout: { type: "grid", columns: 8, spacing: 0 }, contentOffset: { x: 0, y: 50000 }, clock: "manual",
};
// Shapes and content layers (Protocol 7.12): a border on `a` only, four radii, a crossfade.
const SHAPED = {
  viewport: { width: 200, height: 120 }, sections: [{ items: 3, ids: ["a", "b", "c"] }], clock: "manual",
  layout: { type: "list", rowHeight: 40, itemStyles: [{ ids: ["a"], border: { width: 1.5, color: "#123456" }, shadow: { radius: 3, opacity: 0.3 } }] },
};
const SHAPED_START = {
  to: { type: "grid", columns: 2, cellStyle: { cornerRadius: [1, 2, 3, 4] } }, sections: [{ items: 3, ids: ["b", "c", "d"] }],
  duration: 1, contentFade: "cross", contentResize: "scale",
};
const FAR_START = { to: { type: "grid", columns: 8, spacing: 2, inset: { top: 4, left: 4, bottom: 4, right: 4 } }, duration: 1 };

/** Equal member by member; a number may be the expected one's nearest float32. */
function sameWithinFloat32(actual, expected, path = "$") {
  if (typeof expected === "number") {
    assert.ok(actual === expected || actual === Math.fround(expected), `${path}: ${actual} is neither ${expected} nor its float32`);
  } else if (expected !== null && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${path}: members`);
    for (const key of Object.keys(expected)) sameWithinFloat32(actual[key], expected[key], `${path}.${key}`);
  } else {
    assert.equal(actual, expected, path);
  }
}

/** Creates a binary and a compact twin, runs both through `times`; checks each tick pair. */
async function compareTwins(client, params, start, times) {
  const ticks = new Map();
  const off = client.on("transition/tick", (tick) => ticks.set(tick.session, tick));
  const binary = (await client.createSession({ ...params, encoding: "binary" })).session;
  const compact = (await client.createSession({ ...params, encoding: "compact" })).session;
  for (const session of [binary, compact]) await client.start({ session, ...start });
  let checked = 0;
  for (const to of times) {
    const replies = [];
    for (const session of [binary, compact]) replies.push(await client.advance({ session, to }));
    const b = ticks.get(binary);
    const c = ticks.get(compact);
    assert.ok(b.attributes instanceof BinaryAttributes);
    assert.equal(b.attributes.count, c.attributes.count);
    for (const key of ["seq", "time", "fraction", "progress", "velocity", "contentOffset", "transition"]) {
      assert.deepEqual(b[key], c[key], key);
    }
    sameWithinFloat32(attributeObjects(b.attributes), attributeObjects(c.attributes));
    // The reply repeats the tick in compact.
    assert.deepEqual(replies[0].attributes, replies[1].attributes);
    checked += b.attributes.count;
  }
  off();
  return { binary, compact, checked, last: ticks.get(binary) };
}

test("binary ticks from the daemon", { skip: !globalThis.WebSocket && "no WebSocket: run node with --experimental-websocket" }, async (t) => {
  const runtime = mkdtempSync(join(tmpdir(), "tdbin-"));
  chmodSync(runtime, 0o700);
  const child = spawn(daemon, ["--ws", "127.0.0.1:0", "--max-items", "100000"], { env: { ...process.env, XDG_RUNTIME_DIR: runtime }, stdio: ["ignore", "ignore", "pipe"] });
  t.after(() => { child.kill(); rmSync(runtime, { recursive: true, force: true }); });
  let info;
  for (let tries = 0; tries < 500 && !info; tries++) {
    try {
      const read = JSON.parse(readFileSync(join(runtime, "transitiond/web.json"), "utf8"));
      if (read.pid === child.pid) info = read;
    } catch {}
    if (!info) await new Promise((r) => setTimeout(r, 20));
  }
  const client = await TransitionClient.connect(info.ws);
  assert.deepEqual(client.serverInfo.capabilities.encodings, ["objects", "compact", "binary"]);

  await t.test("objects equal a compact twin's, with ids, colours, fades and scales", async () => {
    const { checked, last } = await compareTwins(client, EXAMPLE, START, [0, 0.25, 0.5, 1]);
    assert.ok(checked >= 16);
    // At the end the header and `a` are gone: every element has the destination's colour and
    // label offset, one shared value each.
    assert.equal(last.attributes.count, 3);
    assert.equal(last.attributes.values.background, "#0000ffff");
    assert.equal(last.attributes.value("background", 3), "#0000ffff");
    assert.equal(last.attributes.values.labelOffset, 8);
  });

  await t.test("columns are typed arrays over the frame, shared values one number", async () => {
    const { last } = await compareTwins(client, FAR, FAR_START, [0.3, 0.7]);
    const a = last.attributes;
    assert.equal(a.count, 216);
    assert.ok(a.columns.x instanceof Float32Array && a.columns.x.length === 216);
    assert.ok(a.columns.item instanceof Uint16Array);
    assert.equal(typeof a.columns.width, "number");
    assert.equal(typeof a.columns.kind, "number");
    const widths = a.column("width");
    assert.equal(widths.length, 216);
    assert.ok(widths.every((w) => w === a.columns.width));
    assert.deepEqual(Array.from(a.column("item")).slice(0, 3), [a.columns.item[0], a.columns.item[0] + 1, a.columns.item[0] + 2]);
  });

  await t.test("shapes and content layers: objects equal a compact twin's", async () => {
    const { last } = await compareTwins(client, SHAPED, SHAPED_START, [0.3, 0.7]);
    const objects = last.attributes.objects();
    const a = objects.find((e) => e.id === "a");
    const b = objects.find((e) => e.id === "b");
    assert.equal(a.border.color, "#123456ff");
    assert.ok(!("contentAlpha" in a) && !("cornerRadius" in a));
    assert.deepEqual(b.contentAlpha.map(Math.fround), [0.3, 0.7].map(Math.fround));
    assert.ok(Array.isArray(b.cornerRadius) && b.contentScale.length === 2);
  });

  await t.test("bytes that are not a binary tick are refused", () => {
    assert.throws(() => decodeBinaryTick(new TextEncoder().encode('{"jsonrpc":"2.0"}')), TypeError);
    assert.throws(() => decodeBinaryTick(new Uint8Array([0x74, 0x64, 0x62, 0x01, 200, 0, 0, 0])), TypeError);
  });

  await client.close();
});

test("binary ticks from the module in this process", { skip: !existsSync(wasmURL) && "no transitiond.wasm: run bash scripts/build-wasm.sh" }, async () => {
  const compiled = await WebAssembly.compile(readFileSync(wasmURL));
  // FAR has 100,000 items, over the default limit.
  const client = await TransitionClient.connectLocal({ module: compiled, limits: { "max-items": 100000 } });
  assert.deepEqual(client.serverInfo.capabilities.encodings, ["objects", "compact", "binary"]);
  const { checked } = await compareTwins(client, EXAMPLE, START, [0, 0.5, 1]);
  assert.ok(checked >= 12);
  const { last } = await compareTwins(client, FAR, FAR_START, [0.4]);
  assert.ok(last.attributes.columns.y instanceof Float32Array);
  await client.close();
});

test("the module's Content-Length connections refuse binary sessions", { skip: !existsSync(wasmURL) && "no transitiond.wasm: run bash scripts/build-wasm.sh" }, async () => {
  const module = await loadModule(readFileSync(wasmURL), { onLog: () => {} });
  let received = "";
  const connection = module.open(Framing.lsp, { onBytes: (bytes) => { received += new TextDecoder().decode(bytes); } });
  const frame = (message) => {
    const body = JSON.stringify(message);
    return new TextEncoder().encode(`Content-Length: ${new TextEncoder().encode(body).length}\r\n\r\n${body}`);
  };
  connection.send(frame({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, capabilities: {} } }));
  connection.send(frame({ jsonrpc: "2.0", id: 2, method: "session/create", params: { ...EXAMPLE, encoding: "binary" } }));
  const replies = received.split(/Content-Length: \d+\r\n\r\n/).filter(Boolean).map((body) => JSON.parse(body));
  assert.deepEqual(replies[0].result.capabilities.encodings, ["objects", "compact"]);
  assert.equal(replies[1].error.code, -32602);
  assert.equal(replies[1].error.data.field, "params.encoding");
  connection.end();
});
