'use strict';
// Shared by the tests: where the daemon is, the layouts of the list -> grid case, and
// small waiting helpers.

const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { TransitiondClient } = require('../../src/client');

const REPO = path.resolve(__dirname, '..', '..', '..', '..');
const DAEMON = process.env.TRANSITIOND || path.join(REPO, '.build', 'debug', 'transitiond');

function requireDaemon() {
  assert.ok(
    fs.existsSync(DAEMON),
    `no transitiond at ${DAEMON}: build it (swift build) or set TRANSITIOND to its path`,
  );
  return DAEMON;
}

const VIEWPORT = Object.freeze({ width: 375, height: 667 });
const LIST = Object.freeze({ type: 'list', rowHeight: 60 });
const GRID = Object.freeze({
  type: 'grid', columns: 2, spacing: 10, lineSpacing: 5, inset: { top: 10, left: 10, bottom: 10, right: 10 },
});

/** The spec of the list -> grid case (100 items). */
function listGridSpec(extra = {}) {
  return { viewport: { ...VIEWPORT }, items: 100, from: { ...LIST }, to: JSON.parse(JSON.stringify(GRID)), duration: 0.3, ...extra };
}

/** Members of `session/create`, for listGridDocument's extras. */
const SESSION_MEMBERS = new Set(['viewport', 'sections', 'layout', 'contentInset', 'contentOffset', 'clock', 'fps', 'encoding', 'precision', 'keepAlive', 'name']);

/**
 * The list -> grid case (100 items) as a transition document (Protocol section 18),
 * extras sorted into its `session` or its `transition`.
 */
function listGridDocument(extra = {}) {
  const document = {
    session: { viewport: { ...VIEWPORT }, sections: [{ items: 100 }], layout: { ...LIST } },
    transition: { to: JSON.parse(JSON.stringify(GRID)), duration: 0.3, timing: { easing: 'quarticEaseInOut' } },
  };
  for (const [key, value] of Object.entries(extra)) document[SESSION_MEMBERS.has(key) ? 'session' : 'transition'][key] = value;
  return document;
}

async function startClient(options = {}) {
  const client = new TransitiondClient({ path: requireDaemon(), requestTimeout: 5000, ...options });
  await client.start();
  return client;
}

/** True while a process with that id exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `predicate()` holds, polling. */
async function until(predicate, timeout = 3000, what = 'condition') {
  const deadline = Date.now() + timeout;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The next `event` of `emitter` whose first argument satisfies `filter`. */
function next(emitter, event, filter = () => true, timeout = 3000) {
  return new Promise((resolve, reject) => {
    const listener = (value) => {
      if (!filter(value)) return;
      cleanup();
      resolve(value);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for ${event}`));
    }, timeout);
    function cleanup() {
      clearTimeout(timer);
      emitter.off(event, listener);
    }
    emitter.on(event, listener);
  });
}

/** Records every `event` of `emitter` (first arguments) in an array. */
function record(emitter, event) {
  const list = [];
  const listener = (value) => list.push(value);
  emitter.on(event, listener);
  list.stop = () => emitter.off(event, listener);
  return list;
}

module.exports = { REPO, DAEMON, requireDaemon, VIEWPORT, LIST, GRID, listGridSpec, listGridDocument, startClient, alive, sleep, until, next, record };
