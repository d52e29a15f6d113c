"""A client that stops reading while its 20 sessions tick at 120 fps with about 200
visible items each: the daemon's memory stays bounded, another client keeps getting
its ticks on time, and the slow one later gets every response it was owed, ticks
with seq gaps, the latest tick and every didEnd.

Run with `-s` to see the measured figures (peak RSS, tick rates)."""

from __future__ import annotations

import time

import pytest

from e2e_harness import GRID, create_params

WARMUP = 2.0
STALL = 5.0
DURATION = 8.5
RSS_LIMIT_MB = 200

HEAVY = {"viewport": {"width": 375, "height": 1200}, "sections": [{"items": 2000}],
         "layout": {"type": "grid", "columns": 8}, "fps": 120}
HEAVY_TO = {"type": "grid", "columns": 8, "spacing": 1, "lineSpacing": 1}


def lags(ticks):
    """How late each tick arrived, relative to the most punctual one (seconds)."""
    offsets = [m["_at"] - m["params"]["time"] for m in ticks]
    base = min(offsets)
    return [o - base for o in offsets]


def latest_seq(messages, session):
    seqs = [m["params"]["seq"] for m in messages if m.get("method") == "transition/tick"
            and m["params"]["session"] == session]
    return seqs[-1] if seqs else 0


def ticks_per_cpu_second(start, end):
    """Ticks of one heavy session produced per second of the daemon's CPU time."""
    return (end[1] - start[1]) / max(end[0] - start[0], 0.01)


def max_gap(ticks, start, end):
    times = [start] + [m["_at"] for m in ticks] + [end]
    return max(b - a for a, b in zip(times, times[1:]))


@pytest.mark.time_limit(90)
def test_slow_reader(server):
    srv = server()
    daemon = srv.daemon
    slow = srv.connect(name="slow")
    fast = srv.connect(name="fast")

    heavy = [slow.call("session/create", HEAVY)["session"] for _ in range(20)]
    visible = len(slow.call("layout/attributes", {"session": heavy[0]})["attributes"])
    assert 190 <= visible <= 260, visible
    light = fast.call("session/create", create_params(fps=60))["session"]
    fast.call("session/subscribe", {"session": heavy[0]})
    baseline_kb = daemon.rss_kb()
    peak_kb = baseline_kb

    owed = {}
    for s in heavy:
        owed[slow.request("transition/start", {"session": s, "to": HEAVY_TO, "duration": DURATION})] = \
            ("start", s)
    fast.call("transition/start", {"session": light, "to": GRID, "duration": DURATION})

    # First both clients read: the other client's tick rate then is what the daemon
    # manages under this load.
    slow_messages = []
    fast_messages = []
    warmup_start = time.monotonic()
    warm_cpu = None

    def all_started() -> bool:
        answered = {m.get("id") for m in slow_messages if "id" in m}
        return all(id in answered for id, (what, _) in owed.items() if what == "start")

    # The warm-up also lasts until every transition/start is answered: a client's
    # pipelined requests are handled in turns with the others' work, which under a slow
    # build (a sanitizer) can outlast WARMUP.
    while (elapsed := time.monotonic() - warmup_start) < WARMUP or not all_started():
        if warm_cpu is None and elapsed >= 0.5:
            warm_cpu = (daemon.cpu_seconds(), latest_seq(fast.inbox, heavy[0]), time.monotonic())
        slow.pump(0.005)
        fast.pump(0.005)
        slow_messages += slow.inbox
        slow.inbox = []
        peak_kb = max(peak_kb, daemon.rss_kb() or 0)
    warm_cpu_end = (daemon.cpu_seconds(), latest_seq(fast.inbox, heavy[0]), time.monotonic())
    warm_light = [m for m in fast.inbox if m.get("method") == "transition/tick" and m["params"]["session"] == light
                  and m["_at"] >= warm_cpu[2]]
    warm_rate = len(warm_light) / (warm_cpu_end[2] - warm_cpu[2])
    fast_warmup = fast.inbox
    fast.inbox = []

    # Then the slow client stops reading for STALL seconds.
    stall_start = time.monotonic()
    stall_cpu = (daemon.cpu_seconds(), latest_seq(fast_warmup, heavy[0]), stall_start)
    actions = [
        # (seconds into the stall, what happens)
        (1.0, lambda: owed.__setitem__(slow.request("session/list"), ("list", None))),
        (2.0, lambda: owed.__setitem__(slow.request("transition/status", {"session": heavy[1]}), ("status", heavy[1]))),
        # Other clients end two of the slow client's transitions: it is owed those didEnds.
        (2.5, lambda: fast.request("session/dispose", {"session": heavy[19]})),
        (3.0, lambda: fast.request("transition/cancelInPlace", {"session": heavy[18]})),
        (4.0, lambda: owed.__setitem__(slow.request("transition/status", {"session": heavy[2]}), ("status", heavy[2]))),
    ]
    while (elapsed := time.monotonic() - stall_start) < STALL:
        while actions and elapsed >= actions[0][0]:
            actions.pop(0)[1]()
        fast.pump(0.01)
        fast_messages += fast.inbox
        fast.inbox = []
        peak_kb = max(peak_kb, daemon.rss_kb() or 0)
    stall_end = time.monotonic()
    stall_cpu_end = (daemon.cpu_seconds(), latest_seq(fast_messages, heavy[0]), stall_end)
    assert not slow.eof

    # The fast client was served all along.
    responses = [m for m in fast_messages if "id" in m]
    assert [("error" in m) for m in responses] == [False, False], responses
    light_ticks = [m for m in fast_messages if m.get("method") == "transition/tick"
                   and m["params"]["session"] == light]
    watched_during_stall = [m for m in fast_messages if m.get("method") == "transition/tick"
                            and m["params"]["session"] == heavy[0]]
    light_rate = len(light_ticks) / STALL
    watched_rate = len(watched_during_stall) / STALL
    light_gap = max_gap(light_ticks, stall_start, stall_end)
    light_lag = max(lags(light_ticks)) if light_ticks else None

    # Resume: read until every response and every didEnd is in.
    resume = time.monotonic()
    ends = {}
    deadline = resume + 40
    while not (all(any(m.get("id") == i for m in slow_messages) for i in owed) and len(ends) == len(heavy)):
        assert time.monotonic() < deadline, \
            f"slow client: missing responses {[owed[i] for i in owed if not any(m.get('id') == i for m in slow_messages)]}" \
            f" or didEnds {sorted(set(heavy) - set(ends))}"
        assert not slow.eof, "the daemon closed the slow client's connection"
        slow.pump(0.05)
        fast.pump(0)
        fast_messages += fast.inbox
        fast.inbox = []
        for m in slow.inbox:
            slow_messages.append(m)
            if m.get("method") == "transition/didEnd":
                ends.setdefault(m["params"]["session"], []).append(m["params"])
        slow.inbox = []
        peak_kb = max(peak_kb, daemon.rss_kb() or 0)
    caught_up = time.monotonic() - resume
    slow.drain(0.5)
    slow_messages += slow.inbox
    slow.inbox = []
    fast.drain(0.5)
    fast_messages += fast.inbox
    fast.inbox = []

    print(f"\nslow reader: daemon VmRSS baseline {baseline_kb / 1024:.1f} MB, peak {peak_kb / 1024:.1f} MB "
          f"(limit {RSS_LIMIT_MB} MB); {visible} visible items per heavy tick")
    warm_efficiency = ticks_per_cpu_second(warm_cpu, warm_cpu_end)
    stall_efficiency = ticks_per_cpu_second(stall_cpu, stall_cpu_end)
    print(f"slow reader: before the stall the other client got {warm_rate:.1f} ticks/s of its 60 fps session; "
          f"the daemon used {(warm_cpu_end[0] - warm_cpu[0]) / (warm_cpu_end[2] - warm_cpu[2]):.2f} CPU, "
          f"{warm_efficiency:.1f} ticks of each heavy session per CPU second")
    print(f"slow reader: during the stall the daemon used "
          f"{(stall_cpu_end[0] - stall_cpu[0]) / (stall_end - stall_start):.2f} CPU, "
          f"{stall_efficiency:.1f} ticks of each heavy session per CPU second")
    print(f"slow reader: during the {STALL:.0f} s stall the other client got {light_rate:.1f} ticks/s of its 60 fps "
          f"session (largest gap {light_gap * 1000:.0f} ms, latest tick {1000 * (light_lag or 0):.0f} ms behind the "
          f"most punctual) and {watched_rate:.1f} ticks/s of the watched 120 fps session; the slow client caught up "
          f"in {caught_up:.1f} s after {slow.bytes_received / 1e6:.1f} MB")

    # Memory stayed bounded.
    assert peak_kb / 1024 < RSS_LIMIT_MB

    # The other client kept receiving its ticks, on time: never silent for long (a write
    # path blocked by the slow client would leave it silent for the whole stall), never
    # queued behind the slow client, every tick (it keeps up, so nothing is coalesced).
    # The debug build is CPU-bound under this load and the machine is shared, so the
    # rate itself is compared by CPU time: the stalled client must not make the daemon
    # spend much more per tick than when everybody reads (a queue scanned per tick or
    # growing with the stall would; CPU accounting on a shared machine varies by some
    # 20 % between two phases, hence the margin).
    assert light_gap < 1.0, f"the other client waited {light_gap:.2f} s for a tick"
    assert light_lag < 1.0, f"a tick reached the other client {light_lag:.2f} s late"
    seqs = [m["params"]["seq"] for m in light_ticks]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "a client that keeps up sees every tick"
    assert max_gap(watched_during_stall, stall_start, stall_end) < 1.0
    assert stall_efficiency >= 0.5 * warm_efficiency, (stall_efficiency, warm_efficiency)

    # Every response the slow client was owed, exactly once, and right.
    answered = [m for m in slow_messages if "id" in m]
    assert sorted(m["id"] for m in answered) == sorted(owed)
    for m in answered:
        kind, s = owed[m["id"]]
        assert "error" not in m, m
        if kind == "start":
            assert m["result"]["transition"] == "t1" and m["result"]["duration"] == DURATION
        elif kind == "list":
            # Answered when read: after the dispose of heavy[19] if the daemon had
            # stopped reading the congested connection by then (it should have).
            listed = {x["session"] for x in m["result"]["sessions"]}
            assert set(heavy[:19]) | {light} <= listed <= set(heavy) | {light}
        else:
            assert m["result"]["session"] == s and m["result"]["state"] in ("running", "idle"), m

    # Per session: seq increasing with gaps (coalesced), exactly one didEnd, last.
    watched_all = [m["params"] for m in fast_warmup + fast_messages if m.get("method") == "transition/tick"
                   and m["params"]["session"] == heavy[0]]
    gapped = 0
    for s in heavy:
        mine = [m for m in slow_messages if m.get("method") and m["params"]["session"] == s]
        ticks = [m["params"] for m in mine if m["method"] == "transition/tick"]
        session_ends = [m["params"] for m in mine if m["method"] == "transition/didEnd"]
        assert len(session_ends) == 1, (s, session_ends)
        assert mine[-1]["method"] == "transition/didEnd", f"{s}: a tick after didEnd"
        seq = [t["seq"] for t in ticks]
        assert seq and all(b > a for a, b in zip(seq, seq[1:])), (s, seq)
        gapped += any(b - a > 1 for a, b in zip(seq, seq[1:]))
        end = session_ends[0]
        if s == heavy[19]:
            assert (end["reason"], end["completed"], end["finished"]) == ("disposed", False, False)
        elif s == heavy[18]:
            assert (end["reason"], end["completed"], end["finished"]) == ("cancelledInPlace", False, False)
        else:
            assert (end["reason"], end["completed"], end["finished"]) == ("finished", True, True)
            # The latest tick was not lost to coalescing: the final frame arrived.
            assert ticks[-1]["progress"] == 1 and ticks[-1]["fraction"] == 1, (s, ticks[-1]["progress"])
    assert gapped >= 10, f"only {gapped} of 20 sessions show coalesced (skipped) ticks"
    # The slow client's ticks of the watched session are the same ticks the fast
    # client saw, a subsequence of them, ending with the same latest one.
    slow_watched = [m["params"] for m in slow_messages if m.get("method") == "transition/tick"
                    and m["params"]["session"] == heavy[0]]
    by_seq = {t["seq"]: t for t in watched_all}
    assert all(by_seq.get(t["seq"]) == t for t in slow_watched)
    assert slow_watched[-1]["seq"] == watched_all[-1]["seq"]
    assert len(slow_watched) < len(watched_all)
    assert daemon.running
