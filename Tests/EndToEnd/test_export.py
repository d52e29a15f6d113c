"""transition/export over the wire: the result's members, nothing started, errors that
name the field; CSS timing keywords wherever a timing is taken."""

from __future__ import annotations

import json

import pytest

from e2e_harness import GRID, create_params


def session(client, **overrides):
    client.initialize()
    return client.call("session/create", create_params(clock="manual", **overrides))["session"]


def test_export_describes_its_content_and_changes_nothing(stdio):
    client = stdio()
    s = session(client, sections=[{"items": 20}])
    before = client.call("layout/attributes", {"session": s})
    for fmt, mime in [("css", "text/css"), ("waapi", "application/json"), ("html", "text/html"),
                      ("svg", "image/svg+xml"), ("lottie", "application/json")]:
        result = client.call("transition/export", {"session": s, "to": GRID, "format": fmt, "timing": "ease",
                                                   "duration": 0.4})
        assert result["format"] == fmt and result["mimeType"] == mime
        assert result["duration"] == 0.4
        assert result["elementCount"] == 20
        assert isinstance(result["content"], list if fmt == "waapi" else str)
    assert client.call("transition/status", {"session": s})["state"] == "idle"
    assert client.call("layout/attributes", {"session": s}) == before


def test_a_spring_export_lasts_the_spring_and_honours_the_tolerance(stdio):
    client = stdio()
    s = session(client)
    spring = {"spring": {"response": 0.4, "dampingFraction": 0.5}}
    started = client.call("transition/sample", {"session": s, "to": GRID, "timing": spring, "progress": 1})
    coarse = client.call("transition/export", {"session": s, "to": GRID, "timing": spring, "format": "css",
                                               "tolerance": 4})
    fine = client.call("transition/export", {"session": s, "to": GRID, "timing": spring, "format": "css"})
    assert started["progress"] == 1
    assert coarse["duration"] == fine["duration"] > 0.4
    assert fine["content"].count("%,") > coarse["content"].count("%,") > 0


@pytest.mark.parametrize("params, field", [
    ({"format": "gif"}, "params.format"),
    ({}, "params.format"),
    ({"format": "css", "tolerance": 0}, "params.tolerance"),
    ({"format": "css", "tolerance": "fine"}, "params.tolerance"),
    ({"format": "lottie", "fps": 1000}, "params.fps"),
    ({"format": "css", "timing": "ease-sideways"}, "params.timing"),
    ({"format": "css", "to": {"type": "grid"}}, "params.to.columns"),
])
def test_bad_export_params_name_the_field(stdio, params, field):
    client = stdio()
    s = session(client)
    error = client.call_error("transition/export", dict({"session": s, "to": GRID}, **params))
    assert error["code"] == -32602
    assert error["data"]["field"] == field


def bezier(x1, y1, x2, y2, x):
    """CSS cubic-bezier y at x, by bisection on the curve parameter."""
    def coordinate(a, b, t):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    return coordinate(y1, y2, (lo + hi) / 2)


@pytest.mark.parametrize("timing, duration", [("ease", 0.3), ("ease-in", 0.3), ("ease-out", 0.3),
                                              ("ease-in-out", 0.3), ("linear", 0.3),
                                              ({"easing": "step-start"}, 0.3), ("step-end", 0.3)])
def test_css_keywords_are_timing_names(stdio, timing, duration):
    client = stdio()
    s = session(client)
    half = client.call("transition/sample", {"session": s, "to": GRID, "timing": timing, "duration": duration,
                                             "time": 0.15})
    name = timing if isinstance(timing, str) else timing["easing"]
    expected = {"ease": bezier(0.25, 0.1, 0.25, 1, 0.5), "ease-in": bezier(0.42, 0, 1, 1, 0.5),
                "ease-out": bezier(0, 0, 0.58, 1, 0.5), "ease-in-out": bezier(0.42, 0, 0.58, 1, 0.5),
                "linear": 0.5, "step-start": 1, "step-end": 0}
    assert half["progress"] == pytest.approx(expected[name], abs=1e-9)
    client.call("transition/start", {"session": s, "to": GRID, "timing": timing, "duration": duration})


def test_transitionctl_export_writes_what_the_daemon_exports(stdio, tmp_path):
    import os
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    ctl = os.environ.get("TRANSITIONCTL") or str(root / ".build" / "debug" / "transitionctl")
    daemon = os.environ.get("TRANSITIOND") or str(root / ".build" / "debug" / "transitiond")
    session_params = create_params(clock="manual", sections=[{"items": 9}])
    transition = {"to": GRID, "timing": {"spring": {"response": 0.4, "dampingFraction": 0.6}}}
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"session": session_params, "transition": transition}))
    client = stdio()
    client.initialize()
    s = client.call("session/create", session_params)["session"]
    for fmt in ("css", "waapi", "svg"):
        out = tmp_path / f"out.{fmt}"
        done = subprocess.run([ctl, "export", "--format", fmt, "--spec", str(spec), "--out", str(out),
                               "--daemon", daemon], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        direct = client.call("transition/export", dict(transition, session=s, format=fmt))["content"]
        written = out.read_text()
        if fmt == "waapi":
            assert json.loads(written) == direct
        else:
            assert written == direct
    bad = subprocess.run([ctl, "export", "--format", "gif", "--out", str(tmp_path / "x")],
                         capture_output=True, text=True, timeout=10)
    assert bad.returncode != 0 and "--format takes css, waapi, html, svg, lottie" in bad.stderr
