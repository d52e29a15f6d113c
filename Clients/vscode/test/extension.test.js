'use strict';
// extension.js against a stub of the `vscode` module: it loads, registers every command
// of the manifest, drives the daemon, draws on every tick and reports errors as messages.

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { createVscodeStub, loadExtension } = require('./support/vscodeStub');
const { requireDaemon, listGridSpec, listGridDocument, until, alive } = require('./support/helpers');

const ROOT = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

/**
 * The extension activated against the stub. These tests use a private daemon (the shared
 * one, the default, is tested in editWatch.test.js, in a private XDG_RUNTIME_DIR).
 */
function activateWith(settings) {
  const stub = createVscodeStub({ 'transitiond.shared': false, ...settings });
  const { extension, restore } = loadExtension(stub.vscode);
  restore();
  const context = { subscriptions: [], extensionPath: ROOT };
  const ext = extension.activate(context);
  return { ...stub, extension, ext, context };
}

function assertNoStack(message) {
  assert.equal(typeof message, 'string');
  assert.doesNotMatch(message, /\n\s+at |\.js:\d+/, `a stack trace leaked: ${message}`);
}

test('the manifest is a VS Code extension manifest', () => {
  for (const key of ['name', 'publisher', 'version', 'main']) assert.equal(typeof manifest[key], 'string', key);
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  assert.ok(fs.existsSync(path.join(ROOT, manifest.main)), manifest.main);
  const titles = manifest.contributes.commands.map((c) => c.title).sort();
  assert.deepEqual(titles, ['Advance Manual Clock', 'Cancel', 'Cancel In Place', 'Create Session', 'Finish', 'Follow a Named Session', 'Open Preview', 'Play', 'Run Document Command', 'Scrub', 'Scrub Back', 'Scrub Forward', 'Start', 'Stop']);
  // Transition documents are a language of their own, for the daemon's language server.
  assert.deepEqual(manifest.contributes.languages, [{ id: 'transition', aliases: ['Transition document'], extensions: ['.transition.json'] }]);
  assert.ok(manifest.activationEvents.includes('onLanguage:transition'));
  // Contributed keybindings: every one names a contributed command, no key twice.
  const ids = manifest.contributes.commands.map((c) => c.command);
  const bindings = manifest.contributes.keybindings;
  assert.ok(bindings.length >= 8);
  for (const b of bindings) assert.ok(ids.includes(b.command), b.command);
  assert.equal(new Set(bindings.map((b) => b.key)).size, bindings.length);
  assert.deepEqual(
    ['transitiond.play', 'transitiond.advance', 'transitiond.scrubForward', 'transitiond.scrubBack', 'transitiond.openPreview']
      .filter((id) => !bindings.some((b) => b.command === id)),
    [],
  );
  for (const c of manifest.contributes.commands) {
    assert.ok(manifest.activationEvents.includes(`onCommand:${c.command}`), c.command);
  }
  assert.equal(manifest.contributes.configuration.properties['transitiond.path'].type, 'string');
  // The shared daemon is the default; a private daemon is a setting away.
  const shared = manifest.contributes.configuration.properties['transitiond.shared'];
  assert.deepEqual([shared.type, shared.default], ['boolean', true]);
  // Without a native transitiond, the daemon on Node: on unless turned off.
  const fallback = manifest.contributes.configuration.properties['transitiond.fallbackToWebAssembly'];
  assert.deepEqual([fallback.type, fallback.default], ['boolean', true]);
  // The demo's transition lasts long enough to watch.
  assert.equal(require('../src/document').DEFAULT_DOCUMENT.transition.duration, 0.8);
  // The extension reads documents through the daemon: no spec parser of its own.
  assert.equal(fs.existsSync(path.join(ROOT, 'src', 'spec.js')), false);
});

test('extension.js loads against a stub of vscode and registers all commands', async () => {
  const { commands, extension, context } = activateWith({});
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  assert.deepEqual([...commands.keys()].sort(), contributed);
  assert.deepEqual([...extension.COMMAND_IDS].sort(), contributed);
  assert.ok(context.subscriptions.length >= contributed.length);
  assert.equal(typeof extension.deactivate, 'function');
  await extension.deactivate(); // nothing started: nothing to stop
});

test('commands drive the daemon; the preview gets a model on every tick; errors are messages', async (t) => {
  const daemon = requireDaemon();
  const { vscode, record, extension, ext } = activateWith({ 'transitiond.path': daemon });
  t.after(() => extension.deactivate());
  const run = (id, ...args) => vscode.commands.executeCommand(`transitiond.${id}`, ...args);

  await run('start');
  const pid = ext.client.pid;
  assert.ok(alive(pid));
  assert.match(record.infos.at(-1), /transitiond .*running/);

  // Create Session opens the preview with the list at rest.
  const session = await run('createSession', listGridSpec());
  assert.equal(session, ext.controller.session);
  assert.equal(record.panels.length, 1);
  const panel = record.panels[0];
  assert.equal(panel.options.enableScripts, true);
  const html = panel.webview.html;
  assert.match(html, /<canvas/);
  assert.match(html, /src="vscode-webview:\/\/stub\/.*media\/preview\.js"/);
  assert.ok(html.includes(panel.webview.cspSource));
  assert.doesNotMatch(html, /\{\{/);
  await until(() => panel.webview.models().some((m) => m.rects.length === 12), 2000, 'the resting list');
  await panel.webview.send({ type: 'ready' });
  assert.equal(panel.webview.models().at(-1).session, session);

  // Play: every tick is posted to the webview.
  const ticks = [];
  ext.client.on('transition/tick', (tick) => ticks.push(tick));
  const before = panel.webview.messages.length;
  await run('play');
  await until(() => ext.controller.snapshot().lastEnd, 3000, 'the end of play');
  const posted = panel.webview.messages.slice(before).filter((m) => m.type === 'model').map((m) => m.model);
  assert.ok(ticks.length >= 5, `${ticks.length} ticks`);
  for (const tick of ticks) {
    const model = posted.find((m) => m.seq === tick.seq);
    assert.ok(model, `no model posted for tick ${tick.seq}`);
    assert.equal(model.progress, tick.progress);
    assert.deepEqual(
      model.rects.map((r) => [r.x, r.y, r.width, r.height]),
      tick.attributes.map((a) => [a.frame.x - tick.contentOffset.x + 0, a.frame.y - tick.contentOffset.y + 0, a.frame.width, a.frame.height]),
    );
  }
  assert.equal(ext.controller.snapshot().lastEnd.reason, 'finished');
  assert.equal(ext.controller.at, 'to');

  // Scrub (with an argument, as from a keybinding) starts an interactive transition back.
  const status = await run('scrub', 0.3);
  assert.equal(status.state, 'paused');
  assert.equal(status.progress, 0.3);
  await panel.webview.send({ type: 'key', key: 'l' });
  assert.equal(ext.controller.snapshot().progress, 0.35);
  await panel.webview.send({ type: 'key', key: 'h' });
  await panel.webview.send({ type: 'key', key: 'h' });
  assert.equal(ext.controller.snapshot().progress, 0.25);
  await until(() => panel.webview.models().at(-1).progress === 0.25, 2000, 'the tick of the last scrub');

  // Space: cancel in place; one didEnd.
  const ends = [];
  ext.client.on('transition/didEnd', (end) => ends.push(end));
  await panel.webview.send({ type: 'key', key: ' ' });
  await until(() => panel.webview.models().at(-1).lastEnd?.reason === 'cancelledInPlace', 2000, 'cancelledInPlace');
  // A round trip: a second didEnd caused by the key would come before this response.
  await ext.client.request('transition/status', { session: ext.controller.session });
  assert.equal(ends.length, 1);
  assert.equal(record.errors.length, 0, record.errors.join('; '));

  // Errors from the daemon: shown as messages, never stack traces, nothing thrown.
  await panel.webview.send({ type: 'key', key: 'l' });
  assert.equal(record.errors.length, 1);
  assert.match(record.errors[0], /No transition is in flight/);
  assert.equal(await run('finish'), undefined);
  assert.equal(record.errors.length, 2);
  assert.equal(await run('createSession', { viewport: { width: 0, height: 10 }, items: 3, from: { type: 'list', rowHeight: 60 }, to: { type: 'grid', columns: 2 } }), undefined);
  assert.match(record.errors[2], /^transitiond: not a valid transition document: session\.viewport\.width: /);
  assert.equal(await run('createSession', '{"viewport": {"width": 375, "height": -5}, "items": 3}'), undefined);
  record.errors.forEach(assertNoStack);
  // An error the daemon names a field for.
  await run('createSession', { ...listGridSpec(), to: { type: 'grid', columns: 0 } });
  await run('play');
  assert.match(record.errors.at(-1), /columns/);
  record.errors.forEach(assertNoStack);

  // Stop: the daemon exits and the preview says so.
  await run('stop');
  assert.equal(ext.client, null);
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  assert.equal(panel.webview.messages.at(-1).type, 'status');
  assert.deepEqual(record.errors.filter((m) => /exited/.test(m)), [], 'a requested stop is not an error');
});

test('deactivate shuts the daemon down: no process left', async () => {
  const { vscode, extension, ext } = activateWith({ 'transitiond.path': requireDaemon() });
  await vscode.commands.executeCommand('transitiond.createSession');
  await vscode.commands.executeCommand('transitiond.play');
  const pid = ext.client.pid;
  assert.ok(alive(pid));
  await extension.deactivate();
  assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
});

test('a daemon that cannot start, or dies, is reported as a message', async () => {
  const { vscode, record, extension, ext } = activateWith({ 'transitiond.path': '/nonexistent/transitiond' });
  assert.equal(await vscode.commands.executeCommand('transitiond.play'), undefined);
  assert.equal(record.errors.length, 1);
  assert.match(record.errors[0], /cannot start \/nonexistent\/transitiond/);
  assertNoStack(record.errors[0]);
  await extension.deactivate();

  const second = activateWith({ 'transitiond.path': requireDaemon() });
  await second.vscode.commands.executeCommand('transitiond.start');
  const pid = second.ext.client.pid;
  process.kill(pid, 'SIGKILL');
  await until(() => second.record.errors.length === 1, 3000, 'the exit message');
  assert.match(second.record.errors[0], /exited unexpectedly \(signal SIGKILL\)/);
  assert.equal(second.ext.client, null);
  // The next command starts a new daemon.
  await second.vscode.commands.executeCommand('transitiond.start');
  assert.ok(second.ext.client.isRunning);
  await second.extension.deactivate();
  assert.equal(ext.client, null);
});

test('with no transitiond on the PATH, the default starts the daemon on Node and says so', async (t) => {
  const empty = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'no-transitiond-'));
  const saved = process.env.PATH;
  process.env.PATH = empty;
  t.after(() => {
    process.env.PATH = saved;
    fs.rmSync(empty, { recursive: true, force: true });
  });
  // The default settings: the shared daemon, which the daemon on Node cannot be.
  const { vscode, record, extension, ext } = activateWith({ 'transitiond.shared': undefined });
  t.after(() => extension.deactivate());
  const run = (id, ...args) => vscode.commands.executeCommand(`transitiond.${id}`, ...args);

  await run('start');
  const host = path.resolve(ROOT, '..', 'web', 'bin', 'transitiond.mjs');
  assert.equal(ext.client.nodeHost, host);
  assert.deepEqual(record.output.filter((line) => line.startsWith('started ')), [
    `started transitiond 0.2.0 (pid ${ext.client.pid}) on Node (WebAssembly): ${host}, as no transitiond was found on the PATH; ` +
      'it is private to this window: the daemon on Node cannot be the shared daemon\n',
  ]);
  assert.equal(ext.client.shared, false);
  assert.ok(fs.readFileSync(`/proc/${ext.client.pid}/cmdline`, 'utf8').split('\0').includes('--stdio'));
  // The preview works as with the native daemon.
  // It has no document/check: a document {session, transition} is taken as it is.
  await run('createSession', listGridDocument({ clock: 'manual' }));
  await run('play');
  const last = await run('advance', 1);
  assert.equal(last.progress, 1);
  await until(() => ext.controller.snapshot().lastEnd, 2000, 'the end of the transition');
  assert.equal(ext.controller.snapshot().lastEnd.reason, 'finished');
  assert.deepEqual(record.errors, []);
  const pid = ext.client.pid;
  await run('stop');
  assert.equal(alive(pid), false);
});

test('the preview keys p (play) and n (advance a manual clock), and the commands behind the keybindings', async (t) => {
  const daemon = requireDaemon();
  const { vscode, record, extension, ext } = activateWith({ 'transitiond.path': daemon });
  t.after(() => extension.deactivate());
  const run = (id, ...args) => vscode.commands.executeCommand(`transitiond.${id}`, ...args);

  await run('createSession', { ...listGridSpec(), clock: 'manual', fps: 4 });
  const panel = record.panels[0];
  const ticks = [];
  ext.client.on('transition/tick', (tick) => ticks.push(tick));
  await panel.webview.send({ type: 'key', key: 'p' });
  assert.equal(ext.controller.snapshot().state, 'running');
  // n: one frame of the manual clock (1/fps = 0.25 s).
  await panel.webview.send({ type: 'key', key: 'n' });
  assert.equal(ticks.length, 1);
  assert.equal(ticks[0].fraction, 0.25 / ext.controller.document.transition.duration);
  const last = await run('advance', 1);
  assert.equal(last.fraction, 1);
  assert.equal(last.progress, 1);
  await until(() => ext.controller.snapshot().lastEnd, 2000, 'the end after advancing past the duration');
  assert.equal(ext.controller.snapshot().lastEnd.reason, 'finished');
  assert.equal(ext.controller.at, 'to');

  // The keybinding commands: scrub forward from rest starts an interactive transition.
  const forward = await run('scrubForward');
  assert.equal(forward.action, 'scrubForward');
  assert.equal(forward.result.progress, 0.05);
  const back = await run('scrubBack');
  assert.equal(back.result.progress, 0);
  assert.equal(record.errors.length, 0, record.errors.join('; '));

  // n on a realtime session: a message, not a request the daemon refuses.
  await run('createSession', listGridSpec());
  await record.panels[0].webview.send({ type: 'key', key: 'n' });
  assert.equal(record.errors.length, 1);
  assert.match(record.errors[0], /realtime clock/);
});
