'use strict';
// The preview's logic: ticks become a drawable model (rectangles relative to the
// viewport, with labels), and the preview's keys become requests to the daemon.
// Pure logic, no `vscode` dependency.

const { EventEmitter } = require('node:events');
const { startParams, clockOf } = require('./document');

const KIND_NAMES = ['cell', 'header', 'footer'];

/** The preview's keys: key -> action. */
const KEYMAP = Object.freeze({
  h: 'scrubBack',
  ArrowLeft: 'scrubBack',
  l: 'scrubForward',
  ArrowRight: 'scrubForward',
  f: 'finish',
  c: 'cancel',
  ' ': 'cancelInPlace',
  Space: 'cancelInPlace',
  space: 'cancelInPlace',
  p: 'play',
  n: 'advance',
});

const SCRUB_STEP = 0.05;

/** A copy of a point, with -0 (which the daemon may send) made 0. */
function pointOf(p) {
  return { x: (p && p.x) || 0, y: (p && p.y) || 0 };
}

function frameOf(x, y, width, height) {
  return { x, y, width, height };
}

/**
 * Attributes as objects, whichever encoding they came in: the "objects" list as is,
 * or the columns of "compact".
 */
function normalizeAttributes(attributes) {
  if (Array.isArray(attributes)) return attributes;
  if (!attributes || typeof attributes !== 'object') return [];
  const c = attributes;
  const count = c.count ?? (c.item ? c.item.length : 0);
  const hidden = new Set(c.hidden || []);
  // Codes 0-2 are fixed; 3 and up name the kinds of the list's `kinds` table.
  const kindNames = KIND_NAMES.concat(c.kinds || []);
  const list = new Array(count);
  for (let i = 0; i < count; i++) {
    const f = 4 * i;
    const a = {
      kind: kindNames[c.kind[i]] || 'cell',
      section: c.section[i],
      item: c.item[i],
      frame: frameOf(c.frame[f], c.frame[f + 1], c.frame[f + 2], c.frame[f + 3]),
      alpha: c.alpha[i],
      zIndex: c.zIndex[i],
      transitionProgress: c.transitionProgress ? c.transitionProgress[i] : undefined,
      layoutState: c.states && c.layoutState ? c.states[c.layoutState[i]] : undefined,
    };
    if (c.nextFrame) a.nextFrame = frameOf(c.nextFrame[f], c.nextFrame[f + 1], c.nextFrame[f + 2], c.nextFrame[f + 3]);
    if (c.id && c.id[i] !== null && c.id[i] !== undefined) a.id = c.id[i];
    if (hidden.has(i)) a.hidden = true;
    if (c.transform) a.transform = c.transform.slice(6 * i, 6 * i + 6);
    if (c.values) {
      const values = {};
      let any = false;
      for (const [name, column] of Object.entries(c.values)) {
        if (column[i] !== null && column[i] !== undefined) {
          values[name] = column[i];
          any = true;
        }
      }
      if (any) a.values = values;
    }
    list[i] = a;
  }
  return list;
}

/** The label drawn in an element's box. */
function labelOf(a) {
  if (a.id !== undefined && a.id !== null) return String(a.id);
  const prefix = a.kind === 'header' ? 'H' : a.kind === 'footer' ? 'F' : '';
  if (prefix) return `${prefix}${a.section}`;
  if (a.kind && a.kind !== 'cell') return a.kind;
  return a.section > 0 ? `${a.section}.${a.item}` : String(a.item);
}

/** Elements (content coordinates) -> rectangles relative to the viewport, drawn in zIndex order. */
function toViewportRects(attributes, contentOffset) {
  const ox = (contentOffset && contentOffset.x) || 0;
  const oy = (contentOffset && contentOffset.y) || 0;
  const rects = normalizeAttributes(attributes).map((a, index) => {
    const r = {
      x: a.frame.x - ox + 0,
      y: a.frame.y - oy + 0,
      width: a.frame.width,
      height: a.frame.height,
      label: labelOf(a),
      kind: a.kind || 'cell',
      section: a.section,
      item: a.item,
      alpha: a.alpha ?? 1,
      zIndex: a.zIndex ?? 0,
      index,
    };
    if (a.hidden) r.hidden = true;
    if (a.transform) r.transform = a.transform;
    if (a.layoutState !== undefined) r.layoutState = a.layoutState;
    if (a.values) r.values = a.values;
    return r;
  });
  rects.sort((p, q) => p.zIndex - q.zIndex || p.index - q.index);
  for (const r of rects) delete r.index;
  return rects;
}

/** What the preview draws: one session's latest frame. */
class PreviewModel {
  constructor(options = {}) {
    this.session = options.session ?? null;
    this.viewport = options.viewport ? { ...options.viewport } : { width: 0, height: 0 };
    this.transition = null;
    this.state = 'idle';
    this.seq = 0;
    this.time = 0;
    this.progress = 0;
    this.fraction = 0;
    this.contentOffset = { x: 0, y: 0 };
    this.contentSize = null;
    this.rects = [];
    this.lastEnd = null;
    this.ticks = 0;
    this.name = options.name ?? null;
    this.clock = options.clock ?? 'realtime';
  }

  /** Takes a `transition/tick`; returns false when it belongs to another session. */
  applyTick(tick) {
    if (!tick || (this.session !== null && tick.session !== this.session)) return false;
    this.transition = tick.transition;
    this.seq = tick.seq;
    this.time = tick.time;
    this.progress = tick.progress;
    this.fraction = tick.fraction;
    this.contentOffset = pointOf(tick.contentOffset);
    this.rects = toViewportRects(tick.attributes, tick.contentOffset);
    if (this.state === 'idle') this.state = 'running';
    this.ticks += 1;
    return true;
  }

  /** Takes a `transition/didEnd`. */
  applyDidEnd(end) {
    if (!end || (this.session !== null && end.session !== this.session)) return false;
    this.lastEnd = { ...end };
    this.state = 'idle';
    this.progress = end.progress;
    this.contentOffset = pointOf(end.contentOffset);
    return true;
  }

  /** Takes a `transition/status` result (also what scrub, finish and cancel return). */
  applyStatus(status) {
    if (!status || typeof status !== 'object') return false;
    if (status.state) this.state = status.state;
    if (status.transition) this.transition = status.transition;
    if (typeof status.progress === 'number') this.progress = status.progress;
    if (typeof status.fraction === 'number') this.fraction = status.fraction;
    return true;
  }

  /** Takes a `layout/attributes` result: the resting layout between transitions. */
  applyAttributes(result) {
    if (!result) return false;
    if (result.contentOffset) this.contentOffset = pointOf(result.contentOffset);
    if (result.contentSize) this.contentSize = { ...result.contentSize };
    this.rects = toViewportRects(result.attributes, this.contentOffset);
    return true;
  }

  /** A plain object for drawing (what the webview receives). */
  snapshot() {
    return {
      session: this.session,
      name: this.name,
      clock: this.clock,
      viewport: { ...this.viewport },
      transition: this.transition,
      state: this.state,
      seq: this.seq,
      time: this.time,
      progress: this.progress,
      fraction: this.fraction,
      contentOffset: { ...this.contentOffset },
      rects: this.rects.map((r) => ({ ...r })),
      lastEnd: this.lastEnd ? { ...this.lastEnd } : null,
    };
  }
}

function clamp01(v) {
  return Math.min(1, Math.max(0, v));
}

/** The viewport a followed session is drawn at when its document is not known. */
const DEFAULT_VIEWPORT = Object.freeze({ width: 375, height: 667 });

/** Phases in which a transition moves with its clock (not `paused`, not `idle`). */
const MOVING = new Set(['running', 'finishing', 'cancelling']);

/**
 * One preview session: one it creates from a transition document, or one another client
 * made that it follows by name (a transition document's session, which the daemon's
 * language server owns). Keeps its model current from the client's notifications, and
 * turns keys and commands into requests. It follows the session, not a transition: after
 * a `transition/didEnd` it draws the next transition of the same session (an edit the
 * daemon replays in place). A followed manual-clock session is stepped by the preview
 * itself (`step`): `clock/advance` by 1/fps every 1/fps seconds while a transition moves.
 *
 * Events: `update` (snapshot) after every tick, didEnd and refresh; `tick`, `didEnd`
 * (params); `stepError` (an error of a step of the manual clock).
 */
class PreviewController extends EventEmitter {
  /** Creates the session of `document` ({session, transition}, as read by readDocument). */
  static async create(client, document, options = {}) {
    const created = await client.request('session/create', JSON.parse(JSON.stringify(document.session)));
    const { clock, fps } = clockOf(document);
    const controller = new PreviewController(client, created.session, { ...options, document, created, clock, fps });
    await controller.refresh();
    return controller;
  }

  /**
   * Follows the session named `name` (made by any client of the daemon, or a document's
   * session): subscribes to it. Disposing the controller unsubscribes; the session stays.
   * @param {object} [options] `viewport` to draw at (default 375 x 667), `document` (its
   *   transition document, when known), `uri` (that document's), `step` (step a manual
   *   clock itself)
   */
  static async follow(client, name, options = {}) {
    const subscribed = await client.request('session/subscribe', { name });
    const controller = new PreviewController(client, subscribed.session, { ...options, created: subscribed, name });
    controller.followed = true;
    await controller.learnClock(subscribed);
    await controller.refresh();
    controller.kick();
    return controller;
  }

  constructor(client, session, options = {}) {
    super();
    this.client = client;
    this.session = session;
    this.document = options.document || null;
    this.uri = options.uri || null;
    this.name = options.name || (options.created && options.created.name) || null;
    this.clock = options.clock || 'realtime';
    this.fps = options.fps || 60;
    this.steps = options.step === true;
    this.step = options.scrubStep ?? SCRUB_STEP;
    this.viewport = options.viewport || (this.document && this.document.session && this.document.session.viewport) || { ...DEFAULT_VIEWPORT };
    this.model = new PreviewModel({ session, viewport: this.viewport });
    this.model.name = this.name;
    this.model.clock = this.clock;
    if (options.created && options.created.contentOffset) this.model.contentOffset = pointOf(options.created.contentOffset);
    this.at = 'from'; // the document layout the session rests in: its session.layout
    this.targets = new Map(); // transition id -> "from" | "to"
    this.generation = 0;
    this.keys = Promise.resolve();
    this.disposed = false;
    this.stepping = false;
    this.stepRun = 0;
    this.stepTimer = null;
    this.lastStep = null;
    this.kicking = null;
    this.onTick = (tick) => {
      if (tick.session !== this.session) return;
      this.generation += 1;
      this.model.applyTick(tick);
      this.emit('tick', tick);
      this.emit('update', this.model.snapshot());
      if (!this.stepping) this.kick();
    };
    this.onDidEnd = (end) => {
      if (end.session !== this.session) return;
      this.generation += 1;
      this.stopStepping();
      const target = this.targets.get(end.transition);
      this.targets.delete(end.transition);
      if (target && end.completed) this.at = target; // completed: the destination is now the layout
      this.model.applyDidEnd(end);
      this.emit('didEnd', end);
      this.emit('update', this.model.snapshot());
      if (end.reason !== 'superseded' && end.reason !== 'retargeted' && end.reason !== 'disposed') {
        this.refresh().catch(() => {});
      }
      // The session goes on: an edit replayed in place has started its next transition.
      this.kick();
    };
    client.on('transition/tick', this.onTick);
    client.on('transition/didEnd', this.onDidEnd);
  }

  /** The clock and fps of a followed session: from session/subscribe, else session/list. */
  async learnClock(subscribed) {
    if (subscribed && subscribed.clock) {
      this.clock = subscribed.clock;
      this.fps = subscribed.fps || this.fps;
    } else {
      try {
        const { sessions } = await this.client.request('session/list', {});
        const entry = sessions.find((s) => s.session === this.session);
        if (entry) {
          this.clock = entry.clock || this.clock;
          this.fps = entry.fps || this.fps;
        }
      } catch {
        // Drawn as realtime.
      }
    }
    this.model.clock = this.clock;
  }

  /**
   * Follows `subscribed` (a session/subscribe result) from now on: the same session (an
   * edit replayed in place: nothing changes) or the one that replaced it (an edit of the
   * document's clock, fps, encoding ... or name). Resolves with whether it changed.
   */
  async switchTo(subscribed, options = {}) {
    if (options.document) this.document = options.document;
    if (options.viewport) {
      this.viewport = options.viewport;
      this.model.viewport = { ...options.viewport };
    }
    if (!subscribed || subscribed.session === this.session) return false;
    const old = this.session;
    this.stopStepping();
    this.session = subscribed.session;
    this.name = subscribed.name || this.name;
    this.model = new PreviewModel({ session: this.session, viewport: this.viewport });
    this.model.name = this.name;
    if (subscribed.contentOffset) this.model.contentOffset = pointOf(subscribed.contentOffset);
    this.generation += 1;
    this.targets.clear();
    await this.learnClock(subscribed);
    if (this.client.isRunning) this.client.request('session/unsubscribe', { session: old }).catch(() => {});
    await this.refresh();
    this.kick();
    return true;
  }

  /** Redraws the resting layout (between transitions) from `layout/attributes`. */
  async refresh() {
    const generation = this.generation;
    const result = await this.client.request('layout/attributes', { session: this.session });
    // A tick or didEnd since the request makes the answer stale.
    if (this.disposed || generation !== this.generation) return false;
    this.model.applyAttributes(result);
    this.emit('update', this.model.snapshot());
    return true;
  }

  // MARK: Stepping a manual clock

  /**
   * Looks whether a transition moves in a followed manual session and, if so, steps it.
   * Nothing for a realtime session, one the preview made, or while already stepping.
   */
  kick() {
    if (!this.steps || this.clock !== 'manual' || this.stepping || this.disposed || this.kicking) return this.kicking || Promise.resolve(false);
    const kicking = this.client.request('transition/status', { session: this.session }).then(
      (status) => {
        this.kicking = null;
        if (this.disposed || this.stepping || !status || !MOVING.has(status.state) || status.session !== this.session) return false;
        this.startStepping();
        return true;
      },
      () => {
        this.kicking = null;
        return false;
      },
    );
    this.kicking = kicking;
    return kicking;
  }

  startStepping() {
    if (this.stepping || this.disposed) return;
    this.stepping = true;
    this.lastStep = null;
    const run = ++this.stepRun;
    this.scheduleStep(run);
  }

  scheduleStep(run) {
    this.stepTimer = setTimeout(() => this.stepOnce(run), 1000 / this.fps);
  }

  async stepOnce(run) {
    this.stepTimer = null;
    if (run !== this.stepRun || !this.stepping || this.disposed) return;
    let result;
    try {
      // A subscriber reads the tick in the notification: the brief reply spares the attributes.
      result = await this.client.request('clock/advance', { session: this.session, by: 1 / this.fps, reply: 'brief' });
    } catch (error) {
      if (run === this.stepRun) this.stopStepping();
      this.emit('stepError', error);
      return;
    }
    if (run !== this.stepRun || !this.stepping || this.disposed) return;
    // Idle, or paused (held: two steps in a row at fraction 0), stops the steps.
    const held = this.lastStep && this.lastStep.fraction === 0 && result && result.fraction === 0 && this.lastStep.transition === result.transition;
    if (!result || result.state === 'idle' || held) {
      this.stopStepping();
      return;
    }
    this.lastStep = result;
    this.scheduleStep(run);
  }

  stopStepping() {
    this.stepping = false;
    this.stepRun += 1;
    if (this.stepTimer) clearTimeout(this.stepTimer);
    this.stepTimer = null;
  }

  // MARK: Requests

  /** The document layout a new transition goes to: the one the session is not in. */
  get nextTarget() {
    return this.at === 'from' ? 'to' : 'from';
  }

  /** Starts a transition to the other layout of the document. */
  async play(options = {}) {
    if (this.runDocument && this.uri) {
      // A document's session: the daemon's language server plays it (or starts it held).
      const result = options.interactive
        ? await this.runDocument('transitiond.scrub', [this.uri, 0])
        : await this.runDocument('transitiond.play', [this.uri]);
      if (result && result.session === this.session) {
        this.model.transition = result.transition;
        this.model.state = options.interactive ? 'paused' : 'running';
        this.model.progress = options.interactive ? result.progress : 0;
      }
      return result;
    }
    if (!this.document) throw new Error('This session was made by another client: play it there');
    const target = options.target || this.nextTarget;
    const result = await this.client.request('transition/start', startParams(this.document, this.session, target, options));
    this.targets.set(result.transition, target);
    this.model.transition = result.transition;
    this.model.state = options.interactive ? 'paused' : 'running';
    this.model.progress = 0;
    return result;
  }

  async scrub(progress) {
    const status = await this.client.request('transition/scrub', { session: this.session, progress: clamp01(progress) });
    this.model.applyStatus(status);
    return status;
  }

  async scrubBy(delta) {
    // Rounded so that repeated steps land on whole multiples (0.15, not 0.15000000000000002).
    return this.scrub(Math.round((this.model.progress + delta) * 1e9) / 1e9);
  }

  async finish(options = {}) {
    const status = await this.client.request('transition/finish', { session: this.session, ...options });
    this.model.applyStatus(status);
    this.kick();
    return status;
  }

  async cancel(options = {}) {
    const status = await this.client.request('transition/cancel', { session: this.session, ...options });
    this.model.applyStatus(status);
    this.kick();
    return status;
  }

  /**
   * Advances a manual clock by `seconds` (default: one frame, 1/fps); resolves with the
   * tick. A realtime session refuses it here, before asking the daemon.
   */
  async advance(seconds) {
    if (this.clock !== 'manual') {
      throw new Error('the session runs on the realtime clock: only a "clock": "manual" session advances by hand');
    }
    const by = seconds ?? 1 / this.fps;
    return this.client.request('clock/advance', { session: this.session, by });
  }

  async cancelInPlace() {
    const result = await this.client.request('transition/cancelInPlace', { session: this.session });
    this.model.progress = result.progress;
    return result;
  }

  /**
   * Handles a key pressed in the preview. Resolves with {action, result}, or null for
   * keys with no action; rejects with the daemon's error.
   */
  handleKey(key) {
    const action = KEYMAP[key];
    if (!action) return Promise.resolve(null);
    // One key at a time: a scrub step starts from the progress the previous one reached.
    const run = this.keys.then(() => this.performKey(action));
    this.keys = run.catch(() => {});
    return run;
  }

  async performKey(action) {
    let result;
    switch (action) {
      case 'scrubBack': result = await this.scrubBy(-this.step); break;
      case 'scrubForward': result = await this.scrubBy(this.step); break;
      case 'finish': result = await this.finish(); break;
      case 'cancel': result = await this.cancel(); break;
      case 'cancelInPlace': result = await this.cancelInPlace(); break;
      case 'play': result = await this.play(); break;
      case 'advance': result = await this.advance(); break;
      default: return null;
    }
    return { action, result };
  }

  snapshot() {
    return this.model.snapshot();
  }

  /** Stops listening and, unless `keepSession`, disposes the session in the daemon. */
  async dispose(options = {}) {
    if (this.disposed) return;
    this.disposed = true;
    this.stopStepping();
    this.client.off('transition/tick', this.onTick);
    this.client.off('transition/didEnd', this.onDidEnd);
    if (!options.keepSession && this.client.isRunning) {
      try {
        // A followed session belongs to someone else: only stop watching it.
        await this.client.request(this.followed ? 'session/unsubscribe' : 'session/dispose', { session: this.session });
      } catch {
        // Already gone.
      }
    }
    this.removeAllListeners();
  }
}

module.exports = {
  KEYMAP,
  SCRUB_STEP,
  PreviewModel,
  PreviewController,
  DEFAULT_VIEWPORT,
  normalizeAttributes,
  toViewportRects,
  labelOf,
};
