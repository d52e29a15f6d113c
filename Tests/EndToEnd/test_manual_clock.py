"""Manual clock: deterministic ticks that match transition/sample exactly, and the
public test vectors of `docs/semantics.md` §6 computed by the running daemon."""

from __future__ import annotations

import pytest

from e2e_harness import (GRID, LIST_FLOW, VIEWPORT, by_item, close_to, create_params, frame_tuple, insets, strip)

ARTICLE_START = {"to": GRID, "duration": 0.75, "timing": {"easing": "quarticEaseInOut"},
                 "contentOffset": {"placement": "center", "items": [[0, 20]]}}


def manual_session(client, **overrides) -> str:
    return client.call("session/create", create_params(clock="manual", **overrides))["session"]


def test_advance_emits_the_tick_it_returns(connect):
    client = connect()
    s = manual_session(client)
    started = client.call("transition/start", {"session": s, **ARTICLE_START})
    assert started == {"transition": "t1", "toContentOffset": {"x": 0, "y": 1537.75},
                       "toContentSize": {"width": 375, "height": 8890}, "duration": 0.75,
                       "motion": "full"}
    # Nothing ticks on its own on a manual clock.
    client.drain(0.2)
    assert client.take("transition/tick") == []
    result = client.call("clock/advance", {"session": s, "by": 0.3})
    ticks = client.take("transition/tick")
    assert len(ticks) == 1
    assert ticks[0]["params"] == result
    assert result["session"] == s and result["transition"] == "t1"
    assert result["seq"] == 1 and result["time"] == 0.3
    # An advance to the same time emits the same moment again, with the next seq.
    again = client.call("clock/advance", {"session": s, "by": 0})
    assert again["seq"] == 2
    assert {k: v for k, v in again.items() if k != "seq"} == {k: v for k, v in result.items() if k != "seq"}
    assert [t["params"] for t in client.take("transition/tick")] == [again]


def test_ticks_match_sample_exactly(connect):
    """Every tick of a whole transition, stepped at 60 Hz, equals transition/sample at
    the tick's progress (and at its time): same elements, same frames, same offset."""
    client = connect()
    s = manual_session(client)
    client.call("transition/start", {"session": s, **ARTICLE_START})
    seq = 0
    last = None
    for step in range(1, 200):
        tick = client.call("clock/advance", {"session": s, "to": step / 60})
        seq += 1
        assert tick["seq"] == seq
        notified = client.notification("transition/tick", s)
        assert notified["params"] == tick
        if tick["progress"] == 1:
            last = tick
            break
        by_progress = client.call("transition/sample", {"session": s, "progress": tick["progress"]})
        by_time = client.call("transition/sample", {"session": s, "time": tick["time"]})
        for sample in (by_progress, by_time):
            assert sample["transition"] == tick["transition"]
            assert sample["progress"] == tick["progress"]
            assert sample["contentOffset"] == tick["contentOffset"]
            assert sample["attributes"] == tick["attributes"], f"tick {seq} at t={tick['time']}"
        assert by_time["fraction"] == tick["fraction"]
        assert len(tick["attributes"]) > 0
    assert last is not None, "the transition never reached progress 1"
    assert last["time"] == 45 / 60 and last["fraction"] == 1
    assert last["contentOffset"] == {"x": 0, "y": 1537.75}
    end = client.notification("transition/didEnd", s)["params"]
    assert end == {"session": s, "transition": "t1", "completed": True, "finished": True, "reason": "finished",
                   "progress": 1, "contentOffset": {"x": 0, "y": 1537.75}, "time": 0.75}
    # The last tick shows the destination at rest.
    rest = client.call("layout/attributes", {"session": s})
    assert rest["contentOffset"] == last["contentOffset"]
    assert [(a["item"], a["frame"]) for a in rest["attributes"]] == \
        [(a["item"], a["frame"]) for a in last["attributes"]]
    client.drain(0.1)
    assert client.take("transition/didEnd") == []


def test_timed_drive_vector(connect):
    """quarticEaseInOut, 0.75 s, offset (0, 0) -> (0, 1537.75)."""
    client = connect()
    s = manual_session(client)
    client.call("transition/start", {"session": s, **ARTICLE_START})
    tick = client.call("clock/advance", {"session": s, "by": 0.3})
    assert close_to(tick["fraction"], 0.4)
    assert close_to(tick["progress"], 0.2048)
    assert tick["contentOffset"]["x"] == 0
    assert close_to(tick["contentOffset"]["y"], 314.9312)
    tick = client.call("clock/advance", {"session": s, "to": 0.6})
    assert close_to(tick["fraction"], 0.8)
    assert close_to(tick["progress"], 0.9872)
    assert close_to(tick["contentOffset"]["y"], 1518.0668)
    status = client.call("transition/status", {"session": s})
    assert status["state"] == "running" and status["time"] == 0.6
    assert status["progress"] == tick["progress"] and status["contentOffset"] == tick["contentOffset"]


def test_item_3_list_to_grid_linear(connect):
    client = connect()
    s = manual_session(client)
    expected = {0.25: (48.125, 181.875, 324.375, 88.125), 0.5: (96.25, 183.75, 273.75, 116.25),
                0.75: (144.375, 185.625, 223.125, 144.375)}
    # Hypothetical samples (nothing starts) ...
    for p, frame in expected.items():
        sample = client.call("transition/sample", {"session": s, "to": GRID, "progress": p, "all": True})
        a = by_item(sample["attributes"])[("cell", 0, 3)]
        assert all(close_to(x, y) for x, y in zip(frame_tuple(a["frame"]), frame)), (p, a["frame"])
        assert a["transitionProgress"] == p
        assert a["nextFrame"] == {"x": 192.5, "y": 187.5, "width": 172.5, "height": 172.5}
    assert client.call("transition/status", {"session": s})["state"] == "idle"
    # ... and the real thing, on the manual clock.
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    tick = client.call("clock/advance", {"session": s, "to": 0.25})
    assert tick["progress"] == 0.25
    a = by_item(tick["attributes"])[("cell", 0, 3)]
    assert frame_tuple(a["frame"]) == expected[0.25]
    sample = client.call("transition/sample", {"session": s, "progress": 0.5, "rect": {
        "x": 300, "y": 200, "width": 1, "height": 1}})
    assert [(x["item"], frame_tuple(x["frame"])) for x in sample["attributes"]] == [(3, expected[0.5])]


def test_hypothetical_sample_by_time_uses_the_timing(connect):
    client = connect()
    s = manual_session(client)
    client.call("clock/advance", {"session": s, "to": 5})
    sample = client.call("transition/sample", {"session": s, "time": 0.3, **ARTICLE_START})
    # Time is counted from the (hypothetical) start, not from the session's clock.
    assert close_to(sample["fraction"], 0.4) and close_to(sample["progress"], 0.2048)
    assert close_to(sample["contentOffset"]["y"], 314.9312)
    assert client.call("transition/status", {"session": s})["state"] == "idle"


def test_grid_at_rest_vector(connect):
    client = connect()
    s = manual_session(client, layout=GRID)
    attrs = client.call("layout/attributes", {"session": s})["attributes"]
    assert [(a["frame"]["x"], a["frame"]["y"]) for a in attrs[:6]] == [
        (10, 10), (192.5, 10), (10, 187.5), (192.5, 187.5), (10, 365), (192.5, 365)]
    assert all((a["frame"]["width"], a["frame"]["height"]) == (172.5, 172.5) for a in attrs)


PLACEMENTS = [
    # (placement, items, list offset y, contentInset, expected target offset)
    ("center", [[0, 20]], 0, 0, (0, 1537.75)),
    # `docs/semantics.md`'s inset vector keeps the inset-free grid frames, which a session cannot
    # express: here the content inset narrows the grid too (W = 375 - 20 - 20 = 335,
    # cells 162.5, row pitch 167.5), so item 20's centre is (91.25, 1766.25) and the
    # offset is (91.25 - 187.5 clamped to -10, 1766.25 - 333.5).
    ("center", [[0, 20]], 0, 10, (-10, 1432.75)),
    ("center", [[0, 0]], 0, 0, (0, 0)),
    ("center", [[0, 98], [0, 99]], 0, 0, (0, 8223)),
    ("top", [[0, 20]], 0, 0, (0, 1785)),
    ("bottom", [[0, 20]], 0, 0, (0, 1290.5)),
    ("left", [[0, 20]], 0, 0, (0, 1537.75)),
    ("right", [[0, 20]], 0, 0, (0, 1537.75)),
    ("minimal", [[0, 20]], 1000, 0, (0, 1641.25)),
    ("visible", [[0, 20]], 1000, 0, (0, 1641.25)),
    ("visible", [[0, 20]], 0, 0, (0, 1290.5)),
    ("visible", [[0, 20]], 1200, 0, (0, 1785)),
]


@pytest.mark.parametrize("placement,items,offset,inset,expected", PLACEMENTS,
                         ids=[f"{p[0]}-{p[1]}-{p[2]}-{p[3]}" for p in PLACEMENTS])
def test_placement_vectors(connect, placement, items, offset, inset, expected):
    client = connect()
    s = manual_session(client, contentOffset={"x": 0, "y": offset}, contentInset=insets(inset))
    result = client.call("transition/start", {"session": s, "to": GRID, "duration": 0.5,
                                              "contentOffset": {"placement": placement, "items": items}})
    got = (result["toContentOffset"]["x"], result["toContentOffset"]["y"])
    assert all(close_to(g, e) for g, e in zip(got, expected)), got
    end = client.call("clock/advance", {"session": s, "by": 0.5})
    assert (end["contentOffset"]["x"], end["contentOffset"]["y"]) == got


DS_LIST = {"type": "displaySwitch", "mode": "list", "staticCellHeight": 80}
DS_GRID = {"type": "displaySwitch", "mode": "grid", "staticCellHeight": 165}


@pytest.mark.parametrize("source,target,start,expected", [
    (DS_LIST, DS_GRID, 860, 501), (DS_LIST, DS_GRID, 1000, 666), (DS_LIST, DS_GRID, 86, 6),
    (DS_GRID, DS_LIST, 513, 768), (DS_GRID, DS_LIST, 1000, 1491), (DS_GRID, DS_LIST, 171, 260),
    (DS_LIST, DS_GRID, 0, 0), (DS_GRID, DS_LIST, 0, 0)])
def test_display_switch_offset_vectors(connect, source, target, start, expected):
    client = connect()
    s = manual_session(client, layout=source, contentOffset={"x": 0, "y": start})
    assert client.call("session/list")["sessions"][0]["layoutState"] == source["mode"]
    result = client.call("transition/start", {"session": s, "to": target,
                                              "contentOffset": {"strategy": "displaySwitch"}})
    assert result["toContentOffset"] == {"x": 0, "y": expected}
    assert result["toContentSize"]["height"] == (5814 if target is DS_GRID else 8600)


def test_display_switch_geometry(connect):
    client = connect()
    s = manual_session(client, layout=DS_LIST)
    attrs = client.call("layout/attributes", {"session": s})["attributes"]
    assert [frame_tuple(a["frame"]) for a in attrs[:3]] == [(6, 6, 363, 74), (6, 92, 363, 74), (6, 178, 363, 74)]
    client.call("transition/start", {"session": s, "to": DS_GRID, "duration": 0.5})
    tick = client.call("clock/advance", {"session": s, "by": 0.5})
    assert tick["progress"] == 1
    assert [frame_tuple(a["frame"]) for a in tick["attributes"][:6]] == [
        (6, 6, 113, 159), (131, 6, 113, 159), (256, 6, 113, 159),
        (6, 177, 113, 159), (131, 177, 113, 159), (256, 177, 113, 159)]
    assert all(a["layoutState"] == "grid" for a in tick["attributes"])


EASING_VECTORS = [
    ("quadraticEaseInOut", 0.18, 0.82), ("quarticEaseInOut", 0.0648, 0.9352),
    ("elasticEaseOut", 0.876538957426, 1.001222144258), ("elasticEaseIn", -0.001222144258, 0.123461042574),
    ("bounceEaseOut", 0.680625, 0.91675), ("bounceEaseIn", 0.08325, 0.319375),
    ("backEaseInOut", -0.177316954889, 1.177316954889), ("backEaseOut", 1.223311896062, 1.215705098312),
    ("exponentialEaseInOut", 0.03125, 0.96875), ("sineEaseInOut", 0.206107373854, 0.793892626146),
    ("circularEaseInOut", 0.1, 0.9),
]


@pytest.mark.parametrize("easing,at3,at7", EASING_VECTORS, ids=[e[0] for e in EASING_VECTORS])
def test_easing_vectors_on_the_manual_clock(stdio, easing, at3, at7):
    client = stdio()
    client.initialize()
    s = manual_session(client)
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1, "timing": {"easing": easing},
                                     "contentOffset": {"point": {"x": 0, "y": 1000}}})
    tick = client.call("clock/advance", {"session": s, "to": 0.3})
    assert abs(tick["progress"] - at3) < 1e-9
    # The offset is lerped with the eased progress (overshoot included).
    assert abs(tick["contentOffset"]["y"] - 1000 * at3) < 1e-6
    tick = client.call("clock/advance", {"session": s, "to": 0.7})
    assert abs(tick["progress"] - at7) < 1e-9


def test_compact_encoding_carries_the_same_data(connect):
    client = connect()
    ids = [f"i{k}" for k in range(100)]
    objects = manual_session(client, sections=[{"items": 100, "ids": ids}])
    compact = manual_session(client, sections=[{"items": 100, "ids": ids}], encoding="compact")
    for s in (objects, compact):
        client.call("transition/start", {"session": s, **ARTICLE_START})
    a = client.call("clock/advance", {"session": objects, "to": 0.3})
    c = client.call("clock/advance", {"session": compact, "to": 0.3})
    assert {k: v for k, v in a.items() if k not in ("session", "attributes")} == \
        {k: v for k, v in c.items() if k not in ("session", "attributes")}
    objs = a["attributes"]
    cols = c["attributes"]
    assert cols["count"] == len(objs) > 0
    kinds = {"cell": 0, "header": 1, "footer": 2}
    assert cols["kind"] == [kinds[o["kind"]] for o in objs]
    assert cols["section"] == [o["section"] for o in objs]
    assert cols["item"] == [o["item"] for o in objs]
    assert cols["id"] == [o["id"] for o in objs]
    assert cols["frame"] == [v for o in objs for v in frame_tuple(o["frame"])]
    assert cols["nextFrame"] == [v for o in objs for v in frame_tuple(o.get("nextFrame", o["frame"]))]
    assert cols["alpha"] == [o["alpha"] for o in objs]
    assert cols["zIndex"] == [o["zIndex"] for o in objs]
    assert cols["transitionProgress"] == [o["transitionProgress"] for o in objs]
    assert [cols["states"][i] for i in cols["layoutState"]] == [o["layoutState"] for o in objs]


def test_destination_items_matched_by_id(connect):
    """Items matched by id move; one only in the source disappears, one only in the
    destination appears (fade)."""
    client = connect()
    s = manual_session(client, sections=[{"items": 3, "ids": ["a", "b", "c"]}])
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1, "appear": "fade",
                                     "disappear": "fade", "sections": [{"items": 3, "ids": ["c", "a", "d"]}]})
    tick = client.call("clock/advance", {"session": s, "to": 0.5})
    got = {a["id"]: a for a in tick["attributes"]}
    assert set(got) == {"a", "b", "c", "d"}
    assert got["a"]["alpha"] == 1 and got["c"]["alpha"] == 1
    assert close_to(got["b"]["alpha"], 0.5) and close_to(got["d"]["alpha"], 0.5)
    # "c": list row 2 (0, 120, 375, 60) -> grid cell 0 (10, 10, 172.5, 172.5), halfway.
    assert frame_tuple(got["c"]["frame"]) == (5, 65, 273.75, 116.25)
    end = client.call("clock/advance", {"session": s, "to": 1})
    assert sorted(a["id"] for a in end["attributes"]) == ["a", "c", "d"]
    assert client.call("session/list")["sessions"][0]["items"] == 3
