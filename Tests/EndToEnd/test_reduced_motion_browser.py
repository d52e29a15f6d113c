"""The css and html exports of one transition in headless Chromium: with the browser's
reduced-motion emulation (`Emulation.setEmulatedMedia`, prefers-reduced-motion:
reduce) the page plays the reduced version, as `transition/sample` of the reduced
transition says (every element at its source or destination, faded); without it, the
full one. Positions and opacity are compared at many moments."""

from __future__ import annotations

import pytest

from browser_harness import browser, daemon, pages  # noqa: F401 (fixtures)
from test_export_browser import BROWSER_SLACK, dom_for, expected_rect, key, moments

LIST = {"type": "list", "rowHeight": 44, "spacing": 2, "headerHeight": 30}
GRID = {"type": "grid", "columns": 3, "spacing": 4, "lineSpacing": 4, "headerHeight": 30}
OPACITY_SLACK = 0.01

SCENARIOS = {
    # The offset moves too (placement), so the content switches half way.
    "placement": ({"sections": [{"items": 60}], "layout": LIST},
                  {"to": GRID, "timing": "ease-in-out", "duration": 0.5,
                   "contentOffset": {"placement": "center", "items": [[0, 40]]}}),
    # Stagger, a spring and a reduced duration of its own.
    "stagger": ({"sections": [{"items": 15}], "layout": LIST},
                {"to": GRID, "timing": {"spring": {"response": 0.5, "dampingFraction": 0.5}},
                 "stagger": {"delay": 0.03}, "reducedDuration": 0.3}),
}

COLLECT = """
const vp = document.querySelector('.transitiond-viewport').getBoundingClientRect();
return [...document.querySelectorAll('.transitiond-content > *')].map(e => {
  const r = e.getBoundingClientRect();
  const cs = getComputedStyle(e);
  return [e.dataset.kind || 'cell', +e.dataset.section, e.dataset.item === undefined ? -1 : +e.dataset.item,
          r.left - vp.left, r.top - vp.top, r.right - vp.left, r.bottom - vp.top,
          cs.visibility === 'hidden' ? 0 : parseFloat(cs.opacity)];
});
"""

SEEK = """
const ms = arguments[0];
for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }
"""


def emulate_reduced_motion(browser, on):
    features = [{"name": "prefers-reduced-motion", "value": "reduce" if on else ""}]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def check(browser, client, params, duration, what):
    """Every sampled element where the page shows it, with its opacity; returns the
    worst position error and how many moments had an element half faded."""
    worst = 0.0
    faded = 0
    for t in moments(duration):
        browser.execute_script(SEEK, t * 1000)
        found = {(r[0], r[1], r[2]): r[3:] for r in browser.execute_script(COLLECT)}
        sample = client.call("transition/sample", dict(params, time=t, all=True))
        offset = sample["contentOffset"]
        partly = False
        for a in sample["attributes"]:
            box = found[key(a)]
            assert abs(box[4] - a["alpha"]) <= OPACITY_SLACK, f"{what} t={t:.4f} {key(a)} opacity {box[4]}, {a}"
            partly = partly or 0.05 < a["alpha"] < 0.95
            if a["alpha"] <= 0.001:
                continue
            error = max(abs(x - y) for x, y in zip(box[:4], expected_rect(a, offset)))
            worst = max(worst, error)
            assert error <= BROWSER_SLACK, f"{what} t={t:.4f} {key(a)} at {box[:4]}, sample {a}"
        faded += partly
    return worst, faded


@pytest.mark.time_limit(180)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_page_plays_the_version_the_reader_asks_for(daemon, browser, pages, name, record_property):
    create, start = SCENARIOS[name]
    session = daemon.call("session/create",
                          {"viewport": {"width": 320, "height": 480}, "clock": "manual", **create})["session"]
    params = dict(start, session=session)
    ends = [daemon.call("transition/sample", dict(params, progress=p, all=True))["attributes"] for p in (0, 1)]
    elements = [(k[0], k[1], k[2], "") for k in sorted({key(a) for a in ends[0]} | {key(a) for a in ends[1]})]
    css = daemon.call("transition/export", dict(params, format="css"))["content"]
    assert "@media (prefers-reduced-motion: reduce) {" in css
    html = daemon.call("transition/export", dict(params, format="html"))["content"]
    figures = []
    for kind, page in (("css", f"<!doctype html><html><head><style>body{{margin:8px}}\n{css}</style></head>"
                               f"<body>{dom_for(elements)}</body></html>"), ("html", html)):
        path = pages / f"{name}-{kind}.html"
        path.write_text(page)
        for reduced in (True, False):
            emulate_reduced_motion(browser, reduced)
            browser.get(path.as_uri())
            assert browser.execute_script(
                "return matchMedia('(prefers-reduced-motion: reduce)').matches") is reduced
            motion = "reduced" if reduced else "full"
            played = dict(params, motion=motion)
            duration = daemon.call("transition/export", dict(played, format="waapi"))["duration"]
            worst, faded = check(browser, daemon, played, duration, f"{name} {kind} {motion}")
            if reduced:
                assert faded > 0, "the reduced version fades"
            figures.append(f"{kind} {motion} {worst:.3f}")
    emulate_reduced_motion(browser, False)
    record_property("figures", f"{name}: worst px " + ", ".join(figures))
    daemon.call("session/dispose", {"session": session})
