"""The realtime clock: ticks at the requested rate, ended by exactly one didEnd, and the
same ticks for every connection that watches a session."""

from __future__ import annotations

import statistics
import time

import pytest

from e2e_harness import GRID, create_params, strip


def collect_until_end(client, s, timeout=10.0, settle=0.3):
    """The session's ticks and didEnds, up to `settle` seconds after its first didEnd."""
    messages = []
    deadline = time.monotonic() + timeout
    end_seen = None
    while True:
        now = time.monotonic()
        if end_seen is not None and now >= end_seen + settle:
            break
        assert now < deadline, f"no didEnd within {timeout} s"
        client.pump(min(0.05, deadline - now))
        for m in client.take(session=s):
            messages.append(m)
            if m["method"] == "transition/didEnd" and end_seen is None:
                end_seen = time.monotonic()
    return messages


def check_realtime_run(messages, duration, fps, transition):
    ticks = [m["params"] for m in messages if m["method"] == "transition/tick"]
    ends = [m["params"] for m in messages if m["method"] == "transition/didEnd"]
    assert len(ends) == 1, ends
    assert messages[-1]["method"] == "transition/didEnd", "a tick came after didEnd"
    assert ends[0]["transition"] == transition and ends[0]["reason"] == "finished" and ends[0]["completed"]
    expected = duration * fps
    assert expected * 0.85 <= len(ticks) <= expected * 1.15 + 1, \
        f"{len(ticks)} ticks for {duration} s at {fps} fps (expected about {expected})"
    seqs = [t["seq"] for t in ticks]
    assert all(b > a for a, b in zip(seqs, seqs[1:])), seqs
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a client that keeps up sees every tick"
    assert all(t["transition"] == transition for t in ticks)
    assert ticks[0]["progress"] == 0
    assert ticks[-1]["progress"] == 1 and ticks[-1]["fraction"] == 1
    progress = [t["progress"] for t in ticks]
    assert progress == sorted(progress), "linear timing: progress never goes back"
    # Tick times follow the period (paced against absolute deadlines).
    gaps = [b["time"] - a["time"] for a, b in zip(ticks, ticks[1:-1])]
    assert abs(statistics.median(gaps) - 1 / fps) < 0.2 / fps, statistics.median(gaps)
    assert abs((ticks[-2]["time"] - ticks[0]["time"]) - (len(ticks) - 2) / fps) < 0.15 * duration
    return ticks


@pytest.mark.time_limit(30)
@pytest.mark.parametrize("fps", [60, 120])
def test_tick_rate(connect, fps):
    client = connect()
    s = client.call("session/create", create_params(fps=fps))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})["transition"]
    check_realtime_run(collect_until_end(client, s), 0.5, fps, t)


@pytest.mark.time_limit(30)
def test_sessions_at_different_rates_tick_together(server):
    srv = server()
    client = srv.connect()
    rates = [30, 60, 120, 240]
    sessions = {}
    for fps in rates:
        s = client.call("session/create", create_params(fps=fps))["session"]
        sessions[s] = fps
    transitions = {s: client.call("transition/start", {"session": s, "to": GRID, "duration": 1})["transition"]
                   for s in sessions}
    messages = []
    ended = set()
    deadline = time.monotonic() + 10
    while len(ended) < len(sessions):
        assert time.monotonic() < deadline
        client.pump(0.05)
        for m in client.take():
            messages.append(m)
            if m["method"] == "transition/didEnd":
                ended.add(m["params"]["session"])
    client.drain(0.3)
    messages += client.take()
    for s, fps in sessions.items():
        check_realtime_run([m for m in messages if m["params"]["session"] == s], 1, fps, transitions[s])


@pytest.mark.time_limit(30)
def test_subscriber_sees_the_same_ticks(server):
    srv = server()
    owner = srv.connect(name="owner")
    watcher = srv.connect(name="watcher")
    s = owner.call("session/create", create_params(fps=120))["session"]
    assert watcher.call("session/subscribe", {"session": s}) == {
        "session": s, "state": "idle", "contentSize": {"width": 375, "height": 6000},
        "contentOffset": {"x": 0, "y": 0}}
    listed = watcher.call("session/list")["sessions"]
    assert listed[0]["owned"] is False and listed[0]["subscribed"] is True
    t = owner.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})["transition"]
    deadline = time.monotonic() + 10
    owner_messages, watcher_messages = [], []
    while not (any(m["method"] == "transition/didEnd" for m in owner_messages)
               and any(m["method"] == "transition/didEnd" for m in watcher_messages)):
        assert time.monotonic() < deadline
        owner.pump(0.02)
        watcher.pump(0.02)
        owner_messages += owner.take(session=s)
        watcher_messages += watcher.take(session=s)
    owner.drain(0.2)
    watcher.drain(0.2)
    owner_messages += owner.take(session=s)
    watcher_messages += watcher.take(session=s)
    ticks = check_realtime_run(owner_messages, 0.5, 120, t)
    assert [strip(m) for m in watcher_messages] == [strip(m) for m in owner_messages]
    assert len(ticks) > 0
    # After unsubscribing, the watcher hears nothing more of the session.
    assert watcher.call("session/unsubscribe", {"session": s}) is None
    owner.call("transition/start", {"session": s, "to": create_params()["layout"], "duration": 0.2})
    owner.notification("transition/didEnd", s)
    watcher.drain(0.3)
    assert watcher.take(session=s) == []


def test_subscriber_sees_the_same_manual_ticks(server):
    srv = server()
    owner = srv.connect(name="owner")
    watcher = srv.connect(name="watcher")
    s = owner.call("session/create", create_params(clock="manual"))["session"]
    watcher.call("session/subscribe", {"session": s})
    owner.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})
    results = [owner.call("clock/advance", {"session": s, "by": 0.1}) for _ in range(6)]
    # The watcher may drive the session too.
    results.append(watcher.call("clock/advance", {"session": s, "by": 0.1}))
    owner.drain(0.2)
    watcher.drain(0.2)
    seen_by_owner = owner.take(session=s)
    seen_by_watcher = watcher.take(session=s)
    assert [strip(m) for m in seen_by_watcher] == [strip(m) for m in seen_by_owner]
    ticks = [m["params"] for m in seen_by_owner if m["method"] == "transition/tick"]
    assert ticks == results[:5]
    assert [m["method"] for m in seen_by_owner] == ["transition/tick"] * 5 + ["transition/didEnd"]


@pytest.mark.time_limit(30)
def test_pacing_does_not_drift(stdio):
    """3 s at 120 fps: ticks arrive at the requested rate against absolute deadlines,
    so the delay between a tick's time and its arrival does not grow."""
    client = stdio()
    client.initialize()
    s = client.call("session/create", create_params(fps=120, sections=[{"items": 20}]))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 3})["transition"]
    messages = collect_until_end(client, s, timeout=10)
    ticks = check_realtime_run(messages, 3, 120, t)
    arrivals = [m["_at"] for m in messages if m["method"] == "transition/tick"]
    assert 0.95 * 360 <= len(ticks) <= 362
    span = arrivals[-2] - arrivals[0]
    assert abs((len(ticks) - 2) / span - 120) < 0.05 * 120, f"{(len(ticks) - 2) / span:.1f} ticks/s"
    lag = [(a - arrivals[0]) - (k["time"] - ticks[0]["time"]) for a, k in zip(arrivals, ticks)]
    early = statistics.median(lag[:20])
    late = statistics.median(lag[-20:])
    assert abs(late - early) < 0.05, f"arrival drifted by {late - early:.3f} s over 3 s"
