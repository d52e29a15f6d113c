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

test('documents are read through the daemon: document/check, the older form converted', async (t) => {
  const { readDocument, sessionNameOf, startParams, documentFromArgument, DEFAULT_DOCUMENT, DocumentError } = require('../src/document');
  const client = await startClient();
  t.after(() => client.dispose());
  const { document, check } = await readDocument(client, JSON.stringify({
    session: { viewport: { width: 200, height: 300 }, sections: [{ items: 4 }], layout: { type: 'list', rowHeight: 50 }, clock: 'manual' },
    transition: { to: { type: 'grid', columns: 2 }, duration: 0.4, timing: 'linear' },
  }));
  assert.equal(check.valid, true);
  assert.deepEqual(startParams(document, 's1', 'to'), {
    to: { type: 'grid', columns: 2 }, duration: 0.4, timing: 'linear', session: 's1',
  });
  assert.deepEqual(startParams(document, 's1', 'from', { interactive: true }).to, { type: 'list', rowHeight: 50 });
  // The older {viewport, items, from, to} form: converted by the daemon, nothing filled in.
  const older = await readDocument(client, { viewport: { width: 375, height: 667 }, items: 3, from: { type: 'list', rowHeight: 60 }, to: { type: 'grid', columns: 2 } });
  assert.equal(older.check.olderForm, true);
  assert.deepEqual(older.document.session.sections, [{ items: 3 }]);
  assert.deepEqual(older.document.transition.to, { type: 'grid', columns: 2 });
  // An invalid document: its first error, at its place in the text.
  await assert.rejects(readDocument(client, TEXT), (error) => {
    assert.ok(error instanceof DocumentError);
    assert.equal(error.message, 'not a valid transition document: 4:52: transition.to.columns: expected integer');
    return true;
  });
  // The session's name: the document's own, else transition: and the file's name.
  assert.equal(sessionNameOf('file:///x/card.transition.json', document), 'transition:card');
  assert.equal(sessionNameOf('file:///x/card.transition.json', { session: { name: 'gallery' } }), 'gallery');
  // A keybinding's argument is laid over the demo, member by member.
  const slower = documentFromArgument({ transition: { duration: 2 } });
  assert.equal(slower.transition.duration, 2);
  assert.deepEqual(slower.transition.to, DEFAULT_DOCUMENT.transition.to);
  assert.deepEqual(slower.session, DEFAULT_DOCUMENT.session);
});
