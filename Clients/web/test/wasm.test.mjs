// The WebAssembly module in this Node process (transitiond.wasm, from
// scripts/build-wasm.sh): every golden transcript of Protocol/examples replayed through
// it, connectLocal() with the unchanged client, a realtime transition ticking from
// timers to its didEnd, the options and their errors.
import test from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Framing, loadModule } from "../transitiond-wasm.js";
import { TransitionClient } from "../transitiond.js";

const wasmURL = new URL("../transitiond.wasm", import.meta.url);
const examples = fileURLToPath(new URL("../../../Protocol/examples/", import.meta.url));
if (!existsSync(wasmURL)) throw new Error("transitiond.wasm is missing: run bash scripts/build-wasm.sh");
const compiled = await WebAssembly.compile(readFileSync(wasmURL));

/** Structural equality with numbers within 1e-9, as Protocol/tests compares. */
function same(actual, expected, path = "$") {
  if (typeof expected === "number" && typeof actual === "number") {
    assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${path}: ${actual} != ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length, `${path}: ${JSON.stringify(actual)?.slice(0, 200)} != ${JSON.stringify(expected).slice(0, 200)}`);
    expected.forEach((e, i) => same(actual[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === "object") {
    assert.ok(actual !== null && typeof actual === "object", `${path}: not an object`);
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${path}: members`);
    for (const key of Object.keys(expected)) same(actual[key], expected[key], `${path}.${key}`);
  } else {
    assert.equal(actual, expected, path);
  }
}

/**
 * What the transcripts (recorded over stdio) show, as a connection of one message per
 * send has it: binary frames travel there, so `initialize` offers the binary encoding
 * too (Protocol 8.3).
 */
function overMessages(expected) {
  const encodings = expected?.result?.capabilities?.encodings;
  if (!encodings) return expected;
  const result = { ...expected.result, capabilities: { ...expected.result.capabilities, encodings: [...encodings, "binary"] } };
  return { ...expected, result };
}

// Transcripts of the native daemon's own methods (document/check: Protocol/README.md 18.2).
const nativeOnly = new Set(["documents.jsonl"]);
for (const name of readdirSync(examples).filter((f) => f.endsWith(".jsonl") && !nativeOnly.has(f)).sort()) {
  test(`transcript ${name} replays through the module`, async () => {
    const module = await loadModule(compiled, { onLog: () => {} });
    const received = [];
    const connection = module.open(Framing.messages, { onMessage: (text) => received.push(JSON.parse(text)) });
    const lines = readFileSync(examples + name, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
    let expected = 0;
    for (const line of lines) {
      if (line.send !== undefined) {
        connection.send(JSON.stringify(line.send));
      } else if (line.expect !== undefined) {
        assert.ok(expected < received.length, `${name}: message ${expected + 1} did not arrive`);
        same(received[expected], overMessages(line.expect), `${name} message ${expected + 1}`);
        expected += 1;
      }
    }
    connection.end();
    assert.equal(received.length, expected, `${name}: ${received.length - expected} messages more than the transcript's`);
  });
}

test("connectLocal gives the unchanged client an engine in this process", async () => {
  const client = await TransitionClient.connectLocal({ module: compiled });
  assert.equal(client.serverInfo.serverInfo.name, "transitiond");
  const { session } = await client.request("session/create", {
    viewport: { width: 200, height: 100 }, sections: [{ items: 4 }], layout: { type: "list", rowHeight: 40 }, clock: "manual",
  });
  const sample = await client.request("transition/sample", { session, to: { type: "grid", columns: 2 }, duration: 1, progress: 1, all: true });
  // Item 3 of a 2-column grid of 200 points: the second row, the second column.
  const item3 = sample.attributes.find((a) => a.item === 3);
  assert.equal(item3.frame.x, 100);
  assert.equal(item3.frame.y, 100);
  await assert.rejects(client.request("no/such"), (error) => error.code === -32601);
  await client.close();
});

test("a realtime transition ticks from timers to its didEnd", async () => {
  const client = await TransitionClient.connectLocal({ module: compiled });
  const { session } = await client.request("session/create", {
    viewport: { width: 200, height: 400 }, sections: [{ items: 20 }], layout: { type: "list", rowHeight: 40 }, fps: 60,
  });
  const ticks = [];
  client.on("transition/tick", (params) => ticks.push(params));
  const ended = new Promise((resolve) => client.on("transition/didEnd", resolve));
  await client.request("transition/start", { session, to: { type: "grid", columns: 2 }, duration: 0.25 });
  const didEnd = await ended;
  assert.equal(didEnd.completed, true);
  const seqs = ticks.map((t) => t.seq);
  assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b));
  assert.equal(seqs[0], 1);
  // Each tick is on the session's grid, 1/60 s apart, and later than the one before: a
  // tick that fell a whole period behind (the machine busy) skips to the next grid point,
  // so tick k comes at least (k - 1) / 60 s after the first.
  let previous = -1;
  for (const t of ticks) {
    const periods = (t.time - ticks[0].time) * 60;
    const step = Math.round(periods);
    assert.ok(Math.abs(periods - step) < 1e-6 && step >= t.seq - 1 && step > previous, `tick ${t.seq} at ${t.time}, the first at ${ticks[0].time}`);
    previous = step;
  }
  assert.ok(ticks.at(-1).progress === 1 || ticks.at(-1).time >= 0.25 - 1 / 60);
  await client.close();
});

test("strings compare by their Unicode scalars in the module", async () => {
  const client = await TransitionClient.connectLocal({ module: compiled });
  const create = (ids) => client.request("session/create", {
    viewport: { width: 200, height: 100 }, sections: [{ items: ids.length, ids }], layout: { type: "list", rowHeight: 40 }, clock: "manual",
  });
  // "é" as one scalar and as e + U+0301: canonically equivalent, two ids here.
  const { session } = await create(["\u00e9", "e\u0301"]);
  const sample = await client.request("transition/sample", { session, to: { type: "grid", columns: 2 }, duration: 1, progress: 1, all: true });
  assert.deepEqual(sample.attributes.map((a) => a.id), ["\u00e9", "e\u0301"]);
  // The same scalars twice are one id, refused as the daemon refuses it.
  await assert.rejects(create(["e\u0301", "e\u0301"]),
    (error) => error.code === -32602 && error.data?.field === "params.sections[0].ids[1]" && /duplicate id/.test(error.message));
  // A name is counted in scalars (at most 64): 64 combining accents on nothing fit.
  const named = await client.request("session/create", {
    name: "\u0301".repeat(64), viewport: { width: 200, height: 100 }, sections: [{ items: 1 }], layout: { type: "list", rowHeight: 40 },
  });
  assert.equal(named.name, "\u0301".repeat(64));
  client.close();
});

test("clients of one module share its named sessions", async () => {
  const options = { module: compiled };
  const [a, b] = await Promise.all([TransitionClient.connectLocal(options), TransitionClient.connectLocal(options)]);
  await a.request("session/create", {
    name: "shared-preview", keepAlive: true, viewport: { width: 100, height: 100 }, sections: [{ items: 1 }],
    layout: { type: "list", rowHeight: 10 }, clock: "manual",
  });
  const subscribed = await b.request("session/subscribe", { name: "shared-preview" });
  assert.ok(subscribed.session);
  await a.close();
  await b.close();
});

test("options are the daemon's, with its ranges", async () => {
  const small = await loadModule(compiled, { limits: { "max-message-bytes": 64 }, onLog: () => {} });
  const received = [];
  let closed = false;
  const connection = small.open(Framing.messages, { onMessage: (text) => received.push(JSON.parse(text)), onClose: () => { closed = true; } });
  connection.send(" ".repeat(65));
  assert.equal(received[0].error.code, -32700);
  assert.ok(closed);
  await assert.rejects(loadModule(compiled, { limits: { "max-depth": 1 } }), /--max-depth: 1 is out of range/);
  await assert.rejects(loadModule(compiled, { limits: { "max-nothing": 1 } }), /unknown option --max-nothing/);
});
