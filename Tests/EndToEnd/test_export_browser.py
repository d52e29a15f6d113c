"""transition/export checked by real renderers: headless Chromium (Selenium) plays the
css, waapi, html and svg exports, rlottie renders the lottie export, and every element
is compared with transition/sample at the same moment.

One browser serves the whole module; one daemon (manual clock) serves every scenario.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
import rlottie_python

from browser_harness import browser, daemon, pages  # noqa: F401 (fixtures)
from e2e_harness import host_is_node

TOLERANCE = 0.25
# The browser lays out in 1/64 px and rounds; the issue allows tolerance + 0.5 px.
BROWSER_SLACK = TOLERANCE + 0.5
MOMENTS = 30
DOCS = Path(__file__).resolve().parents[2] / "docs"

LIST = {"type": "list", "rowHeight": 44, "spacing": 2, "headerHeight": 30}
GRID = {"type": "grid", "columns": 3, "spacing": 4, "lineSpacing": 4, "headerHeight": 30}
SPRING = {"spring": {"response": 0.5, "dampingFraction": 0.5}}
BADGE = {"kind": "badge", "attach": "item", "size": {"width": 16, "height": 16}, "anchor": {"x": 1, "y": 0},
         "offset": {"x": -10, "y": 10}, "zIndex": 2}
BAND = {"kind": "band", "attach": "section", "zIndex": -1}
DOT = {"kind": "dot", "attach": "item", "size": {"width": 8, "height": 8}, "anchor": {"x": 0, "y": 1},
       "offset": {"x": 8, "y": -8}, "zIndex": 3}

# name -> (session/create params, transition/start params without session)
SCENARIOS = {
    "spring": ({"sections": [{"items": 12}], "layout": LIST}, {"to": GRID, "timing": SPRING}),
    "stagger": ({"sections": [{"items": 15}], "layout": LIST},
                {"to": GRID, "timing": "ease-in-out", "duration": 0.6, "stagger": {"delay": 0.03}}),
    "placement": ({"sections": [{"items": 60}], "layout": LIST},
                  {"to": GRID, "timing": "backEaseOut", "duration": 0.4,
                   "contentOffset": {"placement": "center", "items": [[0, 40]]}}),
    "appear": ({"sections": [{"items": 6}], "layout": LIST},
               {"to": GRID, "sections": [{"items": 12}], "appear": "scale", "timing": SPRING}),
    "disappear": ({"sections": [{"items": 12}], "layout": GRID},
                  {"to": LIST, "sections": [{"items": 5}], "disappear": "fade", "timing": "quadraticEaseInOut",
                   "duration": 0.4}),
    # Badges on every row move to the grid's two badges, the others fade; dots appear.
    "badges": ({"sections": [{"items": 8}], "layout": dict(LIST, supplementary=[BADGE, BAND])},
               {"to": dict(GRID, supplementary=[dict(BADGE, items=[[0, 1], [0, 4]]), DOT]), "appear": "scale",
                "disappear": "fade", "timing": "ease-in-out", "duration": 0.5}),
    # Keyframes (the card dims and shrinks half way, lifts a quarter of the way) along arcs.
    "keyframed-arc": ({"sections": [{"items": 12}], "layout": LIST},
                      {"to": GRID, "timing": "ease-in-out", "duration": 0.6, "path": {"type": "arc"},
                       "keyframes": [{"at": 0.5, "alpha": 0.2, "scale": 0.5},
                                     {"at": 0.25, "timing": "quadraticEaseOut", "offset": {"x": 0, "y": -30}}]}),
    # The same without the alpha keyframe: rlottie's opacity is not measured (its colours
    # identify elements), the geometry is.
    "arc-lift": ({"sections": [{"items": 12}], "layout": LIST},
                 {"to": GRID, "timing": "ease-in-out", "duration": 0.6, "path": {"type": "arc"},
                  "keyframes": [{"at": 0.5, "scale": 0.5},
                                {"at": 0.25, "timing": "quadraticEaseOut", "offset": {"x": 0, "y": -30}}]}),
    "displaySwitch": ({"sections": [{"items": 40}], "layout": {"type": "displaySwitch", "mode": "list",
                                                                "staticCellHeight": 60},
                       "contentOffset": {"x": 0, "y": 500}},
                      {"to": {"type": "displaySwitch", "mode": "grid", "staticCellHeight": 60},
                       "contentOffset": {"strategy": "displaySwitch"}, "timing": "elasticEaseOut", "duration": 0.5}),
}


def session_for(client, name):
    create, start = SCENARIOS[name]
    params = {"viewport": {"width": 320, "height": 480}, "clock": "manual", **create}
    session = client.call("session/create", params)["session"]
    return session, dict(start, session=session)


def export(client, params, fmt, **extra):
    result = client.call("transition/export", dict(params, format=fmt, **extra))
    assert result["format"] == fmt
    return result


def moments(duration, count=MOMENTS + 1):
    """`count` moments from the start to just past the end, not evenly spaced."""
    return [duration * 1.02 * (k + 0.31 * (k % 2)) / (count - 1) for k in range(count)]


def sample(client, params, t):
    return client.call("transition/sample", dict(params, time=t, all=True))


def key(a):
    """Headers and footers are named by section; cells and other kinds by index path."""
    return (a["kind"], a["section"], -1 if a["kind"] in ("header", "footer") else a["item"])


def expected_rect(a, offset):
    """The element's bounding box in viewport coordinates: frame, transform about its centre."""
    f = a["frame"]
    cx, cy = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
    t = a.get("transform", [1, 0, 0, 1, 0, 0])
    xs, ys = [], []
    for dx in (-f["width"] / 2, f["width"] / 2):
        for dy in (-f["height"] / 2, f["height"] / 2):
            xs.append(cx + t[0] * dx + t[2] * dy + t[4] - offset["x"])
            ys.append(cy + t[1] * dx + t[3] * dy + t[5] - offset["y"])
    return min(xs), min(ys), max(xs), max(ys)


def compare(found, expected_sample, slack, what):
    """found: key -> (left, top, right, bottom, shown). Every sampled element is shown
    where the sample says; every other element is not shown."""
    offset = expected_sample["contentOffset"]
    sampled = {key(a): a for a in expected_sample["attributes"]}
    worst = 0.0
    for k, a in sampled.items():
        assert k in found, f"{what}: {k} missing"
        box = found[k]
        want = expected_rect(a, offset)
        if a["alpha"] <= 0.001 or want[2] - want[0] <= 0.001:
            continue  # present but invisible: nothing to measure
        assert box[4], f"{what}: {k} hidden, the sample shows it"
        error = max(abs(x - y) for x, y in zip(box[:4], want))
        worst = max(worst, error)
        assert error <= slack, f"{what}: {k} at {box[:4]}, sample {want}"
    for k, box in found.items():
        if k not in sampled:
            assert not box[4] or box[2] - box[0] <= slack, f"{what}: {k} shown, the sample has none"
    return worst


COLLECT_DOM = """
const vp = document.querySelector('.transitiond-viewport').getBoundingClientRect();
return [...document.querySelectorAll('.transitiond-content > *')].map(e => {
  const r = e.getBoundingClientRect();
  const cs = getComputedStyle(e);
  const shown = cs.visibility !== 'hidden' && parseFloat(cs.opacity) > 0.001;
  return [e.dataset.kind || 'cell', +e.dataset.section, e.dataset.item === undefined ? -1 : +e.dataset.item,
          r.left - vp.left, r.top - vp.top, r.right - vp.left, r.bottom - vp.top, shown];
});
"""

SEEK = """
const ms = arguments[0];
for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }
"""


def dom_for(elements):
    """The DOM contract for a list of (kind, section, item, presence)."""
    out = ['<div class="transitiond-viewport"><div class="transitiond-content">']
    for kind, section, item, presence in elements:
        attrs = f'data-kind="{kind}" data-section="{section}"'
        if kind not in ("header", "footer"):
            attrs += f' data-item="{item}"'
        if presence:
            attrs += f' data-presence="{presence}"'
        out.append(f"<div {attrs}></div>")
    out.append("</div></div>")
    return "\n".join(out)


def contract_elements(client, params):
    """Every element of the transition, from the samples at its two ends."""
    start = {key(a) for a in client.call("transition/sample", dict(params, progress=0, all=True))["attributes"]}
    end = {key(a) for a in client.call("transition/sample", dict(params, progress=1, all=True))["attributes"]}
    out = []
    for k in sorted(start | end):
        presence = "" if k in start and k in end else ("disappear" if k in start else "appear")
        out.append((k[0], k[1], k[2], presence))
    return out


def load(browser, pages, name, html):
    path = pages / name
    path.write_text(html)
    browser.get(path.as_uri())


def check_dom(browser, client, params, duration, what, count=MOMENTS + 1):
    worst = 0.0
    for t in moments(duration, count):
        browser.execute_script(SEEK, t * 1000)
        found = {(r[0], r[1], r[2]): (r[3], r[4], r[5], r[6], r[7]) for r in browser.execute_script(COLLECT_DOM)}
        worst = max(worst, compare(found, sample(client, params, t), BROWSER_SLACK, f"{what} t={t:.4f}"))
    return worst


@pytest.mark.time_limit(120)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_css_waapi_and_html_play_as_sampled(daemon, browser, pages, name, record_property):
    session, params = session_for(daemon, name)
    elements = contract_elements(daemon, params)
    css = export(daemon, params, "css")
    assert css["mimeType"] == "text/css"
    assert css["elementCount"] == len(elements)
    duration = css["duration"]
    figures = []

    load(browser, pages, f"{name}-css.html",
         f"<!doctype html><html><head><style>body{{margin:8px}}\n{css['content']}</style></head>"
         f"<body>{dom_for(elements)}</body></html>")
    figures.append(f"css {check_dom(browser, daemon, params, duration, name + ' css'):.3f}")

    waapi = export(daemon, params, "waapi")
    assert waapi["mimeType"] == "application/json" and isinstance(waapi["content"], list)
    load(browser, pages, f"{name}-waapi.html",
         "<!doctype html><html><head><style>body{margin:8px} .transitiond-viewport{position:relative;overflow:hidden}"
         " .transitiond-content{position:absolute} .transitiond-content>*{position:absolute;box-sizing:border-box}"
         f"</style></head><body>{dom_for(elements)}</body></html>")
    browser.execute_script(
        "for (const e of arguments[0]) for (const el of document.querySelectorAll(e.selector))"
        " el.animate(e.keyframes, e.options);", waapi["content"])
    assert browser.execute_script("return document.getAnimations().length") == len(waapi["content"])
    figures.append(f"waapi {check_dom(browser, daemon, params, duration, name + ' waapi'):.3f}")

    html = export(daemon, params, "html")
    assert html["mimeType"] == "text/html"
    load(browser, pages, f"{name}.html", html["content"])
    figures.append(f"html {check_dom(browser, daemon, params, duration, name + ' html'):.3f}")
    if name == "stagger":
        # The README's picture: the page half way through.
        browser.execute_script(SEEK, duration * 0.45 * 1000)
        DOCS.mkdir(exist_ok=True)
        browser.save_screenshot(str(DOCS / "export-html.png"))
    # The replay button restarts every animation from the beginning.
    browser.execute_script("document.getElementById('transitiond-replay').click()")
    times = browser.execute_script("return document.getAnimations().map(a => a.currentTime)")
    assert times and max(times) < duration * 1000 / 2
    record_property("figures", f"{name}: worst px " + ", ".join(figures))
    daemon.call("session/dispose", {"session": session})


COLLECT_SVG = """
const svg = document.documentElement;
svg.pauseAnimations();
svg.setCurrentTime(arguments[0]);
const m = document.querySelector('.transitiond-content').getCTM();
return [[m.e, m.f], [...document.querySelectorAll('g[data-kind]')].map(g => {
  const b = g.querySelector('rect').getBBox();
  const cs = getComputedStyle(g);
  const shown = cs.visibility !== 'hidden' && parseFloat(cs.opacity) > 0.001;
  return [g.dataset.kind, +g.dataset.section, g.dataset.item === undefined ? -1 : +g.dataset.item,
          b.x, b.y, b.x + b.width, b.y + b.height, shown];
})];
"""


@pytest.mark.time_limit(120)
def test_a_keyframed_arc_plays_as_sampled_at_26_moments(daemon, browser, pages, record_property):
    """The CSS and Web Animations exports of a keyframed arc transition, under a spring,
    match transition/sample within 0.75 px at 26 moments."""
    session, params = session_for(daemon, "keyframed-arc")
    params = dict(params, timing=SPRING)
    del params["duration"]
    elements = contract_elements(daemon, params)
    css = export(daemon, params, "css")
    # Shaped elements are written key by key: keyframes between the two ends.
    assert "@keyframes transitiond-0 {\n  0% {" in css["content"]
    load(browser, pages, "keyframed-arc-26-css.html",
         f"<!doctype html><html><head><style>body{{margin:8px}}\n{css['content']}</style></head>"
         f"<body>{dom_for(elements)}</body></html>")
    worst_css = check_dom(browser, daemon, params, css["duration"], "keyframed arc css", count=26)
    waapi = export(daemon, params, "waapi")
    # Every element is keyed: pose by pose along its arc, or, one whose centre stays
    # (no arc), by its own keyframes at the stops.
    keyed = {}
    for e in waapi["content"][2:]:
        keyed[e["selector"]] = keyed.get(e["selector"], False) or len(e["keyframes"]) > 2
    assert keyed and all(keyed.values())
    load(browser, pages, "keyframed-arc-26-waapi.html",
         "<!doctype html><html><head><style>body{margin:8px} .transitiond-viewport{position:relative;overflow:hidden}"
         " .transitiond-content{position:absolute} .transitiond-content>*{position:absolute;box-sizing:border-box}"
         f"</style></head><body>{dom_for(elements)}</body></html>")
    browser.execute_script(
        "for (const e of arguments[0]) for (const el of document.querySelectorAll(e.selector))"
        " el.animate(e.keyframes, e.options);", waapi["content"])
    worst_waapi = check_dom(browser, daemon, params, waapi["duration"], "keyframed arc waapi", count=26)
    record_property("figures", f"keyframed arc, spring, 26 moments: worst px css {worst_css:.3f}, "
                    f"waapi {worst_waapi:.3f}")
    daemon.call("session/dispose", {"session": session})


# Keyframes without an arc: the card dims, shrinks and turns half way and lifts a quarter
# of the way on a quadratic ease-out (a cubic bezier exactly).
EXACT_KEYFRAMES = [{"at": 0.5, "alpha": 0.2, "scale": 0.5, "rotation": 0.3},
                   {"at": 0.25, "timing": "quadraticEaseOut", "offset": {"x": 12, "y": -30}}]

COLLECT_OPACITY = """
return [...document.querySelectorAll('.transitiond-content > *')].map(e =>
  [e.dataset.kind || 'cell', +e.dataset.section, e.dataset.item === undefined ? -1 : +e.dataset.item,
   parseFloat(getComputedStyle(e).opacity)]);
"""


# The same with linear segments: CSS plays them exactly under a cubic-bezier transition too.
LINEAR_KEYFRAMES = [{"at": 0.5, "alpha": 0.2, "scale": 0.5, "rotation": 0.3},
                    {"at": 0.25, "offset": {"x": 12, "y": -30}}]
OVERSHOOT = {"cubicBezier": [0.3, -0.4, 0.6, 1.5]}


@pytest.mark.time_limit(180)
@pytest.mark.parametrize("timing,keyframes,formats", [
    ("linear", EXACT_KEYFRAMES, ["css", "waapi"]),
    ("ease-in-out", EXACT_KEYFRAMES, ["waapi"]),
    ("ease-in-out", LINEAR_KEYFRAMES, ["css"]),
    (OVERSHOOT, LINEAR_KEYFRAMES, ["css", "waapi"]),
], ids=["linear", "ease-in-out", "ease-in-out-linear-stops", "overshoot-linear-stops"])
def test_keyframes_play_exactly_whatever_the_tolerance(daemon, browser, pages, timing, keyframes, formats,
                                                       record_property):
    """At a tolerance of 20 points, the keyframed elements' own keyframes (each property
    at its stops, each segment's curve) still match transition/sample within the
    browser's rounding at 26 moments, opacity included: Web Animations under any curve,
    CSS under a linear one, and under a cubic bezier when the stops' segments are linear
    (its keyframes are in time: cut where the progress crosses a stop)."""
    if host_is_node():
        pytest.skip("the WebAssembly module writes keyframed elements pose by pose (Protocol 10.11)")
    params = {"viewport": {"width": 320, "height": 480}, "clock": "manual", "sections": [{"items": 12}],
              "layout": LIST}
    session = daemon.call("session/create", params)["session"]
    params = {"session": session, "to": GRID, "timing": timing, "duration": 0.6, "keyframes": keyframes}
    elements = contract_elements(daemon, params)
    figures = []
    name = timing if isinstance(timing, str) else "overshoot"
    for fmt in formats:
        result = export(daemon, params, fmt, tolerance=20)
        if fmt == "css":
            # Each keyframed property is its own animation, keyed at its stops.
            assert "-p0 {\n  0% { left: " in result["content"]
            if timing == "linear":
                assert "  50% { opacity: 0.2; animation-timing-function: linear; }" in result["content"]
            load(browser, pages, f"exact-{name}-css.html",
                 f"<!doctype html><html><head><style>body{{margin:8px}}\n{result['content']}</style></head>"
                 f"<body>{dom_for(elements)}</body></html>")
        else:
            opacity = [e for e in result["content"] if any("opacity" in k for k in e["keyframes"][1:2])]
            assert opacity and all([k["offset"] for k in e["keyframes"]] == [0, 0.5, 1] for e in opacity)
            load(browser, pages, f"exact-{name}-waapi.html",
                 "<!doctype html><html><head><style>body{margin:8px} .transitiond-viewport{position:relative;"
                 "overflow:hidden} .transitiond-content{position:absolute} .transitiond-content>*{position:absolute;"
                 f"box-sizing:border-box}}</style></head><body>{dom_for(elements)}</body></html>")
            browser.execute_script(
                "for (const e of arguments[0]) for (const el of document.querySelectorAll(e.selector))"
                " el.animate(e.keyframes, e.options);", result["content"])
        what = f"exact keyframes {name} {fmt}"
        worst = check_dom(browser, daemon, params, result["duration"], what, count=26)
        worst_alpha = 0.0
        for t in moments(result["duration"], 26):
            browser.execute_script(SEEK, t * 1000)
            found = {(r[0], r[1], r[2]): r[3] for r in browser.execute_script(COLLECT_OPACITY)}
            for a in sample(daemon, params, t)["attributes"]:
                worst_alpha = max(worst_alpha, abs(found[key(a)] - a["alpha"]))
        assert worst_alpha <= 1e-3, f"{what}: opacity off by {worst_alpha}"
        figures.append(f"{fmt} {worst:.3f} px, alpha {worst_alpha:.1e}")
    record_property("figures", f"exact keyframes, {name}, tolerance 20, 26 moments: " + ", ".join(figures))
    daemon.call("session/dispose", {"session": session})


@pytest.mark.time_limit(120)
@pytest.mark.parametrize("name", ["spring", "stagger", "appear", "disappear", "displaySwitch", "placement", "badges",
                                  "keyframed-arc"])
def test_svg_plays_as_sampled(daemon, browser, pages, name):
    session, params = session_for(daemon, name)
    svg = export(daemon, params, "svg")
    assert svg["mimeType"] == "image/svg+xml"
    path = pages / f"{name}.svg"
    path.write_text(svg["content"])
    browser.get(path.as_uri())
    for t in moments(svg["duration"]):
        (e, f), boxes = browser.execute_script(COLLECT_SVG, t)
        expected = sample(daemon, params, t)
        offset = expected["contentOffset"]
        assert abs(e + offset["x"]) <= BROWSER_SLACK and abs(f + offset["y"]) <= BROWSER_SLACK, (t, e, f, offset)
        # getBBox is in content coordinates: compare with the frames as they are.
        found = {(b[0], b[1], b[2]): (b[3], b[4], b[5], b[6], b[7]) for b in boxes}
        compare(found, dict(expected, contentOffset={"x": 0, "y": 0}), BROWSER_SLACK, f"{name} svg t={t:.4f}")
    daemon.call("session/dispose", {"session": session})


def render_lottie(animation, frame, width, height):
    data = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    return data  # BGRA, premultiplied, row by row


class Pixels:
    """A rendered frame: premultiplied BGRA over nothing, row by row."""

    def __init__(self, data, width, height, colors):
        self.data, self.width, self.height, self.colors = data, width, height, colors
        self.owners = {}

    def owner(self, x, y):
        """The element whose colour the pixel has: at least half covered (alpha >= 128)
        and, unpremultiplied, within 6 of its colour in every channel (renderers round
        their own way; the palette keeps colours apart)."""
        (word,) = struct.unpack_from("<I", self.data, (y * self.width + x) * 4)
        if word not in self.owners:
            b, g, r, a = word & 255, (word >> 8) & 255, (word >> 16) & 255, word >> 24
            found = None
            if a >= 128:
                b, g, r = (c * 255 / a for c in (b, g, r))
                found = next((n for n, (cr, cg, cb) in self.colors.items()
                              if abs(b - cb) <= 6 and abs(g - cg) <= 6 and abs(r - cr) <= 6), None)
            self.owners[word] = found
        return self.owners[word]

    def extent(self, name, box):
        """The element's drawn extent along the row and the column through the middle of
        `box` (searched 3 px beyond it), as (left, top, right, bottom), or None."""
        cx = min(max(int((box[0] + box[2]) / 2), 0), self.width - 1)
        cy = min(max(int((box[1] + box[3]) / 2), 0), self.height - 1)
        xs = [x for x in range(max(0, int(box[0]) - 3), min(self.width, int(box[2]) + 4)) if self.owner(x, cy) == name]
        ys = [y for y in range(max(0, int(box[1]) - 3), min(self.height, int(box[3]) + 4)) if self.owner(cx, y) == name]
        if not xs or not ys:
            return None
        return min(xs), min(ys), max(xs) + 1, max(ys) + 1


@pytest.mark.time_limit(180)
@pytest.mark.parametrize("name", ["spring", "stagger", "appear", "displaySwitch", "arc-lift"])
def test_lottie_renders_as_sampled(daemon, name):
    session, params = session_for(daemon, name)
    result = export(daemon, params, "lottie", fps=30)
    assert result["mimeType"] == "application/json"
    doc = json.loads(result["content"])
    assert doc["fr"] == 30 and doc["v"].startswith("5.")
    width, height = int(doc["w"]), int(doc["h"])
    # Layer name -> fill colour; the layer names are the elements' names.
    colors = {}
    for layer in doc["layers"]:
        if layer["ty"] != 4:
            continue
        fill = layer["shapes"][0]["it"][1]["c"]["k"]
        colors[layer["nm"]] = tuple(round(c * 255) for c in fill[:3])
    assert all(max(abs(x - y) for x, y in zip(a, b)) > 4 for m, a in colors.items() for n, b in colors.items()
               if m != n), "every element has a colour of its own"
    animation = rlottie_python.LottieAnimation.from_data(json.dumps(doc))
    frames = animation.lottie_animation_get_totalframe()
    checked = 0
    for k in range(12):
        frame = round(k * (frames - 1) / 11)
        t = frame / 30
        expected = sample(daemon, params, t)
        offset = expected["contentOffset"]
        rects = {}
        faint = set()
        for a in expected["attributes"]:
            name_ = f"{a['kind']}-{a['section']}" + ("" if a["kind"] in ("header", "footer") else f"-{a['item']}")
            if name_ not in colors:
                name_ += "-appear" if name_ + "-appear" in colors else "-disappear"
            rects[name_] = expected_rect(a, offset)
            if a["alpha"] < 0.6:
                faint.add(name_)  # too transparent to tell its colour
        pixels = Pixels(render_lottie(animation, frame, width, height), width, height, colors)
        for n, r in rects.items():
            clipped = (max(r[0], 0), max(r[1], 0), min(r[2], width), min(r[3], height))
            if clipped[2] - clipped[0] < 3 or clipped[3] - clipped[1] < 3 or n in faint:
                continue  # off screen, a sliver or faint
            # Covered by another element: its own pixels cannot show its box.
            if any(m != n and not (o[2] <= r[0] or o[0] >= r[2] or o[3] <= r[1] or o[1] >= r[3])
                   for m, o in rects.items()):
                continue
            box = pixels.extent(n, clipped)
            assert box is not None, f"frame {frame}: {n} not drawn"
            error = max(abs(x - y) for x, y in zip(box, clipped))
            assert error <= 1 + 1e-9, f"frame {frame}: {n} drawn at {box}, sample {clipped}"
            checked += 1
    assert checked >= 10 * 5
    daemon.call("session/dispose", {"session": session})


# Shapes and content layers (Protocol 7.12): a list row to a rounded card with a border
# and a shadow, its content fading through, each side's content scaled to the frame.
SHAPED_LIST = {"type": "list", "rowHeight": 44, "spacing": 2,
               "cellStyle": {"cornerRadius": 0, "border": {"width": 1, "color": "#000000"},
                             "shadow": {"radius": 1, "opacity": 0.2, "offset": {"x": 0, "y": 1}, "color": "#102030"}}}
SHAPED_GRID = {"type": "grid", "columns": 3, "spacing": 4, "lineSpacing": 4,
               "cellStyle": {"cornerRadius": 12, "border": {"width": 4, "color": "#ffffff"},
                             "shadow": {"radius": 6, "opacity": 0.6, "offset": {"x": 2, "y": 5}, "color": "#102030"}},
               "itemStyles": [{"items": [[0, 1]], "cornerRadius": [2, 8, 16, 24]}]}

COLLECT_SHAPES = """
return [...document.querySelectorAll('.transitiond-content > *')].map(e => {
  const cs = getComputedStyle(e);
  const layer = (which) => {
    const l = e.querySelector(`[data-content="${which}"]`);
    if (!l) return null;
    const s = getComputedStyle(l);
    return [parseFloat(s.opacity), s.transform];
  };
  return [+e.dataset.section, +e.dataset.item,
          [cs.borderTopLeftRadius, cs.borderTopRightRadius, cs.borderBottomRightRadius,
           cs.borderBottomLeftRadius].map(parseFloat),
          parseFloat(cs.borderTopWidth), cs.borderTopColor, cs.boxShadow, layer('from'), layer('to')];
});
"""


def rgba(text):
    """`rgb(r, g, b)` or `rgba(r, g, b, a)` as (r, g, b, a), channels 0...255, alpha 0...1."""
    import re
    numbers = [float(x) for x in re.findall(r"[-\d.]+", text)]
    return tuple(numbers[:3]) + ((numbers[3],) if len(numbers) > 3 else (1.0,))


def hex_rgba(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5)) + (int(text[7:9], 16) / 255,)


def check_shapes(browser, client, params, duration, what, count=26):
    """Every cell's computed border-radius, box-shadow, border and its two content layers'
    opacity and scale against transition/sample at `count` moments; the worst differences."""
    worst = {"radius": 0.0, "shadow": 0.0, "alpha": 0.0, "scale": 0.0}
    for t in moments(duration, count):
        browser.execute_script(SEEK, t * 1000)
        found = {(r[0], r[1]): r[2:] for r in browser.execute_script(COLLECT_SHAPES)}
        for a in sample(client, params, t)["attributes"]:
            radii, width, color, shadow, outgoing, incoming = found[(a["section"], a["item"])]
            r = a["cornerRadius"]
            want = r if isinstance(r, list) else [r] * 4
            worst["radius"] = max(worst["radius"], *(abs(x - y) for x, y in zip(radii, want)))
            # Chromium snaps border widths to whole device pixels (down, from 1 up).
            assert abs(width - a["border"]["width"]) < 1 + 1e-6, (what, t, width, a["border"])
            assert all(abs(x - y) <= 1.5 for x, y in zip(rgba(color)[:3], hex_rgba(a["border"]["color"])[:3])), \
                (what, t, color, a["border"])
            s = a["shadow"]
            parts = shadow.split(")")
            c = rgba(parts[0] + ")")
            x, y, blur = (float(v) for v in parts[1].replace("px", "").split()[:3])
            alpha = hex_rgba(s["color"])[3] * s["opacity"]
            error = max(abs(x - s["offset"]["x"]), abs(y - s["offset"]["y"]), abs(blur - 2 * s["radius"]),
                        100 * abs(c[3] - alpha))
            worst["shadow"] = max(worst["shadow"], error)
            for layer, value, scale in ((outgoing, a["contentAlpha"][0], a["contentScale"][0]),
                                        (incoming, a["contentAlpha"][1], a["contentScale"][1])):
                worst["alpha"] = max(worst["alpha"], abs(layer[0] - value))
                m = [float(v) for v in layer[1][len("matrix("):-1].split(",")]
                worst["scale"] = max(worst["scale"], abs(m[0] - scale[0]), abs(m[3] - scale[1]))
    assert worst["radius"] <= 0.05 and worst["shadow"] <= 0.6, (what, worst)
    assert worst["alpha"] <= 0.005 and worst["scale"] <= 0.002, (what, worst)
    return worst


@pytest.mark.time_limit(120)
def test_shapes_and_content_layers_play_as_sampled_at_26_moments(daemon, browser, pages, record_property):
    """The CSS and Web Animations exports of a transition whose cells change shape (corner
    radii, border, shadow) and fade their content through while it scales: computed
    border-radius, box-shadow, border and the two content layers' opacity and scale match
    transition/sample at 26 moments."""
    create = {"viewport": {"width": 320, "height": 480}, "clock": "manual", "sections": [{"items": 6}],
              "layout": SHAPED_LIST}
    session = daemon.call("session/create", create)["session"]
    params = {"session": session, "to": SHAPED_GRID, "timing": "ease-in-out", "duration": 0.6,
              "contentFade": "through", "contentResize": "scale"}
    cells = "".join(f'<div data-kind="cell" data-section="0" data-item="{i}">'
                    '<div data-content="from"></div><div data-content="to"></div></div>' for i in range(6))
    dom = f'<div class="transitiond-viewport"><div class="transitiond-content">{cells}</div></div>'
    css = export(daemon, params, "css")
    assert "@property --transitiond-progress" in css["content"]
    load(browser, pages, "shapes-css.html",
         f"<!doctype html><html><head><style>body{{margin:8px}}\n{css['content']}</style></head><body>{dom}</body></html>")
    figures = {"css": check_shapes(browser, daemon, params, css["duration"], "shapes css")}
    waapi = export(daemon, params, "waapi")
    load(browser, pages, "shapes-waapi.html",
         "<!doctype html><html><head><style>body{margin:8px} .transitiond-viewport{position:relative;overflow:hidden}"
         " .transitiond-content{position:absolute} .transitiond-content>*{position:absolute;box-sizing:border-box}"
         " [data-content]{position:absolute;transform-origin:50% 50%}"
         f"</style></head><body>{dom}</body></html>")
    # The layers compute their opacity and scale from the element's progress: the page
    # registers it, so that it interpolates (Protocol 10.11).
    browser.execute_script(
        "CSS.registerProperty({name: '--transitiond-progress', syntax: '<number>', inherits: true,"
        " initialValue: '0'});"
        "for (const e of arguments[0]) for (const el of document.querySelectorAll(e.selector))"
        " el.animate(e.keyframes, e.options);", waapi["content"])
    assert browser.execute_script("return document.getAnimations().length") == len(waapi["content"]) == 2 + 3 * 6
    figures["waapi"] = check_shapes(browser, daemon, params, waapi["duration"], "shapes waapi")
    # The page of the html export carries the two layers in every matched element.
    html = export(daemon, params, "html")["content"]
    assert html.count('<div data-content="from"></div><div data-content="to"></div>') == 6
    record_property("figures", f"shapes, 26 moments: {figures}")
    daemon.call("session/dispose", {"session": session})
