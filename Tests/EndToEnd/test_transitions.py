"""transition/* methods and the one didEnd of every transition, on both clocks."""

from __future__ import annotations

import time

import pytest

from e2e_harness import GRID, LIST_FLOW, by_item, close_to, create_params, frame_tuple

GRID3 = {"type": "grid", "columns": 3, "spacing": 5, "lineSpacing": 5, "inset": {"top": 5, "left": 5, "bottom": 5,
                                                                                  "right": 5}}


def ends_of(client, s, settle: float = 0.3):
    """Every didEnd of session `s` received so far, after reading for `settle` seconds."""
    client.drain(settle)
    return [m["params"] for m in client.take("transition/didEnd", s)]


def run_to_end(client, s, clock, step=0.05, limit=10.0):
    """Lets the transition of `s` end: advance a manual clock, or wait for realtime."""
    if clock == "manual":
        t = client.call("transition/status", {"session": s})["time"]
        for _ in range(int(limit / step)):
            t += step
            client.call("clock/advance", {"session": s, "to": t})
            if client.call("transition/status", {"session": s})["state"] == "idle":
                return
        raise AssertionError("the transition did not end")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if client.call("transition/status", {"session": s})["state"] == "idle":
            return
        client.drain(0.05)
    raise AssertionError("the transition did not end")


CLOCKS = ["manual", "realtime"]


@pytest.mark.parametrize("clock", CLOCKS)
def test_runs_to_the_end_finished(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 0.3})["transition"]
    run_to_end(client, s, clock)
    ticks = [m["params"] for m in client.take("transition/tick", s)]
    ends = ends_of(client, s)
    assert len(ends) == 1, ends
    end = ends[0]
    assert (end["transition"], end["completed"], end["finished"], end["reason"], end["progress"]) == \
        (t, True, True, "finished", 1)
    assert ticks[-1]["progress"] == 1 and ticks[-1]["transition"] == t
    assert end["contentOffset"] == ticks[-1]["contentOffset"]
    rest = client.call("layout/attributes", {"session": s})
    assert rest["state"] == "idle" and rest["contentSize"] == {"width": 375, "height": 8890}


@pytest.mark.parametrize("clock", CLOCKS)
def test_interactive_scrub_then_finish(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "interactive": True, "duration": 0.4})["transition"]
    status = client.call("transition/status", {"session": s})
    assert (status["state"], status["progress"], status["transition"]) == ("paused", 0, t)
    scrubbed = client.call("transition/scrub", {"session": s, "progress": 0.4})
    assert (scrubbed["state"], scrubbed["progress"], scrubbed["transition"]) == ("paused", 0.4, t)
    if clock == "manual":
        tick = client.call("clock/advance", {"session": s, "by": 0.1})
        assert tick["progress"] == 0.4, "paused: time passes, progress stays"
    else:
        # The realtime clock shows the change at once (after the tick of the start at 0).
        tick = client.notification("transition/tick", s)["params"]
        while tick["progress"] != 0.4:
            tick = client.notification("transition/tick", s)["params"]
    assert a3(tick) == a3(client.call("transition/sample", {"session": s, "progress": 0.4}))
    # Paused: nothing more ticks.
    client.drain(0.05)
    client.take("transition/tick", s)
    client.drain(0.2)
    assert client.take("transition/tick", s) == []
    # scrub clamps to 0...1
    assert client.call("transition/scrub", {"session": s, "progress": 7})["progress"] == 1
    client.call("transition/scrub", {"session": s, "progress": 0.4})
    finishing = client.call("transition/finish", {"session": s})
    assert finishing["state"] == "finishing" and close_to(finishing["progress"], 0.4, 1e-3)
    run_to_end(client, s, clock)
    ends = ends_of(client, s)
    assert [(e["reason"], e["completed"], e["finished"], e["progress"]) for e in ends] == \
        [("finished", True, True, 1)]
    assert client.call("session/list")["sessions"][0]["layoutState"] == "grid"


def a3(result):
    """Item 3's frame in a tick or sample, if visible."""
    found = by_item(result["attributes"]).get(("cell", 0, 3))
    return found and found["frame"]


@pytest.mark.parametrize("clock", CLOCKS)
def test_cancel_animates_back(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    before = client.call("layout/attributes", {"session": s})
    t = client.call("transition/start", {"session": s, "to": GRID, "interactive": True, "duration": 0.4})["transition"]
    client.call("transition/scrub", {"session": s, "progress": 0.6})
    cancelling = client.call("transition/cancel", {"session": s, "duration": 0.2})
    assert cancelling["state"] == "cancelling"
    run_to_end(client, s, clock)
    ticks = [m["params"] for m in client.take("transition/tick", s)]
    assert ticks[-1]["progress"] == 0
    ends = ends_of(client, s)
    assert ends == [{"session": s, "transition": t, "completed": False, "finished": True, "reason": "cancelled",
                     "progress": 0, "contentOffset": {"x": 0, "y": 0}, "time": ends[0]["time"]}]
    after = client.call("layout/attributes", {"session": s})
    assert after["contentSize"] == before["contentSize"] and after["attributes"] == before["attributes"]


@pytest.mark.parametrize("clock", CLOCKS)
def test_cancel_in_place_freezes_the_poses(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 1, "interactive": clock == "realtime",
                                         "contentOffset": {"point": {"x": 0, "y": 400}}})["transition"]
    if clock == "manual":
        tick = client.call("clock/advance", {"session": s, "to": 0.25})
    else:
        client.call("transition/scrub", {"session": s, "progress": 0.25})
        tick = client.notification("transition/tick", s)["params"]
        while tick["progress"] != 0.25:
            tick = client.notification("transition/tick", s)["params"]
    assert tick["progress"] == 0.25
    result = client.call("transition/cancelInPlace", {"session": s})
    assert result["progress"] == 0.25
    assert result["contentOffset"] == {"x": 0, "y": 100}
    # 0.75 * 6000 + 0.25 * 8890, the interpolated content size.
    assert close_to(result["contentSize"]["height"], 6722.5) and result["contentSize"]["width"] == 375
    ends = ends_of(client, s)
    assert ends == [{"session": s, "transition": t, "completed": False, "finished": False,
                     "reason": "cancelledInPlace", "progress": 0.25, "contentOffset": {"x": 0, "y": 100},
                     "time": ends[0]["time"]}]
    rest = client.call("layout/attributes", {"session": s})
    assert rest["state"] == "idle" and rest["contentOffset"] == {"x": 0, "y": 100}
    assert [(a["item"], a["frame"]) for a in rest["attributes"]] == \
        [(a["item"], a["frame"]) for a in tick["attributes"]]
    # The next transition starts from exactly what was on screen.
    client.call("transition/start", {"session": s, "to": LIST_FLOW, "duration": 1})
    if clock == "manual":
        first = client.call("clock/advance", {"session": s, "by": 0})
    else:
        first = client.notification("transition/tick", s)["params"]
    assert first["progress"] == 0
    assert [(a["item"], a["frame"]) for a in first["attributes"]] == \
        [(a["item"], a["frame"]) for a in tick["attributes"]]


def test_retarget_keeps_positions_and_ends_the_old_one(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    t1 = client.call("transition/start", {"session": s, "to": GRID, "duration": 1})["transition"]
    before = client.call("clock/advance", {"session": s, "to": 0.5})
    result = client.call("transition/retarget", {"session": s, "to": GRID3})
    t2 = result["transition"]
    assert t2 != t1
    assert close_to(result["duration"], 0.5)  # the remaining share of 1 s
    assert result["toContentSize"]["height"] == client.call(
        "transition/sample", {"session": s, "progress": 1, "all": True})["contentSize"]["height"]
    ends = ends_of(client, s, 0.05)
    assert ends == [{"session": s, "transition": t1, "completed": False, "finished": False, "reason": "retargeted",
                     "progress": 0.5, "contentOffset": before["contentOffset"], "time": 0.5}]
    # Continuous: the new transition starts at the old one's poses.
    now = client.call("clock/advance", {"session": s, "by": 0})
    assert now["transition"] == t2 and now["progress"] == 0
    old = by_item(before["attributes"])
    for key, a in by_item(now["attributes"]).items():
        if key in old:
            assert all(close_to(x, y) for x, y in zip(frame_tuple(a["frame"]), frame_tuple(old[key]["frame"])))
    run_to_end(client, s, "manual")
    ends = ends_of(client, s, 0.05)
    assert [(e["transition"], e["reason"], e["completed"]) for e in ends] == [(t2, "finished", True)]
    attrs = client.call("layout/attributes", {"session": s, "all": True})["attributes"]
    assert frame_tuple(attrs[0]["frame"])[:2] == (5, 5)


def test_retarget_on_the_realtime_clock(connect):
    client = connect()
    s = client.call("session/create", create_params())["session"]
    t1 = client.call("transition/start", {"session": s, "to": GRID, "duration": 0.6})["transition"]
    client.drain(0.15)
    t2 = client.call("transition/retarget", {"session": s, "to": GRID3, "duration": 0.3})["transition"]
    run_to_end(client, s, "realtime")
    ticks = [m["params"] for m in client.take("transition/tick", s)]
    ends = ends_of(client, s)
    assert [(e["transition"], e["reason"]) for e in ends] == [(t1, "retargeted"), (t2, "finished")]
    assert [t["transition"] for t in ticks] == sorted(t["transition"] for t in ticks)
    assert ticks[-1]["transition"] == t2 and ticks[-1]["progress"] == 1
    seqs = [t["seq"] for t in ticks]
    assert seqs == sorted(set(seqs))


@pytest.mark.parametrize("clock", CLOCKS)
def test_start_while_running_supersedes(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock="manual" if clock == "manual" else "realtime"))["session"]
    t1 = client.call("transition/start", {"session": s, "to": GRID, "duration": 5})["transition"]
    if clock == "manual":
        client.call("clock/advance", {"session": s, "to": 0.5})
    else:
        client.notification("transition/tick", s)
    t2 = client.call("transition/start", {"session": s, "to": LIST_FLOW, "duration": 0.2})["transition"]
    assert t2 != t1
    run_to_end(client, s, clock)
    ends = ends_of(client, s)
    assert [(e["transition"], e["reason"], e["completed"], e["finished"]) for e in ends] == \
        [(t1, "superseded", False, False), (t2, "finished", True, True)]
    if clock == "manual":
        assert close_to(ends[0]["progress"], 0.1)


@pytest.mark.parametrize("clock", CLOCKS)
def test_dispose_ends_the_transition(connect, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 5})["transition"]
    if clock == "manual":
        client.call("clock/advance", {"session": s, "to": 1})
    client.take("transition/tick", s)
    assert client.call("session/dispose", {"session": s}) is None
    client.drain(0.3)
    received = [m for m in client.inbox if "method" in m and m["params"]["session"] == s]
    ends = [m["params"] for m in received if m["method"] == "transition/didEnd"]
    assert len(ends) == 1
    assert (ends[0]["transition"], ends[0]["reason"], ends[0]["completed"], ends[0]["finished"]) == \
        (t, "disposed", False, False)
    if clock == "manual":
        assert close_to(ends[0]["progress"], 0.2)
    # Nothing of the session after its didEnd.
    assert received[-1]["method"] == "transition/didEnd"


def test_events_after_the_end_are_refused(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})
    client.call("clock/advance", {"session": s, "by": 1})
    for method, extra in [("transition/finish", {}), ("transition/cancel", {}), ("transition/cancelInPlace", {}),
                          ("transition/scrub", {"progress": 0.5})]:
        assert client.call_error(method, {"session": s, **extra})["code"] == -32011
    assert client.call("clock/advance", {"session": s, "by": 1}) == {"session": s, "time": 2, "state": "idle"}
    assert len(ends_of(client, s, 0.05)) == 1


def test_status_shapes(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("clock/advance", {"session": s, "to": 2})
    assert client.call("transition/status", {"session": s}) == {
        "session": s, "state": "idle", "time": 2, "rate": 1, "contentOffset": {"x": 0, "y": 0}}
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1,
                                     "contentOffset": {"point": {"x": 0, "y": 100}}})
    client.call("clock/advance", {"session": s, "to": 2.5})
    status = client.call("transition/status", {"session": s})
    assert status == {"session": s, "state": "running", "transition": "t1", "motion": "full", "time": 2.5, "rate": 1, "fraction": 0.5,
                      "progress": 0.5, "velocity": 1, "contentOffset": {"x": 0, "y": 50}}


def test_timing_forms(connect):
    """cubicBezier, spring, steps and linear stops all drive a transition to its end."""
    client = connect()
    forms = [{"cubicBezier": [0.25, 0.1, 0.25, 1]}, {"spring": {"response": 0.3, "dampingFraction": 0.8}},
             {"spring": {"mass": 1, "stiffness": 200, "damping": 20}}, {"steps": {"count": 4}},
             {"linear": [0, 0.7, 1]}, "linear", {"easing": "bounceEaseOut"}]
    for form in forms:
        s = client.call("session/create", create_params(clock="manual"))["session"]
        started = client.call("transition/start", {"session": s, "to": GRID, "timing": form})
        assert started["duration"] > 0
        if "steps" in form:
            # jump-end: 4 steps over the duration, the first at 1/4.
            tick = client.call("clock/advance", {"session": s, "to": started["duration"] * 0.3})
            assert tick["progress"] == 0.25
        tick = client.call("clock/advance", {"session": s, "to": started["duration"] + 0.01})
        assert tick["progress"] == 1, form
        ends = ends_of(client, s, 0)
        assert [e["reason"] for e in ends] == ["finished"], form


def exchange(client, method, params):
    """Sends a request; returns every message up to and including its response, in order."""
    id = client.request(method, params)
    client.peek_for(lambda m: m.get("id") == id and "method" not in m)
    upto = next(i for i, m in enumerate(client.inbox) if m.get("id") == id and "method" not in m)
    messages, client.inbox = client.inbox[:upto + 1], client.inbox[upto + 1:]
    return [(m.get("method") or "response", m) for m in messages]


def test_what_a_request_causes_comes_before_its_response(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    got = exchange(client, "transition/start", {"session": s, "to": LIST_FLOW, "duration": 1})
    assert [k for k, _ in got] == ["transition/didEnd", "response"]
    assert got[0][1]["params"]["reason"] == "superseded"
    got = exchange(client, "clock/advance", {"session": s, "by": 0.5})
    assert [k for k, _ in got] == ["transition/tick", "response"]
    assert got[0][1]["params"] == got[1][1]["result"]
    got = exchange(client, "transition/retarget", {"session": s, "to": GRID})
    assert [k for k, _ in got] == ["transition/didEnd", "response"]
    got = exchange(client, "clock/advance", {"session": s, "by": 10})
    assert [k for k, _ in got] == ["transition/tick", "transition/didEnd", "response"]
    client.call("transition/start", {"session": s, "to": LIST_FLOW, "duration": 1})
    got = exchange(client, "transition/cancelInPlace", {"session": s})
    assert [k for k, _ in got] == ["transition/didEnd", "response"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    got = exchange(client, "session/dispose", {"session": s})
    assert [k for k, _ in got] == ["transition/didEnd", "response"]
    assert got[0][1]["params"]["reason"] == "disposed"


def test_seq_runs_across_transitions(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    seqs = []
    for k, to in enumerate([GRID, LIST_FLOW, GRID]):
        assert client.call("transition/start", {"session": s, "to": to, "duration": 1})["transition"] == f"t{k + 1}"
        for _ in range(3):
            tick = client.call("clock/advance", {"session": s, "by": 0.5})
            if "seq" in tick:
                seqs.append((tick["transition"], tick["seq"]))
    assert seqs == [("t1", 1), ("t1", 2), ("t2", 3), ("t2", 4), ("t3", 5), ("t3", 6)]


def test_superseded_transition_hands_over_its_poses(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1,
                                     "contentOffset": {"point": {"x": 0, "y": 400}}})
    at_half = client.call("clock/advance", {"session": s, "to": 0.5})
    client.call("transition/start", {"session": s, "to": LIST_FLOW, "duration": 1})
    end = client.take("transition/didEnd", s)[0]["params"]
    assert (end["reason"], end["progress"], end["contentOffset"]) == ("superseded", 0.5, {"x": 0, "y": 200})
    first = client.call("clock/advance", {"session": s, "by": 0})
    assert first["progress"] == 0 and first["contentOffset"] == at_half["contentOffset"]
    assert [(a["item"], a["frame"]) for a in first["attributes"]] == \
        [(a["item"], a["frame"]) for a in at_half["attributes"]]


def test_sample_forms(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    # A hypothetical transition never exists, so its sample names none; the real one does.
    assert "transition" not in client.call("transition/sample", {"session": s, "to": GRID, "progress": 0.5})
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    assert "transition" not in client.call("transition/sample", {"session": s, "to": LIST_FLOW, "progress": 0.5})
    assert client.call("transition/sample", {"session": s, "progress": 0.5})["transition"] == "t1"
    # progress wins over time.
    both = client.call("transition/sample", {"session": s, "progress": 0.5, "time": 0.1})
    assert (both["progress"], both["fraction"]) == (0.5, 0)
    by_time = client.call("transition/sample", {"session": s, "time": 0.25})
    assert (by_time["progress"], by_time["fraction"]) == (0.25, 0.25)
    # Sampling changes nothing.
    assert client.call("transition/status", {"session": s})["progress"] == 0
    assert client.call("clock/advance", {"session": s, "by": 0})["seq"] == 1


def test_custom_values_animate_with_the_frames(connect):
    client = connect()
    s = client.call("session/create", create_params(
        clock="manual", sections=[{"items": 4}],
        layout={**LIST_FLOW, "values": {"background": "#F00", "labelOffset": 4}}))["session"]
    rest = client.call("layout/attributes", {"session": s})["attributes"]
    assert rest[0]["values"] == {"background": "#ff0000ff", "labelOffset": 4}
    client.call("transition/start", {"session": s, "to": {**GRID, "values": {"background": "#0000ff", "labelOffset": 8}},
                                     "duration": 1})
    tick = client.call("clock/advance", {"session": s, "to": 0.5})
    assert all(a["values"] == {"background": "#800080ff", "labelOffset": 6} for a in tick["attributes"])


def test_appear_scale_and_disappear_fade(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual", sections=[{"items": 2, "ids": ["a", "b"]}]))
    s = s["session"]
    client.call("transition/start", {"session": s, "to": LIST_FLOW, "duration": 1, "appear": "scale",
                                     "disappear": "fade", "sections": [{"items": 2, "ids": ["b", "c"]}]})
    tick = client.call("clock/advance", {"session": s, "to": 0.5})
    got = {a["id"]: a for a in tick["attributes"]}
    assert got["a"]["alpha"] == 0.5 and "transform" not in got["a"]
    assert got["c"]["alpha"] == 1 and got["c"]["transform"] == [0.5, 0, 0, 0.5, 0, 0]
    assert frame_tuple(got["b"]["frame"]) == (0, 30, 375, 60)


def test_scrub_pauses_a_running_realtime_transition(connect):
    client = connect()
    s = client.call("session/create", create_params(fps=120))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 5})
    client.notification("transition/tick", s)
    status = client.call("transition/scrub", {"session": s, "progress": 0.3})
    assert (status["state"], status["progress"], status["fraction"], status["velocity"]) == ("paused", 0.3, 0, 0)
    # Protocol 10.4 and 12.1: one tick for the new pose.
    tick = client.wait_for(lambda m: m.get("method") == "transition/tick" and m["params"]["progress"] == 0.3,
                           timeout=2, what="the tick of the scrubbed pose")
    client.drain(0.05)
    client.take("transition/tick", s)
    client.drain(0.3)
    assert client.take("transition/tick", s) == [], "a paused transition is not ticked periodically"
    assert tick["params"]["fraction"] == 0
    client.call("transition/finish", {"session": s, "duration": 0.2})
    end = client.notification("transition/didEnd", s, timeout=5)["params"]
    assert (end["reason"], end["progress"]) == ("finished", 1)


def test_finish_and_cancel_turn_around(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    client.call("clock/advance", {"session": s, "to": 0.5})
    status = client.call("transition/cancel", {"session": s})
    assert (status["state"], status["progress"], status["velocity"]) == ("cancelling", 0.5, -1)
    tick = client.call("clock/advance", {"session": s, "to": 0.75})
    assert tick["progress"] == 0.25 and tick["fraction"] == 0.5
    status = client.call("transition/finish", {"session": s})
    assert (status["state"], status["progress"]) == ("finishing", 0.25)
    # Finishing from 0.25 takes the remaining share of the nominal duration: 0.75 s.
    tick = client.call("clock/advance", {"session": s, "to": 1.125})
    assert (tick["progress"], tick["fraction"]) == (0.625, 0.5)
    assert client.call("transition/status", {"session": s})["state"] == "finishing"
    tick = client.call("clock/advance", {"session": s, "to": 1.5})
    assert (tick["progress"], tick["fraction"]) == (1, 1)
    ends = ends_of(client, s, 0.05)
    assert [(e["reason"], e["progress"]) for e in ends] == [("finished", 1)]


def test_elements_carry_destination_index_paths_at_the_end(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual", sections=[{"items": 3, "ids": ["a", "b", "c"]}]))
    s = s["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1,
                                     "sections": [{"items": 3, "ids": ["c", "a", "b"]}]})
    half = {a["id"]: a["item"] for a in client.call("clock/advance", {"session": s, "to": 0.5})["attributes"]}
    assert half == {"a": 0, "b": 1, "c": 2}
    end = {a["id"]: a["item"] for a in client.call("clock/advance", {"session": s, "to": 1})["attributes"]}
    assert end == {"c": 0, "a": 1, "b": 2}
