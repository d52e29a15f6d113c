"""Reduced motion through the real daemon: the session's `reducedMotion`, a
transition's `motion` and `reducedDuration`, what the results report, and what the
ticks and samples of a reduced transition hold (never a frame in between)."""

from __future__ import annotations

from e2e_harness import by_item, create_params, frame_tuple

LIST = {"type": "list", "rowHeight": 40}
GRID = {"type": "grid", "columns": 2}


def manual_session(client, **overrides) -> str:
    params = create_params(clock="manual", viewport={"width": 200, "height": 300}, sections=[{"items": 6}],
                           layout=LIST)
    params.update(overrides)
    return client.call("session/create", params)["session"]


def ends(client, s, params):
    start = by_item(client.call("transition/sample", dict(params, session=s, progress=0, all=True))["attributes"])
    end = by_item(client.call("transition/sample", dict(params, session=s, progress=1, all=True))["attributes"])
    return start, end


def test_motion_follows_the_session_unless_the_transition_says(connect):
    client = connect()
    s = manual_session(client, reducedMotion=True)
    started = client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    assert started["motion"] == "reduced" and started["duration"] == 0.2
    status = client.call("transition/status", {"session": s})
    assert status["motion"] == "reduced"
    full = client.call("transition/start", {"session": s, "to": LIST, "motion": "full", "duration": 1})
    assert full["motion"] == "full" and full["duration"] == 1
    listed = client.call("session/list")["sessions"]
    assert [e["reducedMotion"] for e in listed if e["session"] == s] == [True]
    # reducedMotion alone may change in flight; the next transition follows it.
    client.call("session/update", {"session": s, "reducedMotion": False})
    assert client.call("transition/status", {"session": s})["motion"] == "full"
    assert client.call("transition/start", {"session": s, "to": GRID})["motion"] == "full"
    reduced = client.call("transition/start", {"session": s, "to": LIST, "motion": "reduced",
                                               "reducedDuration": 0.5})
    assert reduced["motion"] == "reduced" and reduced["duration"] == 0.5


def test_ticks_of_a_reduced_transition_are_at_an_end_and_fade(connect):
    """Linear over 0.2 s: every tick has each moving cell at its source or destination
    frame, with alpha |1 - 2p|; the content offset switches at 0.5."""
    client = connect()
    s = manual_session(client, sections=[{"items": 40}])
    params = {"to": GRID, "timing": {"spring": {"response": 0.5, "dampingFraction": 0.4}}, "motion": "reduced"}
    a, b = ends(client, s, params)
    started = client.call("transition/start", dict(params, session=s))
    assert started["duration"] == 0.2
    seen = set()
    for k in range(1, 13):
        tick = client.call("clock/advance", {"session": s, "to": k / 60})
        p = tick["progress"]
        assert abs(p - min(1, k / 60 / 0.2)) < 1e-7  # time in whole nanoseconds
        for key, e in by_item(tick["attributes"]).items():
            frame = frame_tuple(e["frame"])
            if frame_tuple(a[key]["frame"]) == frame_tuple(b[key]["frame"]):
                continue
            want = a[key] if p < 0.5 else b[key]
            assert frame == frame_tuple(want["frame"]), (k, key)
            assert abs(e["alpha"] - abs(1 - 2 * p)) < 1e-9, (k, key)
            seen.add(p < 0.5)
        if tick["fraction"] == 1:
            break
    assert seen == {True, False}


def test_samples_and_scrubs_never_show_an_in_between_frame(connect):
    client = connect()
    s = manual_session(client, sections=[{"items": 30}], contentOffset={"x": 0, "y": 200})
    params = {"to": GRID, "motion": "reduced", "interactive": True, "path": {"type": "arc"},
              "keyframes": [{"at": 0.5, "offset": {"x": 40, "y": 0}}], "stagger": {"delay": 0.02}}
    a, b = ends(client, s, params)
    start = client.call("transition/sample", dict(params, session=s, progress=0))["contentOffset"]
    end = client.call("transition/sample", dict(params, session=s, progress=1))["contentOffset"]
    client.call("transition/start", dict(params, session=s))
    for p in (0.1, 0.3, 0.49, 0.5, 0.7, 0.95):
        client.call("transition/scrub", {"session": s, "progress": p})
        sample = client.call("transition/sample", {"session": s, "progress": p, "all": True})
        assert sample["contentOffset"] == (start if p < 0.5 else end)
        for key, e in by_item(sample["attributes"]).items():
            assert frame_tuple(e["frame"]) in (frame_tuple(a[key]["frame"]), frame_tuple(b[key]["frame"])), (p, key)
    client.call("transition/finish", {"session": s, "timing": {"spring": {"response": 0.3, "dampingFraction": 0.5}}})
    status = client.call("transition/status", {"session": s})
    assert status["motion"] == "reduced"
    cancelled = client.call("transition/cancelInPlace", {"session": s})
    assert cancelled["contentOffset"] in (start, end)


def test_bad_values_name_their_field(connect):
    client = connect()
    s = manual_session(client)
    for params, field in (({"motion": "slow"}, "params.motion"),
                          ({"reducedDuration": 0}, "params.reducedDuration"),
                          ({"reducedDuration": -1}, "params.reducedDuration"),
                          ({"reducedDuration": "fast"}, "params.reducedDuration")):
        error = client.call_error("transition/start", dict(params, session=s, to=GRID))
        assert error["code"] == -32602 and error["data"]["field"] == field, error
    error = client.call_error("session/create", create_params(reducedMotion="yes"))
    assert error["data"]["field"] == "params.reducedMotion"
    error = client.call_error("session/update", {"session": s, "reducedMotion": 1})
    assert error["data"]["field"] == "params.reducedMotion"


def test_exports_carry_both_versions(connect):
    client = connect()
    s = manual_session(client)
    css = client.call("transition/export", {"session": s, "to": GRID, "format": "css", "duration": 0.5})
    assert "@media (prefers-reduced-motion: reduce) {" in css["content"]
    assert "@keyframes transitiond-reduced-content" not in css["content"]  # the offset does not move
    full = client.call("transition/export", {"session": s, "to": GRID, "format": "css", "motion": "full"})
    assert "prefers-reduced-motion" not in full["content"]
    lottie = client.call("transition/export", {"session": s, "to": GRID, "format": "lottie", "duration": 0.5})
    assert '"markers":[{"tm":31,"cm":"reduced motion","dr":13}]' in lottie["content"]
