'use strict';
// Transition documents against the real daemon's language server: the extension's
// DocumentSync opens, changes and closes a document and shows the daemon's diagnostics.

const test = require('node:test');
const assert = require('node:assert/strict');
const { DocumentSync, isTransitionDocument } = require('../src/documents');
const { startClient } = require('./support/helpers');

const TEXT = [
  '{',
  '  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],',
  '              "layout": {"type": "list", "rowHeight": 60}, "clock": "manual"},',
  '  "transition": {"to": {"type": "grid", "columns": "two"}, "duration": 0.5}',
  '}',
].join('\n');

function fakeDocument(uri, text, version = 1, languageId = 'json') {
  return { uri: { toString: () => uri }, languageId, version, getText: () => text };
}

test('which documents are transition documents', () => {
  assert.ok(isTransitionDocument(fakeDocument('file:///a/b.transition.json', '')));
  assert.ok(isTransitionDocument(fakeDocument('untitled:1', '', 1, 'transition')));
  assert.ok(!isTransitionDocument(fakeDocument('file:///a/package.json', '')));
});

test("the daemon's diagnostics follow the document, and play runs it", async (t) => {
  const client = await startClient();
  t.after(() => client.dispose());
  const shown = [];
  let wake = null;
  const sync = new DocumentSync({
    client: async () => client,
    show: (uri, diagnostics) => {
      shown.push({ uri, diagnostics });
      if (wake) wake();
    },
  });
  const next = (count) => new Promise((resolve) => {
    wake = () => { if (shown.length >= count) resolve(shown[count - 1]); };
    wake();
  });
  const uri = 'file:///work/list-to-grid.transition.json';
  await sync.didOpen(fakeDocument(uri, TEXT));
  const first = await next(1);
  assert.equal(first.uri, uri);
  assert.deepEqual(first.diagnostics, [{
    range: { start: { line: 3, character: 51 }, end: { line: 3, character: 56 } },
    severity: 0, message: 'expected integer', source: 'transitiond', code: -32602,
    field: 'transition.to.columns',
  }]);
  await sync.didChange(fakeDocument(uri, TEXT.replace('"two"', '2'), 2));
  assert.deepEqual((await next(2)).diagnostics, []);
  // Completion, hover and code lenses come from the daemon.
  const easings = await sync.completion(fakeDocument(uri, ''), { line: 3, character: 35 });
  assert.deepEqual(easings.map((i) => i.label), ['flow', 'list', 'grid', 'displaySwitch', 'explicit']);
  const hover = await sync.hover(fakeDocument(uri, ''), { line: 3, character: 20 });
  assert.match(hover.contents.value, /^\*\*`to`\*\* — /);
  assert.match(hover.contents.value, /Content size 375 × 937\.5 at the end\.$/);
  const lenses = await sync.lenses(fakeDocument(uri, ''));
  assert.deepEqual(lenses.map((l) => [l.command.command, ...l.command.arguments]),
    [['transitiond.play', uri], ['transitiond.scrub', uri, 0.5], ['transitiond.stop', uri]]);
  const scrubbed = await sync.execute(...[lenses[1].command.command, lenses[1].command.arguments]);
  assert.equal(scrubbed.progress, 0.5);
  const played = await sync.command('play', fakeDocument(uri, ''));
  assert.equal(played.name, 'transition:list-to-grid');
  assert.equal(played.duration, 0.5);
  assert.equal(await sync.command('stop', fakeDocument(uri, '')), null);
  await sync.didClose(fakeDocument(uri, ''));
  assert.deepEqual(shown[shown.length - 1], { uri, diagnostics: [] });
  // Another JSON file is not sent: the daemon shows nothing for it.
  await sync.didOpen(fakeDocument('file:///work/package.json', '{}'));
  assert.equal(sync.open.has('file:///work/package.json'), false);
});

test('a transition document is read as a session spec', () => {
  const { parseSpec, createParams, startParams } = require('../src/spec');
  const spec = parseSpec(JSON.stringify({
    session: { viewport: { width: 200, height: 300 }, sections: [{ items: 4 }], layout: { type: 'list', rowHeight: 50 }, clock: 'manual' },
    transition: { to: { type: 'grid', columns: 2 }, duration: 0.4, contentOffset: { placement: 'top' } },
  }));
  assert.deepEqual(createParams(spec), {
    viewport: { width: 200, height: 300 }, sections: [{ items: 4 }], layout: { type: 'list', rowHeight: 50 }, clock: 'manual', fps: 60,
  });
  assert.deepEqual(startParams(spec, 's1', 'to'), {
    session: 's1', to: { type: 'grid', columns: 2 }, duration: 0.4, timing: 'linear',
    contentOffset: { placement: 'top' },
  });
});
