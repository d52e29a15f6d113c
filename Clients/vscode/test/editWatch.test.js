'use strict';
// Edit it, watch it: the extension as set up by default (the per-user shared daemon,
// `transitiond --remote=auto`), through the stub of `vscode`, in a private
// XDG_RUNTIME_DIR. A transition document is opened and played; a second client on the
// shared socket (a small LSP-framed client written here, not the extension's) finds the
// document's session by its name and receives its ticks; an edit of the document through
// the editor replays it in place: the same session, a new transition, no dispose, and the
// preview panel follows through the didEnd.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const { createVscodeStub, loadExtension } = require('./support/vscodeStub');
const { requireDaemon, until } = require('./support/helpers');

const ROOT = path.resolve(__dirname, '..');
// Generous: CI has two slow shared cores. Every wait is for something positive.
const DEADLINE = 20000;

/**
 * A private XDG_RUNTIME_DIR (mode 0700) for the daemon the extension spawns, which
 * inherits this process's environment. Removed after, with the shared daemon it started
 * there (found by its socket in /proc).
 */
function privateRuntime() {
  const root = fs.mkdtempSync('/tmp/tdv-ew-');
  fs.chmodSync(root, 0o700);
  const saved = { XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR, XDG_STATE_HOME: process.env.XDG_STATE_HOME };
  process.env.XDG_RUNTIME_DIR = root;
  process.env.XDG_STATE_HOME = path.join(root, 'state');
  const socket = path.join(root, 'transitiond', 'transitiond.sock');
  const cleanup = () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let args;
      try {
        args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      } catch {
        continue;
      }
      if (args.includes('--listen') && args.includes(socket)) {
        try {
          process.kill(Number(entry), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  return { root, socket, cleanup };
}

/** Another client of the shared daemon: JSON-RPC with LSP framing over its Unix socket. */
class Peer extends EventEmitter {
  static connect(socketPath) {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection(socketPath);
      socket.once('connect', () => resolve(new Peer(socket)));
      socket.once('error', reject);
    });
  }

  constructor(socket) {
    super();
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.nextId = 1;
    this.pending = new Map();
    /** Every notification, in order: {method, params}. */
    this.notifications = [];
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('error', () => {});
  }

  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(this.buffer.subarray(0, end).toString('ascii'))[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      this.buffer = this.buffer.subarray(end + 4 + length);
      if (message.method) {
        this.notifications.push({ method: message.method, params: message.params });
        this.emit('notification', message);
      } else if (this.pending.has(message.id)) {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(Object.assign(new Error(message.error.message), message.error));
        else resolve(message.result);
      }
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.socket.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  async initialize() {
    const result = await this.request('initialize', { processId: process.pid, clientInfo: { name: 'edit-watch-peer' } });
    this.send({ method: 'initialized', params: {} });
    return result;
  }

  /** The ticks and didEnds of `session` received so far. */
  of(method, session) {
    return this.notifications.filter((n) => n.method === method && n.params.session === session).map((n) => n.params);
  }

  close() {
    this.socket.destroy();
  }
}

function activate() {
  const stub = createVscodeStub({ 'transitiond.path': requireDaemon() }); // the documented default: shared
  const { extension, restore } = loadExtension(stub.vscode);
  restore();
  const ext = extension.activate({ subscriptions: [], extensionPath: ROOT });
  return { ...stub, extension, ext };
}

function documentText({ duration, clock, fps, columns = '2' }) {
  const session = { viewport: { width: 375, height: 667 }, sections: [{ items: 40 }], layout: { type: 'list', rowHeight: 60 } };
  if (clock) session.clock = clock;
  if (fps) session.fps = fps;
  return [
    '{',
    `  "session": ${JSON.stringify(session)},`,
    `  "transition": {"to": {"type": "grid", "columns": ${columns}, "spacing": 10}, "duration": ${duration}, "timing": "linear"}`,
    '}',
    '',
  ].join('\n');
}

/** Sets up the extension, a private runtime directory and cleanup; returns the parts. */
function setUp(t) {
  const runtime = privateRuntime();
  const parts = activate();
  const peers = [];
  t.after(async () => {
    for (const peer of peers) peer.close();
    await parts.extension.deactivate();
    runtime.cleanup();
  });
  const connectPeer = async () => {
    const peer = await Peer.connect(runtime.socket);
    peers.push(peer);
    await peer.initialize();
    return peer;
  };
  return { ...parts, runtime, connectPeer, run: (id, ...args) => parts.vscode.commands.executeCommand(`transitiond.${id}`, ...args) };
}

/** Opens a document through the editor and waits for the daemon's diagnostics of it. */
async function open(parts, name, text) {
  const document = parts.vscode.workspace.openDocument(path.join(parts.runtime.root, name), text);
  const uri = String(document.uri);
  await until(() => parts.record.diagnostics && parts.record.diagnostics.entries.has(uri), DEADLINE, `the diagnostics of ${name}`);
  return { document, uri };
}

test('edit it, watch it: a second client on the shared socket follows the document session through an edit', async (t) => {
  const parts = setUp(t);
  const { run, record, ext } = parts;
  const text = documentText({ duration: 2 });
  const { document, uri } = await open(parts, 'card.transition.json', text);
  assert.deepEqual(parts.record.diagnostics.entries.get(uri), []);
  // The extension is on the shared daemon, through the forwarder.
  assert.equal(ext.client.shared, true);
  assert.ok(fs.readFileSync(`/proc/${ext.client.pid}/cmdline`, 'utf8').split('\0').includes('--remote=auto'));
  assert.ok(fs.existsSync(parts.runtime.socket), 'the shared socket is in $XDG_RUNTIME_DIR/transitiond/');

  // Play (the active editor holds the document): the daemon plays it in its session.
  const played = await run('play');
  assert.equal(played.name, 'transition:card');
  assert.equal(played.duration, 2);
  assert.equal(played.clock, 'realtime');
  assert.equal(record.infos.at(-1), `transitiond: playing transition:card (session ${played.session}, transition ${played.transition}, 2 s, realtime clock)`);
  assert.equal(record.panels.length, 1);
  const panel = record.panels[0];
  const controller = ext.controller;
  assert.deepEqual([controller.session, controller.name, controller.uri], [played.session, 'transition:card', uri]);

  // A second client on the shared socket sees the session by its name, and its ticks.
  const peer = await parts.connectPeer();
  const { sessions } = await peer.request('session/list', {});
  assert.ok(sessions.some((s) => s.session === played.session && s.name === 'transition:card'), JSON.stringify(sessions));
  const subscribed = await peer.request('session/subscribe', { name: 'transition:card' });
  assert.equal(subscribed.session, played.session);
  assert.equal(subscribed.clock, 'realtime');
  await until(() => peer.of('transition/tick', played.session).some((k) => k.transition === played.transition), DEADLINE, 'the peer\'s ticks of the first transition');
  await until(() => panel.webview.models().some((m) => m.session === played.session && m.transition === played.transition && m.seq > 0), DEADLINE, 'the panel\'s ticks');

  // Edit the duration through the editor: the daemon replays it in place.
  document.edit(text.replace('"duration": 2', '"duration": 3'));
  await until(() => peer.of('transition/didEnd', played.session).some((e) => e.transition === played.transition), DEADLINE, 'the didEnd of the first transition');
  const [end] = peer.of('transition/didEnd', played.session);
  assert.equal(end.reason, 'cancelledInPlace');
  const next = () => peer.of('transition/tick', played.session).filter((k) => k.transition !== played.transition && k.fraction > 0 && k.fraction < 1);
  await until(() => next().length >= 2, DEADLINE, 'two ticks of the next transition');
  const [a, b] = next();
  assert.equal(a.transition, b.transition);
  assert.notEqual(a.transition, played.transition);
  // The new duration, from the ticks themselves: elapsed time over elapsed fraction.
  assert.ok(Math.abs((b.time - a.time) / (b.fraction - a.fraction) - 3) < 1e-6, `duration ${(b.time - a.time) / (b.fraction - a.fraction)}`);
  // Same session, still subscribed, never disposed.
  const after = (await peer.request('session/list', {})).sessions.find((s) => s.name === 'transition:card');
  assert.equal(after.session, played.session);
  assert.equal(after.subscribed, true);
  assert.deepEqual(peer.notifications.filter((n) => n.method === 'transition/didEnd' && n.params.reason === 'disposed'), []);

  // The panel followed through the didEnd: the same panel and controller draw the next transition.
  await until(() => panel.webview.models().some((m) => m.session === played.session && m.transition === a.transition && m.seq > 0), DEADLINE, 'the panel drawing the next transition');
  assert.ok(panel.webview.models().some((m) => m.lastEnd && m.lastEnd.reason === 'cancelledInPlace'));
  assert.equal(record.panels.length, 1);
  assert.equal(ext.controller, controller);
  assert.equal(controller.session, played.session);

  // An invalid edit keeps the last valid session; the diagnostics say so.
  document.edit(text.replace('"columns": 2', '"columns": "two"'));
  await until(() => (record.diagnostics.entries.get(uri) || []).some((d) => /expected integer/.test(d.message)), DEADLINE, 'the error of the invalid edit');
  // ... and one more entry, information (VS Code's severity 2): the preview shows the last valid version.
  assert.ok(record.diagnostics.entries.get(uri).some((d) => d.severity === 2 && /last valid version/.test(d.message)), JSON.stringify(record.diagnostics.entries.get(uri)));
  const kept = (await peer.request('session/list', {})).sessions.find((s) => s.name === 'transition:card');
  assert.equal(kept.session, played.session);
  assert.equal(ext.controller, controller);
  assert.deepEqual(record.errors, []);

  // Stop: the session is disposed, and the extension says so.
  await run('documentCommand', 'transitiond.stop', uri);
  assert.equal(record.infos.at(-1), 'transitiond: stopped transition:card: its session is disposed');
  await until(async () => !(await peer.request('session/list', {})).sessions.some((s) => s.name === 'transition:card'), DEADLINE, 'the session gone');
});

test('a manual-clock document: the preview steps it with clock/advance, through an edit, to the end', async (t) => {
  const parts = setUp(t);
  const { run, record, ext } = parts;
  const fps = 20;
  const text = documentText({ duration: 4, clock: 'manual', fps });
  const { document } = await open(parts, 'stepped.transition.json', text);

  const played = await run('play');
  assert.deepEqual([played.name, played.clock, played.fps], ['transition:stepped', 'manual', fps]);
  assert.match(record.infos.at(-1), /manual clock at 20 fps, stepped by the preview\)$/);
  const peer = await parts.connectPeer();
  const subscribed = await peer.request('session/subscribe', { name: 'transition:stepped' });
  assert.deepEqual([subscribed.session, subscribed.clock, subscribed.fps], [played.session, 'manual', fps]);
  // The peer never advances the clock: the ticks it gets are the preview's steps.
  await until(() => peer.of('transition/tick', played.session).some((k) => k.transition === played.transition && k.fraction > 0), DEADLINE, 'a stepped tick');
  const first = peer.of('transition/tick', played.session).filter((k) => k.transition === played.transition);
  for (const tick of first) assert.ok(Math.abs(tick.fraction * 4 * fps - Math.round(tick.fraction * 4 * fps)) < 1e-6, `fraction ${tick.fraction}: whole steps of 1/${fps} s`);

  // The edit (4 s -> 1 s) replays it in place; the preview steps the next transition to its end.
  document.edit(text.replace('"duration": 4', '"duration": 1'));
  await until(() => peer.of('transition/didEnd', played.session).some((e) => e.reason === 'finished'), DEADLINE, 'the next transition stepped to its end');
  const ends = peer.of('transition/didEnd', played.session);
  assert.deepEqual(ends.map((e) => e.reason), ['cancelledInPlace', 'finished']);
  assert.equal(ends[0].transition, played.transition);
  const second = peer.of('transition/tick', played.session).filter((k) => k.transition === ends[1].transition);
  assert.notEqual(ends[1].transition, played.transition);
  assert.ok(second.length >= 2);
  assert.equal(second.at(-1).fraction, 1);
  for (const tick of second) assert.ok(Math.abs(tick.fraction * fps - Math.round(tick.fraction * fps)) < 1e-6, `fraction ${tick.fraction} of a 1 s transition`);
  await until(() => ext.controller.snapshot().lastEnd && ext.controller.snapshot().lastEnd.reason === 'finished', DEADLINE, 'the panel at the end');
  assert.equal(ext.controller.session, played.session);
  assert.deepEqual(record.errors, []);
  // At rest, the preview stops stepping: no clock/advance is in flight any more.
  await until(() => !ext.controller.stepping, DEADLINE, 'the steps stopped');
});

test('failures are error messages: an invalid document, the daemon gone', async (t) => {
  const parts = setUp(t);
  const { run, record, ext } = parts;
  await open(parts, 'broken.transition.json', documentText({ duration: 1, columns: '"two"' }));
  assert.equal(await run('play'), undefined);
  assert.equal(record.errors.length, 1);
  assert.match(record.errors[0], /^transitiond: .*broken\.transition\.json is not a valid transition document: .*transition\.to\.columns: expected integer/);
  assert.doesNotMatch(record.errors[0], /\n\s+at /);

  // The connection to the shared daemon ends: said, not silent.
  process.kill(ext.client.pid, 'SIGKILL');
  await until(() => record.errors.length === 2, DEADLINE, 'the message about the connection');
  assert.match(record.errors[1], /^transitiond: the connection to the shared daemon ended unexpectedly/);
});
