'use strict';
// The JSON-RPC client against the real daemon: lifecycle, requests, notifications,
// errors, timeouts and no process left behind.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { TransitiondClient, RpcError, ErrorCodes, bundledNodeHost } = require('../src/client');
const { requireDaemon, startClient, alive, until, next, record, VIEWPORT, LIST, GRID } = require('./support/helpers');

function assertGone(pid) {
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, `process ${pid} is still there`);
}

test('lifecycle: initialize, initialized, shutdown, exit; the daemon exits 0 and is gone', async () => {
  const client = await startClient();
  const pid = client.pid;
  assert.ok(pid > 0 && alive(pid));
  assert.equal(client.serverInfo.name, 'transitiond');
  assert.ok(client.capabilities.layoutTypes.includes('list'));
  assert.ok(client.capabilities.layoutTypes.includes('grid'));
  assert.ok(client.capabilities.clocks.includes('manual'));
  assert.deepEqual(await client.request('session/list', {}), { sessions: [] });

  const closed = await client.dispose();
  assert.deepEqual(closed, { code: 0, signal: null });
  assertGone(pid);
  assert.deepEqual(await client.dispose(), closed, 'dispose twice is harmless');
  await assert.rejects(client.request('session/list', {}), { code: ErrorCodes.ConnectionClosed });
});

test('a session with clock "manual" ticks only on clock/advance, then ends once', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const ticks = record(client, 'transition/tick');
  const ends = record(client, 'transition/didEnd');
  const order = [];
  client.on('notification', (method) => order.push(method));

  const created = await client.request('session/create', {
    viewport: VIEWPORT, sections: [{ items: 100 }], layout: LIST, clock: 'manual',
  });
  assert.equal(created.contentSize.height, 6000);
  const started = await client.request('transition/start', { session: created.session, to: GRID, duration: 0.5 });
  assert.equal(started.duration, 0.5);
  // What a request causes comes before its response (Protocol/README.md, 3.5): a tick
  // caused by transition/start would have been read already.
  assert.equal(ticks.length, 0, 'no tick without clock/advance');

  const tick = await client.request('clock/advance', { session: created.session, by: 0.25 });
  assert.equal(tick.session, created.session);
  assert.equal(tick.transition, started.transition);
  assert.equal(tick.time, 0.25);
  assert.ok(tick.progress > 0 && tick.progress < 1);
  await until(() => ticks.length === 1, 2000, 'the tick notification');
  assert.deepEqual(ticks[0], tick, 'the notification carries what clock/advance returned');

  const last = await client.request('clock/advance', { session: created.session, to: 0.5 });
  assert.equal(last.progress, 1);
  await until(() => ends.length === 1, 2000, 'didEnd');
  assert.equal(ends[0].reason, 'finished');
  assert.equal(ends[0].finished, true);
  assert.deepEqual(order.slice(-2), ['transition/tick', 'transition/didEnd'], 'didEnd comes after the last tick');

  const idle = await client.request('clock/advance', { session: created.session, by: 1 });
  assert.equal(idle.state, 'idle');
  assert.equal(ends.length, 1, 'exactly one didEnd'); // a second would precede the response
  assert.equal(ticks.length, 2);
});

test('errors become rejected promises with code, message and data', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());

  const bad = client.request('session/create', { viewport: { width: -1, height: 667 }, sections: [{ items: 1 }], layout: LIST });
  await assert.rejects(bad, (error) => {
    assert.ok(error instanceof RpcError);
    assert.ok(error instanceof Error);
    assert.equal(error.code, ErrorCodes.InvalidParams);
    assert.equal(error.data.field, 'params.viewport.width');
    assert.deepEqual(error.data.path, ['params', 'viewport', 'width']);
    assert.equal(error.data.reason, 'must be a number > 0 and at most 1e9, got -1.0');
    assert.match(error.message, /viewport\.width/);
    assert.equal(error.method, 'session/create');
    assert.ok(!error.userMessage.includes('\n'));
    return true;
  });
  await assert.rejects(client.request('transition/status', { session: 'nope' }), { code: ErrorCodes.UnknownSession });
  await assert.rejects(client.request('no/such/method', {}), { code: ErrorCodes.MethodNotFound });

  const { session } = await client.request('session/create', { viewport: VIEWPORT, sections: [{ items: 10 }], layout: LIST });
  await assert.rejects(client.request('transition/scrub', { session, progress: 0.5 }), {
    code: ErrorCodes.NoTransition,
    message: /No transition/,
  });
  await assert.rejects(client.request('clock/advance', { session, by: 0.1 }), { code: ErrorCodes.NotManualClock });
  // The connection is still usable after errors.
  assert.equal((await client.request('transition/status', { session })).state, 'idle');
});

test('a request unanswered in time is rejected; dispose kills a daemon that ignores shutdown', async (t) => {
  // A stand-in daemon that answers initialize and nothing else.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transitiond-vscode-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = path.join(dir, 'silent-daemon');
  fs.writeFileSync(script, `#!${process.execPath}
const { MessageReader, encodeMessage } = require(${JSON.stringify(require.resolve('../src/client'))});
const reader = new MessageReader((m) => {
  if (m.method === 'initialize') process.stdout.write(encodeMessage({ jsonrpc: '2.0', id: m.id, result: { capabilities: {} } }));
});
process.stdin.on('data', (c) => reader.push(c));
process.stdin.on('end', () => {});
process.on('SIGTERM', () => {}); // only SIGKILL stops it
setInterval(() => {}, 1000);
`, { mode: 0o755 });

  const client = new TransitiondClient({ path: script, requestTimeout: 5000 });
  await client.start();
  const pid = client.pid;
  const t0 = Date.now();
  await assert.rejects(client.request('session/list', {}, { timeout: 200 }), { code: ErrorCodes.RequestTimeout, message: /timed out/ });
  assert.ok(Date.now() - t0 < 2000);
  const closed = await client.dispose({ timeout: 200 });
  assert.equal(closed.signal, 'SIGKILL');
  assertGone(pid);
});

test('a missing executable rejects start with a message', async () => {
  const client = new TransitiondClient({ path: '/nonexistent/transitiond' });
  await assert.rejects(client.start(), { message: /cannot start \/nonexistent\/transitiond/ });
  assert.equal(client.isRunning, false);
});

/** An environment whose PATH holds no `transitiond`: an empty directory. */
function pathWithoutDaemon(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-transitiond-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { ...process.env, PATH: dir };
}

test('the default transitiond, not found, falls back to the daemon on Node it ships with', async (t) => {
  const env = pathWithoutDaemon(t);
  const host = path.resolve(__dirname, '..', '..', 'web', 'bin', 'transitiond.mjs');
  assert.equal(bundledNodeHost(), host, 'found at ../web/ in the repository');
  const stderr = [];
  const client = new TransitiondClient({ env, args: ['--log-level', 'info'], requestTimeout: 5000 });
  client.on('stderr', (text) => stderr.push(text));
  const result = await client.start();
  assert.equal(client.options.path, 'transitiond');
  assert.equal(client.nodeHost, host);
  assert.deepEqual(result.serverInfo, {
    name: 'transitiond',
    version: JSON.parse(fs.readFileSync(path.join(host, '..', '..', 'package.json'), 'utf8')).version,
  });
  assert.ok(client.capabilities.layoutTypes.includes('grid'));
  // Node runs the script with the same arguments the native daemon gets.
  const argv = fs.readFileSync(`/proc/${client.pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
  assert.deepEqual(argv, [process.execPath, host, '--stdio', '--clientProcessId', String(process.pid), '--log-level', 'info']);
  assert.equal(fs.readFileSync(`/proc/${client.pid}/environ`, 'utf8').split('\0').includes('ELECTRON_RUN_AS_NODE=1'), true);

  // It serves the protocol: a manual-clock transition, ticked.
  const { session } = await client.request('session/create', { viewport: VIEWPORT, sections: [{ items: 10 }], layout: LIST, clock: 'manual' });
  await client.request('transition/start', { session, to: GRID, duration: 0.5 });
  const [tick] = await Promise.all([next(client, 'transition/tick'), client.request('clock/advance', { session, by: 0.5 })]);
  assert.deepEqual([tick.session, tick.progress], [session, 1]);
  const pid = client.pid;
  assert.deepEqual(await client.dispose(), { code: 0, signal: null });
  assertGone(pid);
  assert.match(stderr.join(''), new RegExp(`transitiond\\[${pid}\\] [0-9.]+ info: `), 'its log came through');
});

test('a transitiond path someone chose is never replaced by the daemon on Node', async (t) => {
  const env = pathWithoutDaemon(t);
  for (const path of ['/nonexistent/transitiond', 'transitiond-nightly']) {
    const client = new TransitiondClient({ path, env });
    await assert.rejects(client.start(), (error) => {
      assert.equal(error.message, `cannot start ${path}: spawn ${path} ENOENT`);
      assert.equal(error.code, 'ENOENT');
      return true;
    });
    assert.equal(client.nodeHost, null);
    assert.equal(client.state, 'closed');
  }
});

test('no fallback when it is turned off; for the shared daemon, the Node host runs privately', async (t) => {
  const env = pathWithoutDaemon(t);
  const off = new TransitiondClient({ env, fallbackToWebAssembly: false });
  await assert.rejects(off.start(), { message: 'cannot start transitiond: spawn transitiond ENOENT' });
  assert.equal(off.nodeHost, null);

  // The daemon on Node has no --remote: asked for the shared daemon, it is started with
  // --stdio, for this client alone (a stand-in host records its arguments and exits).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-host-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const argvFile = path.join(dir, 'argv.json');
  const fake = path.join(dir, 'host.mjs');
  fs.writeFileSync(fake, `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(2)));\n`);
  const shared = new TransitiondClient({ env, shared: true, nodeHost: fake, args: ['--log-level', 'info'] });
  await assert.rejects(shared.start(), { code: ErrorCodes.ConnectionClosed });
  assert.equal(shared.nodeHost, fake);
  assert.equal(shared.shared, false);
  assert.deepEqual(JSON.parse(fs.readFileSync(argvFile, 'utf8')), ['--stdio', '--clientProcessId', String(process.pid), '--log-level', 'info']);

  const missing = new TransitiondClient({ env, nodeHost: null });
  await assert.rejects(missing.start(), { message: /^cannot start transitiond: spawn transitiond ENOENT; the daemon on Node is missing too \(.*bash scripts\/build-wasm\.sh builds\)$/ });
});

test('no daemon is left when the editor process dies', async () => {
  requireDaemon();
  // A stand-in editor: starts the daemon through the client, prints its pid, then hangs.
  const editor = spawn(process.execPath, ['-e', `
    const { TransitiondClient } = require(${JSON.stringify(require.resolve('../src/client'))});
    const c = new TransitiondClient({ path: ${JSON.stringify(requireDaemon())} });
    c.start().then(() => console.log(c.pid));
    setInterval(() => {}, 1000);
  `], { stdio: ['ignore', 'pipe', 'inherit'] });
  editor.stdout.setEncoding('utf8');
  let out = '';
  editor.stdout.on('data', (text) => { out += text; });
  await until(() => out.includes('\n'), 5000, 'the daemon pid');
  const daemonPid = Number(out.trim());
  assert.ok(daemonPid > 0 && alive(daemonPid));
  editor.kill('SIGKILL');
  await until(() => !alive(daemonPid), 5000, 'the daemon to exit');
});

test('connects to a daemon serving a Unix socket', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transitiond-sock-'));
  const socketPath = path.join(dir, 'd.sock');
  const server = spawn(requireDaemon(), ['--listen', socketPath], { stdio: 'ignore' });
  t.after(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await until(() => fs.existsSync(socketPath), 3000, 'the socket');

  const client = new TransitiondClient({ socketPath, requestTimeout: 2000 });
  await client.start();
  assert.equal(client.serverInfo.name, 'transitiond');
  const { session } = await client.request('session/create', { viewport: VIEWPORT, sections: [{ items: 10 }], layout: LIST, clock: 'manual' });
  await client.request('transition/start', { session, to: GRID, duration: 0.2 });
  const [tick] = await Promise.all([
    next(client, 'transition/tick'),
    client.request('clock/advance', { session, by: 0.1 }),
  ]);
  assert.equal(tick.session, session);
  await client.dispose();
  assert.equal(client.state, 'closed');
  // shutdown/exit end this connection only: the shared daemon keeps serving.
  assert.equal(server.exitCode, null);
  const again = new TransitiondClient({ socketPath, requestTimeout: 2000 });
  await again.start();
  assert.deepEqual(await again.request('session/list', {}), { sessions: [] }, 'sessions belong to their connection');
  await again.dispose();
});

test('client-side codes are outside the protocol\'s: a timeout is not a cancelled request', () => {
  const { ERROR_CODES, CLIENT_ERROR_CODES } = require('../src/protocol');
  assert.equal(ErrorCodes.RequestTimeout, CLIENT_ERROR_CODES.RequestTimeout);
  assert.equal(ErrorCodes.ConnectionClosed, CLIENT_ERROR_CODES.ConnectionClosed);
  assert.equal(ErrorCodes.RequestCancelled, -32800);
  for (const code of Object.values(CLIENT_ERROR_CODES)) {
    assert.ok(code > -32000 || code < -32768, String(code));
    assert.ok(!Object.values(ERROR_CODES).includes(code), String(code));
  }
});
