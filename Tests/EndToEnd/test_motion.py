"""Motion fidelity through the real daemon on the manual clock: the end of an
animation on its nominal tick, custom values at every progress, velocity carried
across a retarget, and gesture release."""

from __future__ import annotations

from e2e_harness import create_params


def manual_session(client, **overrides) -> str:
    return client.call("session/create", create_params(clock="manual", **overrides))["session"]


def test_the_tick_at_the_nominal_end_is_the_end(connect):
    """The issue's repro: a 0.5 s transition started at 0.000102502 (where
    0.500102502 - 0.000102502 is 0.49999999999999994 in doubles) ends on the tick
    at 0.500102502, with fraction exactly 1 and the didEnd right after it."""
    client = connect()
    for start in (0.000102502, 0.123456789, 7.000000001, 1234.5678901):
        s = manual_session(client, sections=[{"items": 3}], layout={"type": "list", "rowHeight": 40})
        client.call("clock/advance", {"session": s, "to": start})
        client.call("transition/start", {"session": s, "to": {"type": "grid", "columns": 2}, "duration": 0.5})
        ticks = []
        for k in range(0, 31):
            ticks.append(client.call("clock/advance", {"session": s, "to": (round(start * 1e9) + k * 10**9 // 60) / 1e9}))
        assert [t["fraction"] == 1 for t in ticks] == [False] * 30 + [True]
        assert ticks[-1]["progress"] == 1
        ended = client.notification("transition/didEnd", s)["params"]
        assert ended["reason"] == "finished" and ended["time"] == ticks[-1]["time"]
        client.call("session/dispose", {"session": s})


def test_values_are_present_in_overshoot(connect):
    """The issue's repro: a spring at progress 1.141 keeps every value (numbers
    extrapolated, colours clamped), in the tick, the status and samples beyond 0...1."""
    client = connect()
    s = manual_session(client, viewport={"width": 200, "height": 300}, sections=[{"items": 3}],
                       layout={"type": "list", "rowHeight": 40, "values": {"radius": 0, "bg": "#ff0000"},
                               "accessory": {"rotation": 0}})
    client.call("transition/start", {
        "session": s, "to": {"type": "grid", "columns": 2, "values": {"radius": 12, "bg": "#0000ff"},
                             "accessory": {"rotation": 3}},
        "timing": {"spring": {"response": 0.4, "dampingFraction": 0.5}}})
    tick = client.call("clock/advance", {"session": s, "to": 0.2})
    p = tick["progress"]
    assert abs(p - 1.141) < 1e-3
    assert len(tick["attributes"]) == 3
    for a in tick["attributes"]:
        assert abs(a["values"]["radius"] - 12 * p) < 1e-9 and a["values"]["bg"] == "#0000ffff"
    assert abs(tick["accessory"]["rotation"] - 3 * p) < 1e-9
    status = client.call("transition/status", {"session": s})
    assert status["accessory"] == tick["accessory"]
    for q, colour in ((1.5, "#0000ffff"), (-0.5, "#ff0000ff")):
        sample = client.call("transition/sample", {"session": s, "progress": q, "all": True})
        assert len(sample["attributes"]) == 3
        for a in sample["attributes"]:
            assert a["values"] == {"radius": 12 * q, "bg": colour}
        assert sample["accessory"] == {"rotation": 3 * q}


def _velocity(frames, h, sign):
    """Third-order one-sided differences of origin and size (see RetargetVelocityTests)."""
    f0, f1, f2, f3 = frames
    return [sign * (-11 * a + 18 * b - 9 * c + 2 * d) / (6 * h) for a, b, c, d in zip(f0, f1, f2, f3)]


def _item_frame(tick, item):
    cell = next(a for a in tick["attributes"] if a["kind"] == "cell" and a["item"] == item)
    f = cell["frame"]
    return (f["x"], f["y"], f["width"], f["height"])


def test_retarget_with_a_spring_keeps_velocity(connect):
    """The issue's repro: list (3 items, rowHeight 40) to a 2-column grid, linear 1 s,
    retargeted at T to a list with rowHeight 60 and a critically damped spring: item 1
    keeps its (100, -40) pt/s instead of jumping to v / (1 - p)."""
    client = connect()
    h = 0.001
    for T in (0.5, 0.9, 0.99):
        s = manual_session(client, viewport={"width": 200, "height": 300}, sections=[{"items": 3}],
                           layout={"type": "list", "rowHeight": 40})
        client.call("transition/start", {"session": s, "to": {"type": "grid", "columns": 2}, "duration": 1})
        before = [_item_frame(client.call("clock/advance", {"session": s, "to": T - k * h}), 1)
                  for k in (3, 2, 1, 0)][::-1]
        client.call("transition/retarget", {"session": s, "to": {"type": "list", "rowHeight": 60},
                                            "timing": {"spring": {"response": 0.4, "dampingFraction": 1}}})
        after = [_item_frame(client.call("clock/advance", {"session": s, "to": T + k * h}), 1) for k in (0, 1, 2, 3)]
        assert after[0] == before[0]
        v_before = _velocity(before, h, -1)
        v_after = _velocity(after, h, 1)
        assert abs(v_before[0] - 100) < 1e-6 and abs(v_before[1] + 40) < 1e-6
        speed = (v_before[0] ** 2 + v_before[1] ** 2) ** 0.5
        for a, b in zip(v_before, v_after):
            assert abs(a - b) <= 0.02 * speed + 1, (T, v_before, v_after)
        client.call("session/dispose", {"session": s})


def test_release_decides_from_the_projected_rest_and_keeps_the_speed(connect):
    """A pan scrubbed at 2 per second to 0.3, released: 0.3 + 2 * 0.499 = 1.298 is past
    0.5, so it finishes, on a spring that starts at 2 per second; a slow pan cancels;
    a velocity a non-spring leg cannot start at is refused naming it."""
    client = connect()
    s = manual_session(client, sections=[{"items": 3}], layout={"type": "list", "rowHeight": 40})
    client.call("transition/start", {"session": s, "to": {"type": "grid", "columns": 2}, "interactive": True,
                                     "duration": 0.5})
    client.call("clock/advance", {"session": s, "to": 0.05})
    client.call("transition/scrub", {"session": s, "progress": 0.2})
    client.call("clock/advance", {"session": s, "to": 0.1})
    client.call("transition/scrub", {"session": s, "progress": 0.3})
    released = client.call("transition/release", {"session": s})
    assert released["decision"] == "finish" and released["state"] == "finishing"
    assert abs(released["projectedProgress"] - 1.298) < 1e-9
    assert abs(released["velocity"] - 2) < 1e-9
    first = client.call("transition/sample", {"session": s, "time": 0.1})
    later = client.call("transition/sample", {"session": s, "time": 0.101})
    assert abs((later["progress"] - first["progress"]) / 0.001 - 2) < 0.05
    ticks = [client.call("clock/advance", {"session": s, "by": 1 / 60}) for _ in range(120)]
    last = [t for t in ticks if t.get("state") != "idle"][-1]
    assert last["progress"] == 1 and last["fraction"] == 1
    assert client.notification("transition/didEnd", s)["params"]["reason"] == "finished"

    slow = manual_session(client, sections=[{"items": 3}], layout={"type": "list", "rowHeight": 40})
    client.call("transition/start", {"session": slow, "to": {"type": "grid", "columns": 2}, "interactive": True})
    client.call("transition/scrub", {"session": slow, "progress": 0.4})
    cancelled = client.call("transition/release", {"session": slow})
    assert cancelled["decision"] == "cancel" and cancelled["projectedProgress"] == 0.4
    error = client.call_error("transition/finish", {"session": slow, "velocity": 2, "timing": "cubicEaseIn"})
    assert error["code"] == -32602 and error["data"]["field"] == "params.velocity"
    error = client.call_error("transition/release", {"session": slow, "velocity": 2, "timing": "cubicEaseIn"})
    assert error["code"] == -32602 and error["data"]["field"] == "params.velocity"
    honoured = client.call("transition/release", {"session": slow, "velocity": 2, "timing": "linear"})
    assert honoured["decision"] == "finish" and honoured["velocity"] == 2


def test_item_styles_through_the_daemon(connect):
    """Explicit item objects and itemStyles rules (by id, by index path, later rules
    winning), a half-turn interpolated by components, zIndex switching at 0.5, in both
    encodings; unknown ids are refused naming them."""
    import math
    client = connect()
    to = {"type": "explicit",
          "frames": [[0, 0, 100, 100],
                     {"frame": [100, 0, 100, 100], "alpha": 0.5, "zIndex": 2,
                      "transform": {"scale": 2, "rotation": math.pi}, "values": {"radius": 12}},
                     [0, 100, 100, 100]],
          "itemStyles": [{"items": [[0, 1]], "alpha": 0.25}, {"ids": ["c"], "transform": {"translateX": 10}}]}
    for encoding in ("objects", "compact"):
        s = manual_session(client, viewport={"width": 200, "height": 300},
                           sections=[{"items": 3, "ids": ["a", "b", "c"]}], encoding=encoding,
                           layout={"type": "list", "rowHeight": 40,
                                   "itemStyles": [{"ids": ["b"], "zIndex": 1, "values": {"radius": 0}}]})
        client.call("transition/start", {"session": s, "to": to, "duration": 1})
        for p, z in ((0.25, 1), (0.5, 2)):
            result = client.call("transition/sample", {"session": s, "progress": p, "all": True})
            attrs = result["attributes"]
            if encoding == "compact":
                i = attrs["id"].index("b")
                t = attrs["transform"][6 * i:6 * i + 6]
                alpha, zindex, radius = attrs["alpha"][i], attrs["zIndex"][i], attrs["values"]["radius"][i]
                tc = attrs["transform"][6 * attrs["id"].index("c"):][:6]
            else:
                b = next(a for a in attrs if a["id"] == "b")
                c = next(a for a in attrs if a["id"] == "c")
                t, alpha, zindex, radius, tc = b["transform"], b["alpha"], b["zIndex"], b["values"]["radius"], c["transform"]
            scale, angle = 1 + p, math.pi * p
            expected = [scale * math.cos(angle), scale * math.sin(angle), -scale * math.sin(angle), scale * math.cos(angle), 0, 0]
            assert all(abs(x - y) < 1e-9 for x, y in zip(t, expected)), (p, t)
            assert abs(alpha - (1 - 0.75 * p)) < 1e-12 and zindex == z and abs(radius - 12 * p) < 1e-12
            assert tc == [1, 0, 0, 1, 10 * p, 0]
        client.call("session/dispose", {"session": s})
    bad = manual_session(client, sections=[{"items": 2, "ids": ["a", "b"]}])
    error = client.call_error("transition/start", {"session": bad, "to": {"type": "list", "rowHeight": 40,
                              "itemStyles": [{"ids": ["a", "zz"], "alpha": 0.5}]}})
    assert error["code"] == -32602 and error["data"]["field"] == "params.to.itemStyles[0].ids[1]"


def test_placement_inset_content(connect):
    """With contentInset.top 20, `top` puts item 20 under the inset by default and at the
    inset's edge with "inset": "content"; anything else is refused."""
    client = connect()
    grid = {"type": "grid", "columns": 2, "spacing": 10}
    results = {}
    for inset in (None, "content"):
        s = manual_session(client, contentInset={"top": 20, "left": 0, "bottom": 30, "right": 0},
                           layout={"type": "list", "rowHeight": 60})
        target = {"placement": "top", "items": [[0, 20]]}
        if inset:
            target["inset"] = inset
        started = client.call("transition/start", {"session": s, "to": grid, "contentOffset": target})
        frame = client.call("transition/sample", {"session": s, "progress": 1, "all": True})
        cell = next(a for a in frame["attributes"] if a["item"] == 20)
        results[inset] = started["toContentOffset"]["y"] - cell["frame"]["y"]
    assert results == {None: 0, "content": -20}
    error = client.call_error("transition/start", {"session": s, "to": grid,
                              "contentOffset": {"placement": "top", "items": [[0, 1]], "inset": "safe"}})
    assert error["code"] == -32602 and error["data"]["field"] == "params.contentOffset.inset"


def test_discrete_values_switch_at_the_set_point(connect):
    """Booleans and strings in values and accessory: the source's before the switch point
    (default 0.5, here 0.3), the destination's from it, in both encodings."""
    client = connect()
    for encoding in ("objects", "compact"):
        s = manual_session(client, sections=[{"items": 2}], encoding=encoding,
                           layout={"type": "list", "rowHeight": 40, "values": {"hidden": True, "label": "row"},
                                   "accessory": {"title": "Grid"}})
        to = {"type": "grid", "columns": 2, "values": {"hidden": False, "label": "tile"}, "accessory": {"title": "List"}}
        for switch, before, after in ((None, 0.49, 0.5), (0.3, 0.29, 0.3)):
            extra = {} if switch is None else {"discreteSwitch": switch}
            for p, expected in ((before, (True, "row", "Grid")), (after, (False, "tile", "List"))):
                r = client.call("transition/sample", {"session": s, "to": to, "progress": p, "all": True, **extra})
                values = r["attributes"]["values"] if encoding == "compact" else r["attributes"][0]["values"]
                hidden = values["hidden"][0] if encoding == "compact" else values["hidden"]
                label = values["label"][0] if encoding == "compact" else values["label"]
                assert (hidden, label, r["accessory"]["title"]) == expected, (encoding, switch, p)
        client.call("session/dispose", {"session": s})
    error = client.call_error("transition/start", {"session": manual_session(client), "to": to, "discreteSwitch": 2})
    assert error["code"] == -32602 and error["data"]["field"] == "params.discreteSwitch"
