'use strict';
// The small spec a preview session is created from: a viewport, an item count and two
// layouts (`from`, the session's layout, and `to`, the one transitions go to).
// Pure logic, no `vscode` dependency.

const { DEFAULTS } = require('./protocol');

const DEFAULT_SPEC = Object.freeze({
  viewport: { width: 375, height: 667 },
  items: 100,
  from: { type: 'list', rowHeight: 60 },
  to: { type: 'grid', columns: 2, spacing: 10, lineSpacing: 5, inset: { top: 10, left: 10, bottom: 10, right: 10 } },
  duration: 0.8, // long enough to watch
  timing: { easing: 'quarticEaseInOut' },
  fps: 60,
});

class SpecError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SpecError';
  }
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}

/**
 * Reads a spec from JSON text or an object, filling in defaults. Throws a SpecError
 * whose message names the field at fault.
 * Fields: viewport {width,height}, items (number) or sections ([{items,...}]), from, to
 * (layouts), contentInset?, contentOffset? (session start), fps?, clock?, encoding?,
 * duration?, timing?, placement? (transition contentOffset option), stagger?, appear?,
 * disappear?.
 */
function parseSpec(input) {
  let spec = input;
  if (typeof input === 'string') {
    const text = input.trim();
    if (text === '') return clone(DEFAULT_SPEC);
    try {
      spec = JSON.parse(text);
    } catch (e) {
      throw new SpecError(`The session spec is not valid JSON: ${e.message}`);
    }
  }
  if (spec === undefined || spec === null) return clone(DEFAULT_SPEC);
  if (!isObject(spec)) throw new SpecError('The session spec must be a JSON object');
  const out = clone(fromDocument(spec));
  for (const key of ['viewport', 'from', 'to', 'duration', 'timing', 'fps']) {
    if (out[key] === undefined) out[key] = clone(DEFAULT_SPEC[key]);
  }
  if (out.items === undefined && out.sections === undefined) out.items = DEFAULT_SPEC.items;
  if (!isObject(out.viewport) || !(out.viewport.width > 0) || !(out.viewport.height > 0)) {
    throw new SpecError('spec.viewport must be {"width": > 0, "height": > 0}');
  }
  if (out.sections === undefined) {
    if (!Number.isInteger(out.items) || out.items < 0) throw new SpecError('spec.items must be a whole number >= 0');
  } else if (!Array.isArray(out.sections)) {
    throw new SpecError('spec.sections must be an array of {"items": N}');
  }
  for (const key of ['from', 'to']) {
    if (!isObject(out[key]) || typeof out[key].type !== 'string') {
      throw new SpecError(`spec.${key} must be a layout object with a "type"`);
    }
  }
  return out;
}

/**
 * A transition document (Protocol section 18: {session: <session/create params>,
 * transition: <transition/start params>}) as a spec: the session's layout is `from`, the
 * transition's `to` is `to`, its contentOffset the placement. Other objects pass
 * through. The daemon checks what it holds (its language server, document/check).
 */
function fromDocument(spec) {
  if (!isObject(spec.session) || !isObject(spec.transition) || spec.viewport !== undefined) return spec;
  const { session, transition } = spec;
  const out = { viewport: session.viewport, sections: session.sections, from: session.layout, to: transition.to };
  for (const key of ['contentInset', 'contentOffset', 'clock', 'fps', 'encoding', 'keepAlive']) {
    if (session[key] !== undefined) out[key] = session[key];
  }
  for (const key of ['duration', 'timing', 'stagger', 'appear', 'disappear', 'colorSpace']) {
    if (transition[key] !== undefined) out[key] = transition[key];
  }
  // What the document leaves out is the protocol's default, not the demo's.
  for (const [key, value] of Object.entries(DEFAULTS['transition/start'])) {
    if (out[key] === undefined) out[key] = clone(value);
  }
  if (transition.contentOffset !== undefined) out.placement = transition.contentOffset;
  return out;
}

/** The params of `session/create` for a spec. */
function createParams(spec) {
  const params = {
    viewport: clone(spec.viewport),
    sections: spec.sections ? clone(spec.sections) : [{ items: spec.items }],
    layout: clone(spec.from),
  };
  for (const key of ['contentInset', 'contentOffset', 'clock', 'fps', 'encoding', 'keepAlive']) {
    if (spec[key] !== undefined) params[key] = clone(spec[key]);
  }
  return params;
}

/** The params of `transition/start` towards `target` ("from" or "to"). */
function startParams(spec, session, target, options = {}) {
  const params = { session, to: clone(spec[target]) };
  if (options.interactive) params.interactive = true;
  for (const key of ['duration', 'timing', 'stagger', 'appear', 'disappear', 'colorSpace']) {
    if (spec[key] !== undefined) params[key] = clone(spec[key]);
  }
  if (spec.placement !== undefined) params.contentOffset = clone(spec.placement);
  return params;
}

module.exports = { DEFAULT_SPEC, SpecError, parseSpec, createParams, startParams, fromDocument };
