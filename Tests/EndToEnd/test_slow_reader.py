"""A client that stops reading while its 20 sessions of about 200 visible items tick:
the daemon keeps only the newest tick of each session for it (its connection is not
closed for passing --max-backlog-bytes, and VmRSS stays bounded), another client is
served all along and sees every tick, and the slow one later gets every response it
was owed, ticks with seq gaps, the latest tick and every didEnd.

Deterministic: the sessions run on the manual clock, and the other client advances
them with clock/advance, each call answered before the next; the slow client is
behind because the ticks it was sent add up to far more than a socket and the
daemon's 4 MiB high-water mark hold, not because some time passed.

Run with `-s` to see the figures (bytes produced and received, peak RSS)."""

from __future__ import annotations

import json

import pytest

from e2e_harness import GRID, create_params, memory_bounds_apply

DURATION = 1.0
# Rounds of one clock/advance per heavy session while the slow client does not read.
ROUNDS = 40
STEP = DURATION / (ROUNDS + 10)
# What the stalled client was sent must exceed what a socket and the daemon's
# high-water mark (4 MiB) can hold by this much, so its queue must have coalesced.
MIN_PRODUCED_MB = 24
# Without coalescing, what was produced would sit in the daemon (or close the
# connection at --max-backlog-bytes).
RSS_LIMIT_MB = 64

HEAVY = {"viewport": {"width": 375, "height": 1200}, "sections": [{"items": 2000}],
         "layout": {"type": "grid", "columns": 8}, "clock": "manual"}
HEAVY_TO = {"type": "grid", "columns": 8, "spacing": 1, "lineSpacing": 1}


def ticks_of(messages, session):
    return [m["params"] for m in messages if m.get("method") == "transition/tick"
            and m["params"]["session"] == session]


@pytest.mark.time_limit(120)
def test_slow_reader(server):
    srv = server()
    daemon = srv.daemon
    slow = srv.connect(name="slow")
    fast = srv.connect(name="fast")

    heavy = [slow.call("session/create", HEAVY)["session"] for _ in range(20)]
    visible = len(slow.call("layout/attributes", {"session": heavy[0]})["attributes"])
    assert 190 <= visible <= 260, visible
    light = fast.call("session/create", create_params(clock="manual"))["session"]
    fast.call("session/subscribe", {"session": heavy[0]})
    fast.call("transition/start", {"session": light, "to": GRID, "duration": DURATION})
    baseline_kb = daemon.rss_kb()
    peak_kb = baseline_kb

    # The slow client starts its transitions and reads the answers; from then on it
    # reads nothing until the end.
    for s in heavy:
        assert slow.call("transition/start", {"session": s, "to": HEAVY_TO, "duration": DURATION})["transition"] == "t1"
    slow_messages = slow.inbox
    slow.inbox = []
    received_before_stall = slow.bytes_received

    owed = {}
    produced = 0
    fast_messages = []
    for r in range(ROUNDS):
        if r == 30:
            # Other clients end two of the slow client's transitions: it is owed those didEnds.
            fast.call("session/dispose", {"session": heavy[19]})
            fast.call("transition/cancelInPlace", {"session": heavy[18]})
            owed[slow.request("session/list")] = ("list", None)
        if r in (32, 35):
            owed[slow.request("transition/status", {"session": heavy[r - 31]})] = ("status", heavy[r - 31])
        for s in heavy[:18] if r >= 30 else heavy:
            result = fast.call("clock/advance", {"session": s, "by": STEP})
            assert result["seq"] == r + 1, (s, result)
        # The other client's own session ticks too, and it reads every tick at once.
        assert fast.call("clock/advance", {"session": light, "by": STEP})["seq"] == r + 1
        watched = ticks_of(fast.inbox, heavy[0])
        assert [t["seq"] for t in watched] == [r + 1], "the other client sees each tick of the watched session"
        # Every heavy session's tick is about as large as the watched one.
        produced += len(json.dumps(watched[0], separators=(",", ":"))) * (18 if r >= 30 else 20)
        fast_messages += fast.inbox
        fast.inbox = []
        peak_kb = max(peak_kb, daemon.rss_kb() or 0)
    # The transitions run to their end; their didEnds come after their last ticks.
    for s in heavy[:18]:
        assert fast.call("clock/advance", {"session": s, "by": DURATION})["seq"] == ROUNDS + 1
    fast.call("clock/advance", {"session": light, "by": DURATION})
    fast_messages += fast.inbox
    fast.inbox = []
    peak_kb = max(peak_kb, daemon.rss_kb() or 0)
    assert not slow.eof

    # The other client was served all along: every tick of its session and of the
    # watched one, in order, each one's didEnd last.
    for session, count in ((light, ROUNDS + 1), (heavy[0], ROUNDS + 1)):
        assert [t["seq"] for t in ticks_of(fast_messages, session)] == list(range(1, count + 1))
    assert [m["params"]["session"] for m in fast_messages if m.get("method") == "transition/didEnd"] \
        == [heavy[0], light]

    # Resume: the slow client reads until every response and every didEnd is in, and
    # then the answer to one more request, which comes after everything sent before it.
    ends = {}
    while not (all(any(m.get("id") == i for m in slow_messages) for i in owed) and len(ends) == len(heavy)):
        assert not slow.eof, "the daemon closed the slow client's connection"
        assert slow.pump(30), \
            f"slow client: missing responses {[owed[i] for i in owed if not any(m.get('id') == i for m in slow_messages)]}" \
            f" or didEnds {sorted(set(heavy) - set(ends))}"
        for m in slow.inbox:
            slow_messages.append(m)
            if m.get("method") == "transition/didEnd":
                ends.setdefault(m["params"]["session"], []).append(m["params"])
        slow.inbox = []
    final = slow.request("session/list")
    slow.response(final)
    slow_messages += slow.inbox
    slow.inbox = []

    stalled_mb = (slow.bytes_received - received_before_stall) / 1e6
    print(f"\nslow reader: {visible} visible items per heavy tick; about {produced / 1e6:.1f} MB of ticks produced "
          f"for the stalled client, {stalled_mb:.1f} MB received after it resumed; daemon VmRSS baseline "
          f"{baseline_kb / 1024:.1f} MB, peak {peak_kb / 1024:.1f} MB (limit {RSS_LIMIT_MB} MB)")

    # The stall was long enough to matter: far more was produced than a socket and the
    # high-water mark hold, and the daemon kept only part of it.
    assert produced / 1e6 >= MIN_PRODUCED_MB, produced
    assert stalled_mb < produced / 1e6
    # Memory stayed bounded.
    if memory_bounds_apply():
        assert peak_kb / 1024 < RSS_LIMIT_MB

    # Every response the slow client was owed, exactly once, and right.
    answered = [m for m in slow_messages if "id" in m and m["id"] != final]
    assert sorted(m["id"] for m in answered) == sorted(owed)
    for m in answered:
        kind, s = owed[m["id"]]
        assert "error" not in m, m
        if kind == "list":
            # Sent after the dispose of heavy[19].
            listed = {x["session"] for x in m["result"]["sessions"]}
            assert listed == set(heavy[:19]) | {light}, listed
        else:
            assert m["result"]["session"] == s and m["result"]["state"] == "idle", m

    # Per session: seq increasing with gaps (coalesced), exactly one didEnd, last.
    for s in heavy:
        mine = [m for m in slow_messages if m.get("method") and m["params"]["session"] == s]
        ticks = [m["params"] for m in mine if m["method"] == "transition/tick"]
        session_ends = [m["params"] for m in mine if m["method"] == "transition/didEnd"]
        assert len(session_ends) == 1, (s, session_ends)
        assert mine[-1]["method"] == "transition/didEnd", f"{s}: a tick after didEnd"
        seq = [t["seq"] for t in ticks]
        assert seq and all(b > a for a, b in zip(seq, seq[1:])), (s, seq)
        assert any(b - a > 1 for a, b in zip(seq, seq[1:])), f"{s}: no coalesced (skipped) tick in {seq}"
        end = session_ends[0]
        if s == heavy[19]:
            assert (end["reason"], end["completed"], end["finished"]) == ("disposed", False, False)
        elif s == heavy[18]:
            assert (end["reason"], end["completed"], end["finished"]) == ("cancelledInPlace", False, False)
        else:
            assert (end["reason"], end["completed"], end["finished"]) == ("finished", True, True)
            # The latest tick was not lost to coalescing: the final frame arrived.
            assert seq[-1] == ROUNDS + 1
            assert ticks[-1]["progress"] == 1 and ticks[-1]["fraction"] == 1, (s, ticks[-1]["progress"])
    # The slow client's ticks of the watched session are the same ticks the other
    # client saw, fewer of them, ending with the same latest one.
    watched_all = ticks_of(fast_messages, heavy[0])
    slow_watched = ticks_of(slow_messages, heavy[0])
    by_seq = {t["seq"]: t for t in watched_all}
    assert all(by_seq[t["seq"]] == t for t in slow_watched)
    assert slow_watched[-1]["seq"] == watched_all[-1]["seq"]
    assert len(slow_watched) < len(watched_all)
    assert daemon.running
