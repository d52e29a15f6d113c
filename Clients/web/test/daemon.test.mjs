// The client against the real daemon over WebSocket (Node 20: run with
// --experimental-websocket, as scripts/test.sh does): connect with the token from
// web.json, create a session, iterate its ticks, cancel with an AbortSignal, get typed
// errors, and be refused with a wrong token.
import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { TransitionClient, UnknownSessionError, RequestCancelledError, ConnectionClosedError, attributeObjects } from "../transitiond.js";

const here = dirname(fileURLToPath(import.meta.url));
const binary = process.env.TRANSITIOND ?? join(here, "../../../.build/debug/transitiond");
const WS = globalThis.WebSocket;

async function startDaemon() {
  const runtime = mkdtempSync(join(tmpdir(), "tdjs-"));
  chmodSync(runtime, 0o700);
  const child = spawn(binary, ["--ws", "127.0.0.1:0"], { env: { ...process.env, XDG_RUNTIME_DIR: runtime }, stdio: ["ignore", "ignore", "pipe"] });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      const info = JSON.parse(readFileSync(join(runtime, "transitiond/web.json"), "utf8"));
      if (info.pid === child.pid) return { info, child, runtime };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill();
  throw new Error("the daemon wrote no web.json");
}

const LIST = { type: "list", rowHeight: 60 };
const GRID = { type: "grid", columns: 2, spacing: 10 };

test("the client against the daemon", { skip: !WS && "no WebSocket: run node with --experimental-websocket" }, async (t) => {
  const { info, child, runtime } = await startDaemon();
  t.after(() => { child.kill(); rmSync(runtime, { recursive: true, force: true }); });

  await t.test("a wrong token is refused, and the message says so", async () => {
    // Issue 29: the message was only "connection closed", the hint hidden in err.reason.
    const port = new URL(info.ws).port;
    await assert.rejects(TransitionClient.connect(info.ws.replace(info.token, "0".repeat(32))), (err) => {
      assert.ok(err instanceof ConnectionClosedError);
      assert.equal(err.message, `connection closed: could not connect to ws://127.0.0.1:${port}/: no daemon there, ` +
        "or it refused the request (a wrong token, or an Origin or Host it does not allow: its log says which)");
      assert.ok(!err.message.includes("0".repeat(32)));
      assert.equal(err.message, `connection closed: ${err.reason}`);
      return true;
    });
  });

  const client = await TransitionClient.connect(info.ws);
  assert.equal(client.serverInfo.serverInfo.name, "transitiond");

  await t.test("ticks of a manual session, in order, ending at didEnd", async () => {
    const { session } = await client.createSession({
      viewport: { width: 375, height: 667 }, sections: [{ items: 20 }], layout: LIST, clock: "manual",
    });
    const started = await client.start({ session, to: GRID, duration: 1, timing: "cubicEaseInOut" });
    const seen = [];
    const collecting = (async () => {
      for await (const tick of client.ticks(session, { untilEnd: true, buffer: 10 })) seen.push(tick.fraction);
    })();
    const ended = client.didEnd(session, started.transition);
    for (const to of [0.25, 0.5, 0.75, 1]) await client.advance({ session, to });
    const end = await ended;
    await collecting;
    assert.deepEqual(seen, [0.25, 0.5, 0.75, 1]);
    assert.equal(end.completed, true);
    assert.equal(end.finished, true);
  });

  await t.test("keyframes, an arc and the playback rate", async () => {
    const { session } = await client.createSession({
      viewport: { width: 200, height: 300 }, sections: [{ items: 3 }], layout: { type: "list", rowHeight: 40 }, clock: "manual",
    });
    await client.start({
      session, to: { type: "grid", columns: 2 }, duration: 1,
      keyframes: [{ at: 0.5, alpha: 0.2, scale: 0.5 }], path: { type: "arc", direction: "clockwise" },
    });
    assert.deepEqual(await client.setRate({ session, rate: 0.25 }), { session, rate: 0.25, time: 0 });
    const tick = await client.advance({ session, by: 2 });
    assert.equal(tick.time, 0.5);
    for (const a of attributeObjects(tick.attributes)) {
      assert.ok(Math.abs(a.alpha - 0.2) < 1e-12);
      assert.deepEqual(a.transform, [0.5, 0, 0, 0.5, 0, 0]);
    }
    assert.equal((await client.status({ session })).rate, 0.25);
    await client.disposeSession({ session });
  });

  await t.test("typed errors name the field", async () => {
    await assert.rejects(client.status({ session: "s404" }), (e) => e instanceof UnknownSessionError && e.data.session === "s404");
  });

  await t.test("an aborted request rejects and the connection goes on", async () => {
    const controller = new AbortController();
    const pending = client.listSessions({ signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, RequestCancelledError);
    const { sessions } = await client.listSessions();
    assert.equal(sessions.length, 1);
  });

  await client.shutdown();
});
