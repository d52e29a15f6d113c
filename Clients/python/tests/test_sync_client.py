"""The synchronous client against the real daemon."""

import os
import time

import pytest

from transitiond import (
    Client,
    DidEnd,
    Idle,
    InvalidRequest,
    ServerNotInitialized,
    Tick,
    TickBrief,
    TransitionInFlight,
    spec,
)

VIEWPORT = (375, 667)
LIST = spec.list_layout(60)
GRID = spec.grid_layout(2, spacing=10, line_spacing=5, inset=10)
CENTER_20 = spec.placement("center", [(0, 20)])


def test_spec_builders_make_the_protocol_values():
    assert LIST == {"type": "list", "rowHeight": 60}
    assert GRID == {
        "type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5,
        "inset": {"top": 10, "left": 10, "bottom": 10, "right": 10},
    }
    assert CENTER_20 == {"placement": "center", "items": [[0, 20]]}


# Lifecycle --------------------------------------------------------------------------


def test_lifecycle_spawn_initialize_shutdown_exit(open_client):
    client = open_client()
    info = client.initialize_result
    assert info.server_info.name == "transitiond"
    assert info.server_info.version
    assert "grid" in client.capabilities["layoutTypes"]
    assert "manual" in client.capabilities["clocks"]
    argv = client.process.args
    assert "--stdio" in argv
    assert argv[argv.index("--clientProcessId") + 1] == str(os.getpid())
    assert client.returncode is None
    client.close()
    assert client.closed
    assert client.returncode == 0  # exit after shutdown
    client.close()  # idempotent


def test_context_manager_waits_for_the_daemon(transitiond_path, traffic):
    with Client.spawn(transitiond_path, on_message=traffic.hook) as client:
        process = client.process
        assert client.list_sessions() == []
    assert process.poll() == 0


def test_requests_before_initialize_and_after_shutdown(open_client):
    client = open_client(initialize=False)
    with pytest.raises(ServerNotInitialized) as caught:
        client.list_sessions()
    assert caught.value.code == -32002
    client.initialize()
    assert client.list_sessions() == []
    client.shutdown()
    with pytest.raises(InvalidRequest) as caught:
        client.list_sessions()
    assert caught.value.code == -32600
    client.close()
    assert client.returncode == 0


def test_exit_without_shutdown_is_status_1(open_client):
    client = open_client()
    client.notify("exit")
    client.process.wait(5)
    assert client.returncode == 1
    client.close()


def test_on_message_sees_every_response_with_its_method(open_client):
    seen = []
    client = open_client(on_message=lambda message, method: seen.append((method, message)))
    client.list_sessions()
    methods = [method for method, _ in seen]
    assert methods == ["initialize", "session/list"]
    assert seen[1][1]["result"] == {"sessions": []}


# Manual clock: the list -> grid vector ----------------------------------------------


def test_list_to_grid_with_manual_clock(client):
    session = client.create_session(VIEWPORT, LIST, 100, clock="manual")
    assert session.id.startswith("s")
    assert (session.content_size.width, session.content_size.height) == (375, 6000)

    started = session.start(GRID, duration=1.0, content_offset=CENTER_20)
    assert started.transition == session.transition
    assert (started.to_content_offset.x, started.to_content_offset.y) == (0, 1537.75)
    assert started.to_content_size.height == 8890
    assert started.duration == 1.0

    tick = session.advance(0.25)
    assert isinstance(tick, Tick)
    assert tick.progress == pytest.approx(0.25) and tick.fraction == pytest.approx(0.25)
    assert tick.seq == 1 and tick.transition == started.transition

    sample = session.sample(0.25, all=True)
    item3 = sample.attribute(0, 3)
    assert (item3.frame.x, item3.frame.y, item3.frame.width, item3.frame.height) == pytest.approx(
        (48.125, 181.875, 324.375, 88.125)
    )
    assert item3.transition_progress == pytest.approx(0.25)
    assert item3.layout_state == "grid"
    # The tick's visible elements are the sample's elements.
    for a in tick.attributes:
        assert sample.attribute(a.section, a.item).frame == a.frame
    assert sample.content_offset == tick.content_offset

    status = session.status()
    assert status.state == "running" and status.progress == pytest.approx(0.25)

    last = session.advance(1.0)
    assert last.progress == 1 and last.seq == 2
    ticks = session.ticks(timeout=2)
    assert [t.seq for t in ticks] == [1, 2]
    assert ticks.end.reason == "finished" and ticks.end.completed and ticks.end.finished
    assert (ticks.end.content_offset.x, ticks.end.content_offset.y) == (0, 1537.75)

    idle = session.advance(0.5)
    assert isinstance(idle, Idle) and idle.time == pytest.approx(1.75)
    assert session.status().idle
    resting = session.attributes()
    assert resting.state == "idle"
    assert all(a.layout_state == "grid" for a in resting.attributes)


def test_keyframes_arcs_and_playback_rate(client):
    assert spec.keyframe(0.5, alpha=0.2, scale=0.5) == {"at": 0.5, "alpha": 0.2, "scale": 0.5}
    assert spec.keyframe(0.25, offset=(10, 0), items=[(0, 1)]) == {
        "at": 0.25, "offset": {"x": 10, "y": 0}, "items": [[0, 1]],
    }
    assert spec.arc("clockwise", max_angle=90) == {"type": "arc", "direction": "clockwise", "maxAngle": 90}
    session = client.create_session((200, 300), spec.list_layout(40), 3, clock="manual")
    session.start(spec.grid_layout(2), duration=1.0, keyframes=[spec.keyframe(0.5, alpha=0.2, scale=0.5)])
    rate = session.set_rate(0.5)
    assert (rate.session, rate.rate, rate.time) == (session.id, 0.5, 0)
    # One second of the clock at rate 0.5 is half a second of the session's time.
    tick = session.advance(1.0)
    assert tick.time == pytest.approx(0.5) and tick.progress == pytest.approx(0.5)
    for a in tick.attributes:
        assert a.alpha == pytest.approx(0.2)
        assert a.transform == pytest.approx([0.5, 0, 0, 0.5, 0, 0])
    assert session.status().rate == 0.5
    assert [s.rate for s in client.list_sessions() if s.session == session.id] == [0.5]
    # A hypothetical arc: the moving item leaves the straight line half way.
    straight = session.sample(0.5, to=spec.grid_layout(2), duration=1.0, all=True).attribute(0, 1)
    bent = session.sample(0.5, to=spec.grid_layout(2), duration=1.0, all=True, path=spec.arc()).attribute(0, 1)
    assert (bent.frame.width, bent.frame.height) == (straight.frame.width, straight.frame.height)
    assert (bent.frame.x, bent.frame.y) != pytest.approx((straight.frame.x, straight.frame.y))


def test_brief_advance_returns_the_tick_without_its_attributes(client):
    session = client.create_session(VIEWPORT, LIST, 100, clock="manual")
    session.start(GRID, duration=1.0, content_offset=CENTER_20)
    brief = session.advance(0.25, brief=True)
    assert isinstance(brief, TickBrief)
    assert (brief.session, brief.transition, brief.seq) == (session.id, session.transition, 1)
    assert brief.time == pytest.approx(0.25) and brief.progress == pytest.approx(0.25)
    assert "attributes" not in brief.raw
    # The attributes came once, in the notification with the same seq.
    last = session.advance(1.0, brief=True)
    assert last.seq == 2 and last.progress == 1
    ticks = session.ticks(timeout=2)
    notified = list(ticks)
    assert [t.seq for t in notified] == [1, 2]
    assert notified[0].progress == pytest.approx(0.25) and len(notified[0].attributes) > 0
    assert isinstance(session.advance(0.5, brief=True), Idle)


def test_compact_encoding_decodes_to_the_same_attributes(client):
    ids = ["caf\u00e9-%d" % i for i in range(40)]
    sections = [{"items": 40, "ids": ids}]
    plain = client.create_session(VIEWPORT, LIST, sections, clock="manual")
    compact = client.create_session(VIEWPORT, LIST, sections, clock="manual", encoding="compact")
    for s in (plain, compact):
        s.start(GRID, duration=1.0, content_offset=CENTER_20)
    a = plain.advance(0.4)
    b = compact.advance(0.4)
    assert isinstance(b.raw["attributes"], dict) and b.raw["attributes"]["count"] == len(a.attributes)
    assert b.attributes == a.attributes
    assert {x.id for x in a.attributes} <= set(ids)
    assert compact.sample(0.7, all=True).attributes == plain.sample(0.7, all=True).attributes


def test_compact_kinds_decode_to_their_names(client):
    badge = {"kind": "badge", "attach": "item", "size": {"width": 10, "height": 10}, "anchor": {"x": 1, "y": 0}}
    band = {"kind": "band", "attach": "section"}
    layout = dict(LIST, supplementary=[badge, band])
    plain = client.create_session(VIEWPORT, layout, 4, clock="manual")
    compact = client.create_session(VIEWPORT, layout, 4, clock="manual", encoding="compact")
    for s in (plain, compact):
        s.start(dict(GRID, supplementary=[band]), duration=1.0)
    a = plain.advance(0.5)
    b = compact.advance(0.5)
    assert b.raw["attributes"]["kinds"] == ["badge", "band"]
    # (A disappearing element's next frame is its own, which the columns cannot tell apart.)
    assert [(x.kind, x.section, x.item, x.frame, x.alpha) for x in b.attributes] == [
        (x.kind, x.section, x.item, x.frame, x.alpha) for x in a.attributes]
    assert sorted({x.kind for x in b.attributes}) == ["badge", "band", "cell"]


def test_precision_rounds_the_attributes(client):
    exact = client.create_session(VIEWPORT, LIST, 40, clock="manual")
    rounded = client.create_session(VIEWPORT, LIST, 40, clock="manual", encoding="compact", precision=1)
    assert {s.session: s.precision for s in client.list_sessions()} == {exact.id: None, rounded.id: 1}
    for s in (exact, rounded):
        s.start(GRID, duration=1.0, content_offset=CENTER_20, timing="quarticEaseInOut")
    a, b = exact.advance(0.3), rounded.advance(0.3)
    assert len(a.attributes) == len(b.attributes) > 0
    for x, y in zip(a.attributes, b.attributes):
        for k in ("x", "y", "width", "height"):
            u, v = getattr(x.frame, k), getattr(y.frame, k)
            assert abs(u - v) <= 0.05 + 1e-9 and v == round(v, 1)


# Realtime ticks ---------------------------------------------------------------------


def test_realtime_ticks_until_did_end(client):
    session = client.create_session(VIEWPORT, LIST, 100, fps=60)
    begun = time.monotonic()
    started = session.start(GRID, duration=0.25, content_offset=CENTER_20, timing="quarticEaseInOut")
    ticks = session.ticks(until_end=True, timeout=3)
    received = list(ticks)
    elapsed = time.monotonic() - begun
    assert 5 <= len(received) <= 40
    seqs = [t.seq for t in received]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    progresses = [t.progress for t in received]
    assert progresses == sorted(progresses)
    assert received[-1].progress == 1
    assert all(t.transition == started.transition for t in received)
    assert all(t.attributes for t in received)
    end = ticks.end
    assert isinstance(end, DidEnd)
    assert end.transition == started.transition and end.reason == "finished"
    assert elapsed >= 0.2
    # Afterwards the iterator of that transition ends at once, with the same end.
    again = session.ticks(timeout=0.5)
    assert list(again) == [] and again.end == end


def test_interactive_scrub_then_finish(client):
    session = client.create_session(VIEWPORT, LIST, 100)
    started = session.start(GRID, interactive=True, content_offset=CENTER_20)
    ticks = session.ticks(timeout=3)
    assert next(ticks).progress == 0  # a paused transition ticks once when it starts
    status = session.scrub(0.5)
    assert status.state == "paused" and status.progress == pytest.approx(0.5)
    assert next(ticks).progress == pytest.approx(0.5)  # ... and once per scrub
    finishing = session.finish(duration=0.1)
    assert finishing.state == "finishing"
    rest = list(ticks)
    assert rest[-1].progress == 1
    assert ticks.end.reason == "finished" and ticks.end.transition == started.transition


def test_cancel_and_cancel_in_place(client):
    session = client.create_session(VIEWPORT, LIST, 100)
    # Long enough that the cancels below land mid-flight however loaded the machine.
    session.start(GRID, duration=30)
    time.sleep(0.05)
    assert session.cancel(duration=0.05).state == "cancelling"
    end = session.wait_for_end(timeout=3)
    assert (end.reason, end.completed, end.progress) == ("cancelled", False, 0)

    session.start(GRID, duration=30)
    time.sleep(0.05)
    result = session.cancel_in_place()
    end = session.wait_for_end(timeout=3)
    assert end.reason == "cancelledInPlace" and not end.finished
    assert end.progress == pytest.approx(result.progress)
    assert 0 < result.progress < 1


def test_retarget_and_supersede(client):
    session = client.create_session(VIEWPORT, LIST, 100, clock="manual")
    first = session.start(GRID, duration=1.0)
    session.advance(0.5)
    second = session.retarget(LIST, duration=0.5)
    assert second.transition != first.transition
    ended = session.ticks(transition=first.transition, timeout=1)
    assert [t.progress for t in ended] == [0.5]
    assert ended.end.reason == "retargeted"
    third = session.start(GRID, duration=1.0)
    superseded = session.ticks(transition=second.transition, timeout=1)
    assert list(superseded) == [] and superseded.end.reason == "superseded"
    session.advance(1.0)
    assert session.wait_for_end(timeout=1).transition == third.transition


def test_update_scroll_subscribe_dispose(client):
    session = client.create_session(VIEWPORT, LIST, 100, keep_alive=False)
    geometry = session.update(layout=GRID)
    assert geometry.content_size.height == 8890
    offset = session.scroll((0, 100000))
    assert offset.y == 8890 - 667  # clamped
    assert session.content_offset == offset
    session.update(sections=[10], viewport=(320, 480))
    assert session.content_size.width == 320

    session.start(LIST, duration=5.0)
    with pytest.raises(TransitionInFlight) as caught:
        session.update(layout=GRID)
    assert caught.value.code == -32012 and caught.value.data == {"session": session.id}

    assert session.subscribe().session == session.id
    (listed,) = client.list_sessions()
    assert (listed.session, listed.owned, listed.subscribed, listed.items) == (session.id, True, True, 10)
    session.unsubscribe()
    assert not client.list_sessions()[0].subscribed

    session.dispose()
    ticks = session.ticks(timeout=2)
    list(ticks)
    assert ticks.end.reason == "disposed"
    assert client.list_sessions() == []


def test_session_context_manager_disposes(client):
    with client.create_session(VIEWPORT, LIST, 3) as session:
        assert [s.session for s in client.list_sessions()] == [session.id]
    assert client.list_sessions() == []


def test_hypothetical_sample_and_raw_request(client):
    session = client.create_session(VIEWPORT, LIST, 100)
    sample = session.sample(0.25, to=GRID, content_offset=CENTER_20, all=True)
    assert (sample.attribute(0, 3).frame.x, sample.attribute(0, 3).frame.y) == (48.125, 181.875)
    assert session.status().idle  # nothing started
    raw = client.request("transition/sample", {"session": session.id, "progress": 1, "to": GRID,
                                                "contentOffset": CENTER_20})
    assert raw["contentOffset"] == {"x": 0, "y": 1537.75}


def test_close_from_a_hook_does_not_hang(open_client):
    holder = {}

    def on_notification(method, params):
        holder["client"].close(timeout=1)

    client = open_client(on_notification=on_notification)
    holder["client"] = client
    session = client.create_session(VIEWPORT, LIST, 10)
    session.start(GRID, duration=1)
    begun = time.monotonic()
    while not client.closed and time.monotonic() - begun < 3:
        time.sleep(0.01)
    assert client.closed
    client.process.wait(3)


def test_reduced_motion(client):
    """A session created for a user who asked for reduced motion plays its transitions
    as fades: every moving cell at its source or destination frame."""
    session = client.create_session(VIEWPORT, LIST, 6, clock="manual", reduced_motion=True)
    [info] = [s for s in client.list_sessions() if s.session == session.id]
    assert info.reduced_motion
    started = session.start(GRID, duration=1.0)
    assert (started.motion, started.duration) == ("reduced", 0.2)
    assert session.status().motion == "reduced"
    tick = session.advance(0.05)
    assert tick.progress == pytest.approx(0.25)
    assert all(a.alpha == pytest.approx(0.5) for a in tick.attributes)
    assert [a.frame.height for a in tick.attributes] == [60] * len(tick.attributes)
    session.advance(0.2)
    session.update(reduced_motion=False)
    assert session.start(LIST, motion="reduced", reduced_duration=0.5).duration == 0.5
    session.advance(0.5)
    assert session.start(GRID).motion == "full"
