'use strict';
// The `shared` setting: clients spawn `transitiond --remote=auto`, share the per-user
// daemon, and one previews the session another created, by its name. A private
// XDG_RUNTIME_DIR per test; the daemon it started is killed after.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { PreviewController } = require('../src/previewModel');
const { startClient, until, VIEWPORT, LIST, GRID } = require('./support/helpers');

function privateRuntime(t) {
  const root = fs.mkdtempSync('/tmp/tdv-');
  fs.chmodSync(root, 0o700);
  const socket = path.join(root, 'transitiond', 'transitiond.sock');
  t.after(() => {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let args;
      try {
        args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      } catch {
        continue;
      }
      if (args.includes('--listen') && args.includes(socket)) process.kill(Number(entry), 'SIGKILL');
    }
    fs.rmSync(root, { recursive: true, force: true });
  });
  return { ...process.env, XDG_RUNTIME_DIR: root, XDG_STATE_HOME: path.join(root, 'state') };
}

test('shared: a preview follows the session another client created, by its name', async (t) => {
  const env = privateRuntime(t);
  const script = await startClient({ shared: true, env });
  t.after(() => script.dispose());
  const editor = await startClient({ shared: true, env });
  t.after(() => editor.dispose());

  const created = await script.request('session/create', {
    viewport: VIEWPORT, sections: [{ items: 100 }], layout: LIST, clock: 'manual', name: 'gallery',
  });
  const controller = await PreviewController.follow(editor, 'gallery', { viewport: VIEWPORT });
  t.after(() => controller.dispose());
  assert.equal(controller.session, created.session);
  const [entry] = (await script.request('session/list', {})).sessions;
  assert.deepEqual([entry.name, entry.subscribers, entry.ownerProcessId], ['gallery', 1, process.pid]);

  let ticks = 0;
  controller.on('tick', () => { ticks += 1; });
  await script.request('transition/start', { session: created.session, to: GRID, duration: 1 });
  await script.request('clock/advance', { session: created.session, by: 0.5 });
  await until(() => ticks === 1, 5000, 'the followed tick');
  assert.equal(controller.snapshot().progress, 0.5);

  // Closing the preview unsubscribes; the script's session stays.
  await controller.dispose();
  const [after] = (await script.request('session/list', {})).sessions;
  assert.deepEqual([after.session, after.subscribers], [created.session, 0]);
});
