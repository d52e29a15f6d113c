'use strict';
// media/preview.js draws the model on a canvas: checked with a recording 2D context.

const test = require('node:test');
const assert = require('node:assert/strict');
const { drawModel, fit, statusText, KEYS } = require('../media/preview.js');
const { PreviewModel, KEYMAP } = require('../src/previewModel');

function recordingContext() {
  const calls = [];
  const state = {};
  const ctx = new Proxy(state, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args) => calls.push([name, ...args]);
    },
    set(target, name, value) {
      target[name] = value;
      calls.push([`=${String(name)}`, value]);
      return true;
    },
  });
  return { ctx, calls };
}

function listModel() {
  const model = new PreviewModel({ session: 's1', viewport: { width: 375, height: 667 } });
  model.applyTick({
    session: 's1', transition: 't1', seq: 1, time: 0, fraction: 0, progress: 0.4, velocity: 0,
    contentOffset: { x: 0, y: 30 },
    attributes: Array.from({ length: 13 }, (_, i) => ({
      kind: 'cell', section: 0, item: i, frame: { x: 0, y: 60 * i, width: 375, height: 60 }, alpha: i === 12 ? 0 : 1, zIndex: 0,
    })),
  });
  return model.snapshot();
}

test('every visible rectangle is drawn as a box with its label, and the progress bar', () => {
  const model = listModel();
  const { ctx, calls } = recordingContext();
  const drawn = drawModel(ctx, model, 400, 800, {});
  assert.equal(drawn, 12, 'the transparent element is skipped');
  const boxes = calls.filter((c) => c[0] === 'strokeRect');
  assert.equal(boxes.length, 1 + 12, 'the viewport frame and one box per element');
  assert.deepEqual(calls.filter((c) => c[0] === 'fillText').map((c) => c[1]), model.rects.slice(0, 12).map((r) => r.label));
  // The progress bar: a track and 40% of it.
  const fills = calls.filter((c) => c[0] === 'fillRect');
  const [track, bar] = fills.slice(-2);
  assert.ok(Math.abs(bar[3] - 0.4 * track[3]) < 1e-9);
  assert.equal(calls.filter((c) => c[0] === 'save').length, calls.filter((c) => c[0] === 'restore').length);
});

test('the viewport keeps its aspect ratio in any canvas', () => {
  for (const [w, h] of [[400, 800], [1200, 500], [200, 200]]) {
    const box = fit({ width: 375, height: 667 }, w, h);
    assert.ok(Math.abs(box.width / box.height - 375 / 667) < 1e-9);
    assert.ok(box.width <= w && box.height <= h);
  }
});

test('status line and keys', () => {
  assert.match(statusText(listModel()), /session s1 · transition t1 · running · progress 40\.0%/);
  assert.equal(drawModel(recordingContext().ctx, null, 100, 100), 0);
  for (const key of KEYS) assert.ok(KEYMAP[key], `the webview forwards '${key}', which has an action`);
});
