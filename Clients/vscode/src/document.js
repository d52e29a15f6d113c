'use strict';
// Transition documents (Protocol/README.md section 18) as the extension uses them: read
// through the daemon's one format, `document/check`, which also converts the older
// `{viewport, items, from, to}` form; the extension parses none of it itself.
// Pure logic, no `vscode` dependency.

const { ErrorCodes, RpcError } = require('./client');

/**
 * The demo a session is made from when the active editor holds no transition document:
 * a list of 100 rows becoming a two-column grid on a phone-sized viewport.
 */
const DEFAULT_DOCUMENT = Object.freeze({
  session: {
    viewport: { width: 375, height: 667 },
    sections: [{ items: 100 }],
    layout: { type: 'list', rowHeight: 60 },
  },
  transition: {
    to: { type: 'grid', columns: 2, spacing: 10, lineSpacing: 5, inset: { top: 10, left: 10, bottom: 10, right: 10 } },
    duration: 0.8, // long enough to watch
    timing: { easing: 'quarticEaseInOut' },
  },
});

function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An error about the document itself (what `document/check` refused), for the user. */
class DocumentError extends Error {
  constructor(message, check) {
    super(message);
    this.name = 'DocumentError';
    if (check) this.check = check;
  }
}

/** `LINE:COLUMN: field: message` of a diagnostic (one-based, as editors show them). */
function describeDiagnostic(d, withPosition = true) {
  const at = withPosition && d.range && d.range.start ? `${d.range.start.line + 1}:${d.range.start.character + 1}: ` : '';
  const field = d.data && d.data.field;
  return `${at}${field ? `${field}: ` : ''}${d.message}`;
}

/**
 * Reads a transition document through the daemon: `document/check` with the text (a
 * string) or the value (an object). Resolves with `{document: {session, transition},
 * check}` when it is valid; rejects with a DocumentError naming its first error. A daemon
 * without `document/check` (the daemon on Node: -32601) gets a `{session, transition}`
 * object as it is, and its `session/create` and `transition/start` check it.
 * @param {object} client a started TransitiondClient
 * @param {string|object} input the document's text, or the document
 */
async function readDocument(client, input) {
  const params = typeof input === 'string' ? { text: input } : { document: input };
  let check;
  try {
    check = await client.request('document/check', params);
  } catch (error) {
    if (!(error instanceof RpcError) || error.code !== ErrorCodes.MethodNotFound) throw error;
    let value = input;
    if (typeof input === 'string') {
      try {
        value = JSON.parse(input);
      } catch (e) {
        throw new DocumentError(`not a transition document: ${e.message}`);
      }
    }
    if (!isObject(value) || !isObject(value.session) || !isObject(value.transition)) {
      throw new DocumentError('this daemon has no document/check (the daemon on Node), so only a document of the form {"session": ..., "transition": ...} is read, as it is');
    }
    return { document: { session: clone(value.session), transition: clone(value.transition) }, check: null };
  }
  if (!check.valid || !check.document) {
    const first = (check.diagnostics || []).find((d) => d.severity === 1) || (check.diagnostics || [])[0];
    throw new DocumentError(`not a valid transition document: ${first ? describeDiagnostic(first, typeof input === 'string') : 'no session and transition'}`, check);
  }
  return { document: check.document, check };
}

/**
 * A document from a command's argument (a keybinding's `args`): a `{session,
 * transition}` object whose members are laid over the demo's member by member, so that
 * `{"transition": {"duration": 2}}` is the demo, slower; any other object or text is read
 * as it is (the older form converted by the daemon, nothing filled in).
 */
function documentFromArgument(arg) {
  if (arg === undefined || arg === null) return clone(DEFAULT_DOCUMENT);
  if (isObject(arg) && (isObject(arg.session) || isObject(arg.transition)) && Object.keys(arg).every((k) => k === 'session' || k === 'transition' || k === '$schema')) {
    return {
      session: { ...clone(DEFAULT_DOCUMENT.session), ...clone(arg.session || {}) },
      transition: { ...clone(DEFAULT_DOCUMENT.transition), ...clone(arg.transition || {}) },
    };
  }
  return arg;
}

/**
 * The name of a document's session (Protocol section 20.3): its own `session.name`, else
 * `transition:` and the file's name without `.transition.json` (`.json`), at most 64
 * characters.
 */
function sessionNameOf(uri, document) {
  const own = document && document.session && document.session.name;
  if (typeof own === 'string' && own) return own;
  let name = String(uri).split('/').pop() || String(uri);
  for (const suffix of ['.transition.json', '.json']) {
    if (name.endsWith(suffix)) {
      name = name.slice(0, -suffix.length);
      break;
    }
  }
  return `transition:${name}`.slice(0, 64);
}

/**
 * The params of `transition/start` in `session` towards `target`: `"to"` (the document's
 * `transition.to`) or `"from"` (its `session.layout`, back), with the rest of its
 * `transition` as it is.
 */
function startParams(document, session, target = 'to', options = {}) {
  const params = { ...clone(document.transition), session };
  if (target === 'from') params.to = clone(document.session.layout);
  if (options.interactive) params.interactive = true;
  return params;
}

/** The clock and frame rate of a document's session (the protocol's defaults: realtime, 60). */
function clockOf(document) {
  const s = (document && document.session) || {};
  return { clock: s.clock === 'manual' ? 'manual' : 'realtime', fps: Number.isInteger(s.fps) && s.fps > 0 ? s.fps : 60 };
}

module.exports = { DEFAULT_DOCUMENT, DocumentError, readDocument, documentFromArgument, sessionNameOf, startParams, clockOf, describeDiagnostic };
