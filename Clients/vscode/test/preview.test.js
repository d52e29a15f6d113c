'use strict';
// The preview model and its key handler driving the real daemon: list -> grid.

const test = require('node:test');
const assert = require('node:assert/strict');
const { PreviewController, PreviewModel, toViewportRects, KEYMAP } = require('../src/previewModel');
const { ErrorCodes } = require('../src/client');
const { startClient, listGridDocument, until, next, record } = require('./support/helpers');

/**
 * What the preview must draw for a tick, computed here independently of the model:
 * the frames minus contentOffset (`+ 0` turns the daemon's occasional -0 into 0).
 */
function expectedRects(tick) {
  return tick.attributes.map((a) => ({
    x: a.frame.x - tick.contentOffset.x + 0,
    y: a.frame.y - tick.contentOffset.y + 0,
    width: a.frame.width,
    height: a.frame.height,
    label: String(a.item),
  }));
}

function drawn(snapshot) {
  return snapshot.rects.map(({ x, y, width, height, label }) => ({ x, y, width, height, label }));
}

/** Checks every tick the controller applies against the tick itself. */
function checkEveryTick(controller) {
  const seen = [];
  controller.on('tick', (tick) => {
    assert.deepEqual(drawn(controller.snapshot()), expectedRects(tick), `tick ${tick.seq}`);
    assert.equal(controller.snapshot().progress, tick.progress);
    seen.push(tick);
  });
  return seen;
}

test('interactive list -> grid: scrub with h/l, finish with f; the model follows every tick', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const controller = await PreviewController.create(client, listGridDocument());
  const ticks = checkEveryTick(controller);
  const ends = record(controller, 'didEnd');

  // At rest: the list's first 12 rows fill the 667-point viewport.
  let model = controller.snapshot();
  assert.deepEqual(model.viewport, { width: 375, height: 667 });
  assert.equal(model.rects.length, 12);
  model.rects.forEach((r, i) => assert.deepEqual(drawn({ rects: [r] })[0], { x: 0, y: 60 * i, width: 375, height: 60, label: String(i) }));

  const firstTick = next(controller, 'tick');
  const started = await controller.play({ interactive: true });
  assert.equal(started.toContentSize.height, 8890);
  assert.equal((await firstTick).progress, 0);

  // Each scrub of the paused transition brings one tick at the new progress.
  for (const [key, progress] of [['l', 0.05], ['l', 0.1], ['l', 0.15], ['h', 0.1]]) {
    const tick = next(controller, 'tick', (k) => k.progress === progress);
    const handled = await controller.handleKey(key);
    assert.equal(handled.action, key === 'l' ? 'scrubForward' : 'scrubBack');
    assert.equal(handled.result.state, 'paused');
    assert.equal(handled.result.progress, progress);
    await tick;
  }
  model = controller.snapshot();
  assert.equal(model.progress, 0.1);
  assert.ok(model.contentOffset.y > 0 && model.contentOffset.y < started.toContentOffset.y);

  const handled = await controller.handleKey('f');
  assert.equal(handled.action, 'finish');
  const end = await next(controller, 'didEnd');
  assert.equal(end.reason, 'finished');
  assert.equal(end.completed, true);
  assert.equal(ticks.at(-1).progress, 1);
  assert.deepEqual(end.contentOffset, started.toContentOffset);
  assert.equal(controller.at, 'to');

  // At rest in the grid: two columns of 172.5 points.
  await until(() => controller.snapshot().rects.every((r) => r.width === 172.5), 2000, 'the resting grid');
  model = controller.snapshot();
  assert.equal(model.state, 'idle');
  for (const r of model.rects) assert.ok(r.x === 10 || r.x === 192.5, `column x ${r.x}`);
  assert.equal(ends.length, 1);
  assert.ok(ticks.length >= 6);
});

test('cancel in place (space) ends with exactly one didEnd, reason cancelledInPlace', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const controller = await PreviewController.create(client, listGridDocument({ clock: 'manual' }));
  const ticks = checkEveryTick(controller);
  const ends = record(client, 'transition/didEnd');

  await controller.play({ interactive: true });
  // Keys pressed faster than the daemon answers still add up, one step each.
  await Promise.all(['l', 'l', 'l', 'l', 'l', 'l', 'h'].map((key) => controller.handleKey(key)));
  assert.equal(controller.snapshot().progress, 0.25);
  // A manual clock draws on clock/advance.
  const tick = await client.request('clock/advance', { session: controller.session, by: 1 / 60 });
  assert.equal(tick.progress, 0.25);
  await until(() => ticks.length === 1, 2000, 'the tick');

  const handled = await controller.handleKey(' ');
  assert.equal(handled.action, 'cancelInPlace');
  assert.equal(handled.result.progress, 0.25);
  await until(() => ends.length === 1, 2000, 'didEnd');
  await client.request('clock/advance', { session: controller.session, by: 1 });
  assert.equal(ends.length, 1, 'exactly one didEnd'); // a second would precede the response
  assert.equal(ends[0].reason, 'cancelledInPlace');
  assert.equal(ends[0].completed, false);
  assert.equal(ends[0].progress, 0.25);
  assert.equal(controller.at, 'from', 'neither of the document layouts was reached');

  // The session rests where it stopped: the preview shows what layout/attributes says.
  const rest = await client.request('layout/attributes', { session: controller.session });
  assert.deepEqual(rest.contentOffset, handled.result.contentOffset);
  const resting = JSON.stringify(toViewportRects(rest.attributes, rest.contentOffset));
  await until(() => controller.snapshot().state === 'idle' && JSON.stringify(controller.snapshot().rects) === resting, 2000, 'the resting layout');
  assert.deepEqual(controller.snapshot().rects, toViewportRects(rest.attributes, rest.contentOffset));
  assert.deepEqual(drawn(controller.snapshot()), expectedRects(tick), 'the resting frames are those of the last tick');

  // Nothing is in flight any more: keys now fail with the daemon's error.
  await assert.rejects(controller.handleKey('l'), { code: ErrorCodes.NoTransition });
  await assert.rejects(controller.handleKey(' '), { code: ErrorCodes.NoTransition });
});

test('cancel (c) animates back to the list; play goes there and back', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const controller = await PreviewController.create(client, listGridDocument({ clock: 'manual' }));
  checkEveryTick(controller);

  await controller.play({ interactive: true });
  await controller.handleKey('l');
  await controller.handleKey('l');
  const cancelled = next(controller, 'didEnd');
  assert.equal((await controller.handleKey('c')).result.state, 'cancelling');
  await client.request('clock/advance', { session: controller.session, by: 2 });
  const end = await cancelled;
  assert.equal(end.reason, 'cancelled');
  assert.equal(end.completed, false);
  assert.equal(end.progress, 0);
  assert.deepEqual(controller.snapshot().contentOffset, { x: 0, y: 0 });
  assert.equal(controller.at, 'from');

  // Play: to the grid, then back to the list.
  for (const [target, width] of [['to', 172.5], ['from', 375]]) {
    assert.equal(controller.nextTarget, target);
    await controller.play();
    const ended = next(controller, 'didEnd');
    await client.request('clock/advance', { session: controller.session, by: 1 });
    assert.equal((await ended).reason, 'finished');
    assert.equal(controller.at, target);
    await until(() => controller.snapshot().rects.every((r) => r.width === width), 2000, `rest at ${target}`);
  }
  assert.equal(await controller.handleKey('x'), null, 'unmapped keys do nothing');
});

test('the compact encoding draws the same model as objects', async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const models = [];
  for (const encoding of ['objects', 'compact']) {
    const controller = await PreviewController.create(client, listGridDocument({ clock: 'manual', encoding }));
    await controller.play();
    const tick = next(controller, 'tick');
    await client.request('clock/advance', { session: controller.session, by: 0.1 });
    await tick;
    models.push(controller.snapshot());
  }
  assert.ok(models[0].rects.length > 10);
  assert.deepEqual(models[1].rects, models[0].rects);
  assert.equal(models[1].progress, models[0].progress);
});

test('model: viewport-relative rectangles, labels, zIndex order, other sessions ignored', () => {
  const model = new PreviewModel({ session: 's1', viewport: { width: 100, height: 100 } });
  const tick = {
    session: 's1', transition: 't1', seq: 3, time: 0.1, fraction: 0.2, progress: 0.3, velocity: 0,
    contentOffset: { x: 5, y: 40 },
    attributes: [
      { kind: 'cell', section: 0, item: 7, id: 'seven', frame: { x: 5, y: 50, width: 10, height: 20 }, alpha: 0.5, zIndex: 1 },
      { kind: 'header', section: 1, item: 0, frame: { x: 0, y: 40, width: 100, height: 8 }, alpha: 1, zIndex: 0 },
      { kind: 'cell', section: 1, item: 2, frame: { x: 20, y: 60, width: 10, height: 10 }, alpha: 1, zIndex: 0, hidden: true },
    ],
  };
  assert.equal(model.applyTick(tick), true);
  const s = model.snapshot();
  assert.deepEqual(s.rects.map((r) => [r.label, r.x, r.y]), [['H1', -5, 0], ['1.2', 15, 20], ['seven', 0, 10]]);
  assert.equal(s.rects[2].alpha, 0.5);
  assert.equal(s.rects[1].hidden, true);
  assert.equal(s.progress, 0.3);
  assert.equal(model.applyTick({ ...tick, session: 's2', progress: 0.9 }), false);
  assert.equal(model.snapshot().progress, 0.3);
  assert.ok(Object.values(KEYMAP).includes('cancelInPlace'));
});
