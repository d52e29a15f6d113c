// The live viewer: the daemon's sessions, the selected one's ticks drawn on a canvas at
// the display's refresh rate, transport buttons, a scrub slider, a timing picker whose
// curve the daemon itself samples, a speed control (the session's clock/setRate rate) and
// a loop toggle, and item details on hover. `?demo=1` loops the seed apps' list <-> grid
// switch.

// Every request carries the token: this module's own URL has it.
const token = new URL(import.meta.url).searchParams.get("token") ?? "";
const query = new URLSearchParams(location.search);
// `?local=1`: no daemon; the engine runs in the page, from the files of Clients/web
// served as they are (the client is one folder up).
const local = query.get("local") === "1";
const { TransitionClient, EASINGS, attributeObjects } = await import(
  local ? new URL("../transitiond.js", import.meta.url).href : `./transitiond.js?token=${encodeURIComponent(token)}`
);

const $ = (id) => document.getElementById(id);

// The seed apps' two layouts (the classmethod article): list rows 60 high; a grid of 2
// columns, spacing 10, line spacing 5, inset 10.
const LIST = { type: "list", rowHeight: 60 };
const GRID = { type: "grid", columns: 2, spacing: 10, lineSpacing: 5, inset: { top: 10, left: 10, bottom: 10, right: 10 } };
const SEED_VIEWPORT = { width: 375, height: 667 };

const state = {
  client: null,
  sessions: [],
  selected: null,
  /** Latest tick (or resting attributes) of the selected session. */
  frame: null,
  attrs: [],
  viewport: null,
  /** Per session: {from, to} layouts of the transition the viewer started. */
  legs: new Map(),
  /** Sessions this page subscribed to. */
  subscribed: new Set(),
  curveSession: null,
  hover: null,
  scrubbing: false,
  dirty: true,
  ticksThisSecond: 0,
  ticksReceived: 0,
  tickRate: 0,
  refreshRate: 60,
  demo: false,
  demoRun: 0,
};

// ---------------------------------------------------------------------------
// Connection

function setConnection(kind, text) {
  $("connection").dataset.state = kind;
  $("connection-text").textContent = text;
}

function report(error) {
  // Shown, not thrown: the page keeps working after a refused request.
  const message = error?.message ?? String(error);
  setConnection(state.client?.closeError ? "closed" : "open", message.length > 90 ? message.slice(0, 87) + "…" : message);
  clearTimeout(report.timer);
  report.timer = setTimeout(() => { if (!state.client?.closeError) setConnection("open", connectedText()); }, 3000);
}

function connectedText() {
  const info = state.client?.serverInfo?.serverInfo;
  return `${local ? "in this page" : location.host}${info ? ` · ${info.name} ${info.version}` : ""}`;
}

async function connect() {
  const clientInfo = { name: "transitiond web viewer", version: "1" };
  const client = local
    ? await TransitionClient.connectLocal({ clientInfo })
    : await TransitionClient.connect(
        `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/?token=${encodeURIComponent(token)}`,
        { clientInfo });
  state.client = client;
  setConnection("open", connectedText());
  client.on("transition/tick", onTick);
  client.on("transition/didEnd", onDidEnd);
  client.closed.then(() => setConnection("closed", "disconnected — reload to reconnect"));
}

// ---------------------------------------------------------------------------
// Sessions

async function refreshSessions() {
  if (!state.client || state.client.closeError) return;
  const { sessions } = await state.client.listSessions();
  // What this page can see: its own sessions, the kept-alive ones and the transition
  // documents' previews (not its curve).
  const visible = sessions.filter((s) => (s.owned || s.keepAlive || s.document) && s.session !== state.curveSession);
  const text = JSON.stringify(visible);
  if (text === refreshSessions.last) return;
  refreshSessions.last = text;
  state.sessions = visible;
  renderSessions();
  showRate(sessionInfo()?.rate ?? 1);
  if (state.selected && !visible.some((s) => s.session === state.selected)) select(null);
  // ?session=NAME (or an id): that session first, again when it is made anew.
  const wanted = query.get("session");
  const preferred = wanted ? visible.find((s) => s.name === wanted || s.session === wanted) : undefined;
  if (!state.selected && visible.length > 0) select((preferred ?? visible[0]).session);
  updateButtons();
}

function renderSessions() {
  const list = $("session-list");
  list.replaceChildren();
  for (const s of state.sessions) {
    const li = document.createElement("li");
    li.dataset.session = s.session;
    li.classList.toggle("selected", s.session === state.selected);
    const name = document.createElement("span");
    name.className = "sid";
    // A named session is known by its name (other clients subscribe by it); the id aside.
    name.textContent = s.name ?? s.session;
    name.title = s.session;
    if (s.document) {
      // A transition document's preview: the editors' language server plays it.
      const tag = document.createElement("span");
      tag.className = "tag document";
      tag.textContent = "document";
      tag.title = s.document;
      name.append(tag);
    } else if (s.keepAlive) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = s.owned ? "keepAlive" : "shared";
      name.append(tag);
    }
    const badge = document.createElement("span");
    badge.className = `badge ${s.state}`;
    badge.textContent = s.state;
    const meta = document.createElement("span");
    meta.className = "meta";
    const rate = s.rate === 1 ? "" : ` · ${s.rate}×`;
    meta.textContent = `${s.items.toLocaleString()} items · ${s.layoutState} · ${s.clock} ${s.fps} fps${rate}`;
    li.append(name, badge, meta);
    li.addEventListener("click", () => select(s.session));
    list.append(li);
  }
  $("sessions-empty").hidden = state.sessions.length > 0;
}

function sessionInfo(id = state.selected) {
  return state.sessions.find((s) => s.session === id);
}

async function select(id) {
  if (id === state.selected) return;
  const previous = state.selected;
  state.selected = id;
  if (sessionInfo(id)) $("reduced-toggle").checked = sessionInfo(id).reducedMotion;
  state.frame = null;
  state.attrs = [];
  state.hover = null;
  state.dirty = true;
  showRate(sessionInfo(id)?.rate ?? 1);
  for (const li of $("session-list").children) li.classList.toggle("selected", li.dataset.session === id);
  if (previous && state.subscribed.has(previous)) {
    state.subscribed.delete(previous);
    state.client.unsubscribe({ session: previous }).catch(() => {});
  }
  if (!id) {
    $("stage-title").textContent = "No session selected";
    updateButtons();
    return;
  }
  const info = sessionInfo(id);
  if (info && !info.owned && !info.subscribed) {
    await state.client.subscribe({ session: id });
    state.subscribed.add(id);
  }
  await showResting(id);
  updateButtons();
}

/**
 * Draws a session as it is now: at rest from layout/attributes, in flight from a sample
 * at its current progress (a paused transition sends no tick until it changes again).
 */
async function showResting(id) {
  const rest = await state.client.attributes({ session: id });
  const status = await state.client.status({ session: id });
  const moving = status.state !== "idle";
  const now = moving ? await state.client.sample({ session: id, progress: status.progress }) : null;
  if (id !== state.selected) return;
  const info = sessionInfo(id);
  // A tick that came meanwhile is newer than what was asked for.
  if (!state.frame?.seq) {
    const progress = now ? status.progress : 0;
    state.attrs = attributeObjects((now ?? rest).attributes);
    state.frame = { contentOffset: (now ?? rest).contentOffset, progress, fraction: now ? status.fraction : 0, seq: null };
    if (!state.scrubbing) $("scrub").value = String(Math.min(1, Math.max(0, progress)));
    $("progress-readout").textContent = progress.toFixed(3);
    $("stat-seq").textContent = now ? `${status.state} · ${status.transition}` : "seq —";
  }
  if (!state.viewport || state.viewportFor !== id) {
    // The viewport of a session this page did not create: its width is the content's,
    // its height what layout/attributes answered for (the visible rect).
    const bottom = Math.max(0, ...attributeObjects(rest.attributes).map((a) => a.frame.y + a.frame.height - rest.contentOffset.y));
    state.viewport = state.own?.get(id) ?? { width: rest.contentSize.width, height: Math.max(200, Math.min(bottom, rest.contentSize.height)) };
    state.viewportFor = id;
  }
  $("stage-title").textContent = `${info?.name ?? id}${info ? ` · ${info.items.toLocaleString()} items` : ""}`;
  state.dirty = true;
}

async function createSession({ keepAlive = false } = {}) {
  const { session } = await state.client.createSession({
    viewport: SEED_VIEWPORT, sections: [{ items: 100 }], layout: LIST, fps: state.refreshRate, keepAlive,
    reducedMotion: $("reduced-toggle").checked,
  });
  state.own ??= new Map();
  state.own.set(session, SEED_VIEWPORT);
  await refreshSessions();
  await select(session);
  return session;
}

// ---------------------------------------------------------------------------
// Ticks

function onTick(tick) {
  if (tick.session !== state.selected) return;
  state.frame = tick;
  state.attrs = attributeObjects(tick.attributes);
  state.ticksThisSecond++;
  state.ticksReceived++;
  state.dirty = true;
  $("stat-seq").textContent = `seq ${tick.seq}`;
  if (!state.scrubbing) $("scrub").value = String(Math.min(1, Math.max(0, tick.progress)));
  $("progress-readout").textContent = tick.progress.toFixed(3);
  drawCurve();
}

function onDidEnd(end) {
  if (end.session === state.selected) {
    $("progress-readout").textContent = end.progress.toFixed(3);
    if (!state.scrubbing) $("scrub").value = String(Math.min(1, Math.max(0, end.progress)));
    // Looping: a finished transition is followed by one to the other layout (the demo
    // loops on its own).
    if ($("loop-toggle").checked && end.reason === "finished" && !state.demo) {
      setTimeout(() => {
        if ($("loop-toggle").checked && state.selected === end.session && currentPhase() === "idle") play().catch(report);
      }, 400);
    }
  }
  refreshSessions().catch(report);
}

setInterval(() => {
  state.tickRate = state.ticksThisSecond;
  state.ticksThisSecond = 0;
  $("stat-fps").textContent = `${state.tickRate} ticks/s`;
}, 1000);

// ---------------------------------------------------------------------------
// Transport

function currentPhase() {
  return sessionInfo()?.state ?? "idle";
}

function otherLayout(id) {
  const leg = state.legs.get(id);
  if (leg) return leg.to === GRID ? LIST : GRID;
  return sessionInfo(id)?.layoutState === "grid" ? LIST : GRID;
}

function timing() {
  const kind = document.querySelector(".segmented .on").dataset.kind;
  if (kind === "bezier") return { cubicBezier: ["bz-x1", "bz-y1", "bz-x2", "bz-y2"].map((k) => Number($(k).value)) };
  if (kind === "spring") return { spring: { response: Number($("sp-response").value), dampingFraction: Number($("sp-damping").value) } };
  return $("easing").value;
}

const duration = () => Number($("duration").value);

async function afterChange(id) {
  // A manual-clock session shows a change only when its clock moves.
  if (sessionInfo(id)?.clock === "manual") await state.client.advance({ session: id, by: 0 });
  await refreshSessions();
  updateButtons();
}

async function play({ interactive = false } = {}) {
  const id = state.selected;
  const to = otherLayout(id);
  const from = to === GRID ? LIST : GRID;
  state.legs.set(id, { from, to });
  await state.client.start({ session: id, to, duration: duration(), timing: timing(), interactive });
  await afterChange(id);
}

async function reverse() {
  const id = state.selected;
  if (currentPhase() === "idle") return play();
  const leg = state.legs.get(id) ?? { from: otherLayout(id), to: otherLayout(id) === GRID ? LIST : GRID };
  state.legs.set(id, { from: leg.to, to: leg.from });
  await state.client.retarget({ session: id, to: leg.from, duration: duration(), timing: timing() });
  await afterChange(id);
}

const actions = {
  "btn-play": () => play(),
  "btn-reverse": () => reverse(),
  "btn-finish": async () => { await state.client.finish({ session: state.selected, timing: timing() }); await afterChange(state.selected); },
  "btn-cancel": async () => { await state.client.cancel({ session: state.selected, timing: timing() }); await afterChange(state.selected); },
  "btn-cancel-in-place": async () => { await state.client.cancelInPlace({ session: state.selected }); state.legs.delete(state.selected); await afterChange(state.selected); },
};

for (const [id, action] of Object.entries(actions)) {
  $(id).addEventListener("click", () => {
    stopDemo();
    action().catch(report);
  });
}

function updateButtons() {
  const phase = currentPhase();
  const none = !state.selected;
  $("btn-play").disabled = none;
  $("btn-reverse").disabled = none;
  for (const id of ["btn-finish", "btn-cancel", "btn-cancel-in-place"]) $(id).disabled = none || phase === "idle";
  $("scrub").disabled = none;
  $("stat-state").textContent = none ? "—" : phase;
  $("stat-state").className = `badge ${phase}`;
}

// The slider scrubs: one scrub in flight at a time, the newest value next.
let scrubTarget = null;
let scrubbing = null;

async function scrubLoop() {
  while (scrubTarget !== null) {
    const id = state.selected;
    const progress = scrubTarget;
    scrubTarget = null;
    if (currentPhase() === "idle") await play({ interactive: true });
    await state.client.scrub({ session: id, progress });
    if (sessionInfo(id)?.clock === "manual") await state.client.advance({ session: id, by: 0 });
    $("progress-readout").textContent = progress.toFixed(3);
  }
}

$("scrub").addEventListener("input", () => {
  stopDemo();
  scrubTarget = Number($("scrub").value);
  if (!scrubbing) {
    scrubbing = scrubLoop().catch(report).finally(() => {
      scrubbing = null;
      refreshSessions().catch(report);
    });
  }
});
$("scrub").addEventListener("pointerdown", () => { state.scrubbing = true; });
window.addEventListener("pointerup", () => { state.scrubbing = false; });

$("new-session").addEventListener("click", () => createSession().catch(report));

// ---------------------------------------------------------------------------
// Playback speed: the selected session's rate, which the daemon reports in session/list.

function showRate(rate) {
  for (const b of $("speed").children) b.classList.toggle("on", Number(b.dataset.rate) === rate);
}

for (const button of $("speed").children) {
  button.addEventListener("click", () => {
    if (!state.selected) return;
    const rate = Number(button.dataset.rate);
    state.client.setRate({ session: state.selected, rate })
      .then(() => { showRate(rate); return refreshSessions(); })
      .catch(report);
  });
}

// Reduced motion: the toggle starts as the system says and sets the selected session's
// reducedMotion (the next transition follows it; one in flight keeps its version).
$("reduced-toggle").checked = matchMedia("(prefers-reduced-motion: reduce)").matches;
$("reduced-toggle").addEventListener("change", () => {
  if (!state.selected || !sessionInfo()?.owned) return;
  state.client.updateSession({ session: state.selected, reducedMotion: $("reduced-toggle").checked })
    .then(() => refreshSessions())
    .catch(report);
});

$("loop-toggle").addEventListener("change", () => {
  if ($("loop-toggle").checked && state.selected && currentPhase() === "idle") play().catch(report);
});

// ---------------------------------------------------------------------------
// The demo: the seed apps' list <-> grid switch, looped.

function stopDemo() {
  if (!state.demo) return;
  state.demo = false;
  state.demoRun++;
  $("demo-toggle").checked = false;
}

async function startDemo() {
  state.demo = true;
  const run = ++state.demoRun;
  $("demo-toggle").checked = true;
  let id = state.selected && sessionInfo()?.owned ? state.selected : await createSession();
  while (state.demo && run === state.demoRun && state.selected === id) {
    if (currentPhase() !== "idle") await state.client.cancelInPlace({ session: id });
    const to = otherLayout(id);
    state.legs.set(id, { from: to === GRID ? LIST : GRID, to });
    const { transition } = await state.client.start({ session: id, to, duration: duration(), timing: timing() });
    await refreshSessions();
    updateButtons();
    await state.client.didEnd(id, transition);
    await new Promise((r) => setTimeout(r, 700));
  }
}

$("demo-toggle").addEventListener("change", () => {
  if ($("demo-toggle").checked) startDemo().catch(report);
  else stopDemo();
});

// ---------------------------------------------------------------------------
// Drawing the stage

const stage = $("stage");
const ctx = stage.getContext("2d");

function fit() {
  const rect = stage.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(rect.width * ratio));
  const height = Math.max(1, Math.round(rect.height * ratio));
  if (stage.width !== width || stage.height !== height) {
    stage.width = width;
    stage.height = height;
    state.dirty = true;
  }
  return { width: rect.width, height: rect.height, ratio };
}

/** Where the viewport sits on the stage: scale and origin (CSS pixels). */
function placement(box) {
  const vp = state.viewport ?? SEED_VIEWPORT;
  const pad = 28;
  const scale = Math.max(0.05, Math.min((box.width - 2 * pad) / vp.width, (box.height - 2 * pad) / vp.height));
  return { scale, x: (box.width - vp.width * scale) / 2, y: (box.height - vp.height * scale) / 2, vp };
}

function roundRect(x, y, w, h, r) {
  const radius = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
}

/** An item's colour: its own `backgroundColor` value, else one that follows its index,
 * so it stays put while the item moves. */
function colorOf(a) {
  const values = a.values;
  if (values && typeof values.backgroundColor === "string") return values.backgroundColor;
  // Back and forth across a blue-violet-pink band, 24 items each way.
  const wave = (a.item % 48) / 24;
  const hue = (215 + (wave > 1 ? 2 - wave : wave) * 130 + a.section * 37) % 360;
  return `hsl(${hue} 72% ${a.kind === "cell" ? 64 : 40}%)`;
}

function draw() {
  const box = fit();
  ctx.setTransform(box.ratio, 0, 0, box.ratio, 0, 0);
  ctx.clearRect(0, 0, box.width, box.height);
  if (!state.selected || !state.frame) {
    ctx.fillStyle = "#8a93a8";
    ctx.font = "14px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillText(state.selected ? "loading…" : "Select a session, or create one", box.width / 2, box.height / 2);
    return;
  }
  const p = placement(box);
  const offset = state.frame.contentOffset ?? { x: 0, y: 0 };
  // The device.
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.55)";
  ctx.shadowBlur = 30;
  ctx.fillStyle = "#0b0e15";
  roundRect(p.x - 6, p.y - 6, p.vp.width * p.scale + 12, p.vp.height * p.scale + 12, 22);
  ctx.fill();
  ctx.restore();
  ctx.save();
  roundRect(p.x, p.y, p.vp.width * p.scale, p.vp.height * p.scale, 16);
  ctx.fillStyle = "#f4f6fb";
  ctx.fill();
  ctx.clip();
  ctx.translate(p.x, p.y);
  ctx.scale(p.scale, p.scale);
  ctx.translate(-offset.x, -offset.y);
  const ordered = [...state.attrs].sort((a, b) => a.zIndex - b.zIndex);
  for (const a of ordered) {
    if (a.hidden) continue;
    const f = a.frame;
    ctx.globalAlpha = a.alpha;
    const inset = Math.min(1.5, f.width / 8, f.height / 8);
    roundRect(f.x + inset, f.y + inset, f.width - 2 * inset, f.height - 2 * inset, Math.min(12, f.height / 4, f.width / 4));
    const fill = colorOf(a);
    const gradient = ctx.createLinearGradient(f.x, f.y, f.x + f.width, f.y + f.height);
    gradient.addColorStop(0, fill);
    gradient.addColorStop(1, shade(fill));
    ctx.fillStyle = gradient;
    ctx.fill();
    if (state.hover && a.kind === state.hover.kind && a.section === state.hover.section && a.item === state.hover.item) {
      ctx.lineWidth = 3 / p.scale;
      ctx.strokeStyle = "#0c0f16";
      ctx.stroke();
    }
    // The label: the item's number, where it fits.
    const size = Math.min(18, f.height * 0.38, f.width * 0.3);
    if (size * p.scale >= 7) {
      ctx.fillStyle = "rgba(12,15,22,0.78)";
      ctx.font = `600 ${size}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      ctx.fillText(a.kind === "cell" ? `${a.item + 1}` : a.kind, f.x + Math.min(14, f.width * 0.12), f.y + f.height / 2);
    }
  }
  ctx.globalAlpha = 1;
  ctx.restore();
  // Progress along the bottom of the device.
  const progress = Math.min(1, Math.max(0, state.frame.progress ?? 0));
  ctx.fillStyle = "rgba(124,156,255,0.9)";
  ctx.fillRect(p.x, p.y + p.vp.height * p.scale + 10, p.vp.width * p.scale * progress, 3);
}

const shadeCache = new Map();
function shade(color) {
  if (!shadeCache.has(color)) {
    const m = color.match(/hsl\((\d+(?:\.\d+)?) (\d+)% (\d+)%\)/);
    shadeCache.set(color, m ? `hsl(${(Number(m[1]) + 25) % 360} ${m[2]}% ${Math.max(20, Number(m[3]) - 12)}%)` : color);
  }
  return shadeCache.get(color);
}

function frameLoop() {
  if (state.dirty) {
    state.dirty = false;
    draw();
  }
  requestAnimationFrame(frameLoop);
}

new ResizeObserver(() => { state.dirty = true; drawCurve(); }).observe(stage);

// ---------------------------------------------------------------------------
// Hover: an item's frame and values

stage.addEventListener("mousemove", (event) => {
  if (!state.frame) return;
  const rect = stage.getBoundingClientRect();
  const p = placement({ width: rect.width, height: rect.height });
  const offset = state.frame.contentOffset ?? { x: 0, y: 0 };
  const x = (event.clientX - rect.left - p.x) / p.scale + offset.x;
  const y = (event.clientY - rect.top - p.y) / p.scale + offset.y;
  const inside = (event.clientX - rect.left - p.x) / p.scale <= p.vp.width && (event.clientY - rect.top - p.y) / p.scale <= p.vp.height;
  const hit = !inside ? null : [...state.attrs].sort((a, b) => b.zIndex - a.zIndex)
    .find((a) => !a.hidden && x >= a.frame.x && x <= a.frame.x + a.frame.width && y >= a.frame.y && y <= a.frame.y + a.frame.height);
  state.hover = hit ?? null;
  state.dirty = true;
  const tooltip = $("tooltip");
  if (!hit) {
    tooltip.hidden = true;
    return;
  }
  tooltip.hidden = false;
  const f = hit.frame;
  tooltip.innerHTML = "";
  const title = document.createElement("b");
  title.textContent = `${hit.kind} ${hit.section}.${hit.item}`;
  tooltip.append(title, ` · ${num(f.x)}, ${num(f.y)} · ${num(f.width)} × ${num(f.height)}`);
  tooltip.style.left = `${Math.min(rect.width - 220, event.clientX - rect.left + 14)}px`;
  tooltip.style.top = `${event.clientY - rect.top + 14}px`;
  showDetails(hit);
});
stage.addEventListener("mouseleave", () => {
  $("tooltip").hidden = true;
  state.hover = null;
  state.dirty = true;
});

const num = (v) => (Math.round(v * 100) / 100).toString();
const rectText = (r) => `${num(r.x)}, ${num(r.y)}, ${num(r.width)} × ${num(r.height)}`;

function showDetails(a) {
  const rows = [
    ["element", `${a.kind} ${a.section}.${a.item}${a.id !== undefined ? ` (${a.id})` : ""}`],
    ["frame", rectText(a.frame)],
    ...(a.nextFrame ? [["nextFrame", rectText(a.nextFrame)]] : []),
    ["alpha", num(a.alpha)],
    ["zIndex", String(a.zIndex)],
    ["progress", num(a.transitionProgress)],
    ["layoutState", a.layoutState],
    ...Object.entries(a.values ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.map(num).join(", ") : typeof v === "number" ? num(v) : String(v)]),
  ];
  const dl = $("item-details");
  dl.replaceChildren();
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    dl.append(dt, dd);
  }
}

// ---------------------------------------------------------------------------
// The timing picker: the curve, sampled by the daemon (transition/sample of a
// hypothetical transition in a one-item session), with the current progress marked.

const curveCanvas = $("curve");
const curveCtx = curveCanvas.getContext("2d");
let curvePoints = [];
let curveRequest = 0;

async function sampleCurve() {
  if (!state.curveSession) return;
  const run = ++curveRequest;
  const base = { session: state.curveSession, to: GRID, duration: duration(), timing: timing(), rect: { x: -10, y: -10, width: 0, height: 0 } };
  // A spring lasts its settling time: a sample's fraction tells how long that is.
  let length = duration();
  if (typeof base.timing === "object" && base.timing.spring) {
    const probe = await state.client.sample({ ...base, time: 0.01 });
    length = probe.fraction > 0 ? 0.01 / probe.fraction : duration();
  }
  const n = 96;
  const samples = await Promise.all(Array.from({ length: n + 1 }, (_, i) => state.client.sample({ ...base, time: (length * i) / n })));
  if (run !== curveRequest) return;
  curvePoints = samples.map((s, i) => ({ x: i / n, y: s.progress }));
  $("curve-caption").textContent = `progress over ${length.toFixed(2)} s, as the daemon computes it`;
  drawCurve();
}

function drawCurve() {
  const rect = curveCanvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  curveCanvas.width = Math.max(1, Math.round(rect.width * ratio));
  curveCanvas.height = Math.max(1, Math.round(rect.height * ratio));
  const c = curveCtx;
  c.setTransform(ratio, 0, 0, ratio, 0, 0);
  c.clearRect(0, 0, rect.width, rect.height);
  const ys = curvePoints.map((p) => p.y);
  const lo = Math.min(-0.15, ...ys);
  const hi = Math.max(1.15, ...ys);
  const pad = 14;
  const X = (x) => pad + x * (rect.width - 2 * pad);
  const Y = (y) => rect.height - pad - ((y - lo) / (hi - lo)) * (rect.height - 2 * pad);
  // Grid: 0 and 1.
  c.strokeStyle = "#262e42";
  c.lineWidth = 1;
  c.setLineDash([4, 4]);
  for (const y of [0, 1]) {
    c.beginPath();
    c.moveTo(X(0), Y(y));
    c.lineTo(X(1), Y(y));
    c.stroke();
  }
  c.setLineDash([]);
  if (curvePoints.length > 1) {
    const gradient = c.createLinearGradient(X(0), 0, X(1), 0);
    gradient.addColorStop(0, "#7c9cff");
    gradient.addColorStop(1, "#b28bff");
    c.strokeStyle = gradient;
    c.lineWidth = 2.5;
    c.beginPath();
    curvePoints.forEach((p, i) => (i ? c.lineTo(X(p.x), Y(p.y)) : c.moveTo(X(p.x), Y(p.y))));
    c.stroke();
  }
  // The selected session's current progress.
  if (state.frame && typeof state.frame.fraction === "number" && state.frame.seq !== null) {
    const x = X(Math.min(1, Math.max(0, state.frame.fraction)));
    const y = Y(state.frame.progress);
    c.fillStyle = "rgba(79,209,161,0.18)";
    c.beginPath();
    c.arc(x, y, 10, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = "#4fd1a1";
    c.beginPath();
    c.arc(x, y, 4.5, 0, Math.PI * 2);
    c.fill();
  }
}

function setupTimingPicker() {
  const select = $("easing");
  const groups = new Map();
  for (const name of EASINGS) {
    const family = name === "linear" ? "linear" : name.replace(/Ease(In|Out|InOut)$/, "");
    if (!groups.has(family)) groups.set(family, []);
    groups.get(family).push(name);
  }
  for (const [family, names] of groups) {
    const group = document.createElement("optgroup");
    group.label = family;
    for (const name of names) group.append(new Option(name, name, false, name === "quarticEaseInOut"));
    select.append(group);
  }
  for (const button of document.querySelectorAll(".segmented button")) {
    button.addEventListener("click", () => {
      for (const b of document.querySelectorAll(".segmented button")) b.classList.toggle("on", b === button);
      for (const form of document.querySelectorAll(".timing-form")) form.hidden = form.dataset.kind !== button.dataset.kind;
      sampleCurve().catch(report);
    });
  }
  const outputs = { "sp-response": "sp-response-out", "sp-damping": "sp-damping-out", duration: "duration-out" };
  for (const id of ["easing", "bz-x1", "bz-y1", "bz-x2", "bz-y2", "sp-response", "sp-damping", "duration"]) {
    $(id).addEventListener("input", () => {
      if (outputs[id]) $(outputs[id]).textContent = Number($(id).value).toFixed(2) + (id === "duration" ? " s" : "");
      sampleCurve().catch(report);
    });
  }
}

// ---------------------------------------------------------------------------
// Start

/** The display's refresh rate, from a few animation frames: the demo ticks at it. */
function measureRefreshRate() {
  return new Promise((resolve) => {
    const times = [];
    const step = (t) => {
      times.push(t);
      if (times.length < 16) return requestAnimationFrame(step);
      const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
      const median = gaps[Math.floor(gaps.length / 2)] || 16.7;
      resolve(Math.max(30, Math.min(240, Math.round(1000 / median))));
    };
    requestAnimationFrame(step);
  });
}

async function main() {
  setupTimingPicker();
  updateButtons();
  requestAnimationFrame(frameLoop);
  state.refreshRate = await measureRefreshRate();
  try {
    await connect();
  } catch (error) {
    setConnection("closed", local
      ? `cannot start the in-page engine: ${error.message}`
      : "cannot connect: is the daemon running, and the token current?");
    return;
  }
  const { session } = await state.client.createSession({
    viewport: { width: 10, height: 10 }, sections: [{ items: 1 }], layout: LIST, clock: "manual",
  });
  state.curveSession = session;
  await sampleCurve();
  await refreshSessions();
  setInterval(() => refreshSessions().catch(report), 1000);
  if (query.get("demo") === "1") await startDemo();
}

main().catch(report);

// For tests and the curious: the page's state, read-only.
window.transitiondViewer = state;
