"""The realtime clock: ticks on the session's grid of deadlines, ended by exactly one
didEnd, and the same ticks for every connection that watches a session.

What a tick carries is checked exactly; how many ticks a loaded machine manages is
not (a daemon that falls behind skips grid points). One loose smoke test checks that
ticks do come at a usable rate; rates and jitter are the benchmark's `pacing` group."""

from __future__ import annotations

import time

import pytest

from e2e_harness import GRID, create_params, strip


def collect_until_end(client, s, timeout=10.0):
    """The session's ticks and didEnds up to its first didEnd, and whatever was sent
    before the reply to a request made after it (a round trip, not a wait)."""
    messages = []
    deadline = time.monotonic() + timeout
    while not any(m["method"] == "transition/didEnd" for m in messages):
        now = time.monotonic()
        assert now < deadline, f"no didEnd within {timeout} s"
        client.pump(min(0.05, deadline - now))
        messages += client.take(session=s)
    client.call("session/list")
    return messages + client.take(session=s)


def check_realtime_run(messages, duration, fps, transition):
    """Checks what does not depend on the machine's speed; returns the ticks."""
    ticks = [m["params"] for m in messages if m["method"] == "transition/tick"]
    ends = [m["params"] for m in messages if m["method"] == "transition/didEnd"]
    assert len(ends) == 1, ends
    assert messages[-1]["method"] == "transition/didEnd", "a tick came after didEnd"
    assert ends[0]["transition"] == transition and ends[0]["reason"] == "finished" and ends[0]["completed"]
    # At most one tick per grid point, and the first and the last always come.
    assert 2 <= len(ticks) <= duration * fps + 2, f"{len(ticks)} ticks for {duration} s at {fps} fps"
    seqs = [t["seq"] for t in ticks]
    assert all(b > a for a, b in zip(seqs, seqs[1:])), seqs
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a client that keeps up sees every tick"
    assert all(t["transition"] == transition for t in ticks)
    assert ticks[0]["progress"] == 0
    assert ticks[-1]["progress"] == 1 and ticks[-1]["fraction"] == 1
    progress = [t["progress"] for t in ticks]
    assert progress == sorted(progress), "linear timing: progress never goes back"
    # Tick times lie on the grid (absolute deadlines, start + k / fps): every gap before
    # the last tick is a whole number of periods, so nothing drifts however late the
    # daemon runs. (The last tick is at the transition's end, off the grid.)
    for a, b in zip(ticks, ticks[1:-1]):
        periods = (b["time"] - a["time"]) * fps
        assert round(periods) >= 1 and abs(periods - round(periods)) < 1e-3, (a["time"], b["time"], fps)
    return ticks


@pytest.mark.time_limit(30)
@pytest.mark.parametrize("fps", [60, 120])
def test_tick_rate(connect, fps):
    client = connect()
    s = client.call("session/create", create_params(fps=fps))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})["transition"]
    ticks = check_realtime_run(collect_until_end(client, s), 0.5, fps, t)
    # The realtime smoke test, loose enough for a loaded 2-core machine: at least a
    # quarter of the frames.
    assert len(ticks) >= 0.25 * 0.5 * fps, f"{len(ticks)} ticks in 0.5 s at {fps} fps"


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
        "contentOffset": {"x": 0, "y": 0}, "clock": "realtime", "fps": 120}
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
    # A round trip on each connection: whatever was sent before its reply has arrived.
    owner.call("session/list")
    watcher.call("session/list")
    owner_messages += owner.take(session=s)
    watcher_messages += watcher.take(session=s)
    ticks = check_realtime_run(owner_messages, 0.5, 120, t)
    assert [strip(m) for m in watcher_messages] == [strip(m) for m in owner_messages]
    assert len(ticks) > 0
    # After unsubscribing, the watcher hears nothing more of the session.
    assert watcher.call("session/unsubscribe", {"session": s}) is None
    owner.call("transition/start", {"session": s, "to": create_params()["layout"], "duration": 0.2})
    owner.notification("transition/didEnd", s)
    # The watcher's ticks, had it any, went out before the owner's didEnd: its reply to
    # a later request comes after them.
    watcher.call("session/list")
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
    owner.call("session/list")
    watcher.call("session/list")
    seen_by_owner = owner.take(session=s)
    seen_by_watcher = watcher.take(session=s)
    assert [strip(m) for m in seen_by_watcher] == [strip(m) for m in seen_by_owner]
    ticks = [m["params"] for m in seen_by_owner if m["method"] == "transition/tick"]
    assert ticks == results[:5]
    assert [m["method"] for m in seen_by_owner] == ["transition/tick"] * 5 + ["transition/didEnd"]


@pytest.mark.time_limit(30)
def test_pacing_does_not_drift(stdio):
    """3 s at 120 fps: every tick's time is on the grid of absolute deadlines from the
    first, so a late wake-up delays one tick and shifts none after it. (How early or
    late ticks arrive is the benchmark's `pacing` group.)"""
    client = stdio()
    client.initialize()
    s = client.call("session/create", create_params(fps=120, sections=[{"items": 20}]))["session"]
    t = client.call("transition/start", {"session": s, "to": GRID, "duration": 3})["transition"]
    ticks = check_realtime_run(collect_until_end(client, s, timeout=10), 3, 120, t)
    first = ticks[0]["time"]
    for k in ticks[1:-1]:
        periods = (k["time"] - first) * 120
        assert abs(periods - round(periods)) < 1e-3, f"tick at {k['time']} is off the grid from {first}"
