"""session/* and layout/attributes, over both transports, with real values."""

from __future__ import annotations

import pytest

from e2e_harness import GRID, LIST, by_item, create_params, frame, frame_tuple, insets, is_response


def test_create_returns_content_size_and_clamped_offset(connect):
    client = connect()
    result = client.call("session/create", create_params())
    assert result == {"session": "s1", "contentSize": {"width": 375, "height": 6000},
                      "contentOffset": {"x": 0, "y": 0}}
    # An offset past the end is clamped to the scrollable range (6000 - 667).
    result = client.call("session/create", create_params(contentOffset={"x": 5, "y": 99999}))
    assert result["session"] == "s2"
    assert result["contentOffset"] == {"x": 0, "y": 5333}
    # The grid of the article: 50 rows of 172.5 + 49 * 5 + 2 * 10 = 8890.
    result = client.call("session/create", create_params(layout=GRID))
    assert result["contentSize"] == {"width": 375, "height": 8890}
    # contentInset widens the scrollable range: min offset is -inset.
    result = client.call("session/create", create_params(layout=LIST, contentInset=insets(10),
                                                         contentOffset={"x": -50, "y": -50}))
    assert result["contentOffset"] == {"x": -10, "y": -10}


def test_create_with_all_options(connect):
    client = connect()
    result = client.call("session/create", {
        "viewport": {"width": 375, "height": 667}, "contentInset": insets(0),
        "sections": [{"items": 3, "ids": ["a", "b", "c"]}, {"items": 2, "sizes": [[100, 40], [50, 20]]}],
        "layout": {"type": "flow", "itemSize": {"width": 375, "height": 60}, "minimumLineSpacing": 0},
        "contentOffset": {"x": 0, "y": 0}, "clock": "manual", "fps": 30, "encoding": "compact",
        "keepAlive": True})
    s = result["session"]
    listed = client.call("session/list")["sessions"]
    assert listed == [{"session": s, "name": None, "ownerProcessId": None, "subscribers": 0, "clock": "manual", "rate": 1, "fps": 30, "encoding": "compact", "state": "idle",
                       "items": 5, "layoutState": "flow", "owned": True, "subscribed": False,
                       "keepAlive": True, "reducedMotion": False}]
    attrs = client.call("layout/attributes", {"session": s, "all": True})["attributes"]
    # compact: columns of flat arrays.
    assert attrs["count"] == 5
    assert attrs["item"] == [0, 1, 2, 0, 1]
    assert attrs["section"] == [0, 0, 0, 1, 1]
    assert attrs["id"][:3] == ["a", "b", "c"]
    assert attrs["frame"][:12] == [0, 0, 375, 60, 0, 60, 375, 60, 0, 120, 375, 60]
    assert attrs["states"] == ["flow"] and attrs["layoutState"] == [0] * 5


def test_list_shows_sessions_and_their_state(connect):
    client = connect()
    s1 = client.call("session/create", create_params())["session"]
    s2 = client.call("session/create", create_params(layout=GRID, fps=120, clock="manual"))["session"]
    sessions = client.call("session/list")["sessions"]
    assert [x["session"] for x in sessions] == [s1, s2]
    assert sessions[0] == {"session": s1, "name": None, "ownerProcessId": None, "subscribers": 0, "clock": "realtime", "rate": 1, "fps": 60, "encoding": "objects", "state": "idle",
                           "items": 100, "layoutState": "flow", "owned": True, "subscribed": False,
                           "keepAlive": False, "reducedMotion": False}
    assert sessions[1]["fps"] == 120 and sessions[1]["clock"] == "manual" and sessions[1]["layoutState"] == "grid"
    client.call("transition/start", {"session": s2, "to": LIST, "duration": 1})
    assert client.call("session/list")["sessions"][1]["state"] == "running"


def test_scroll_clamps(connect):
    client = connect()
    s = client.call("session/create", create_params())["session"]
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": 3, "y": 1000}}) == \
        {"contentOffset": {"x": 0, "y": 1000}}
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": -50, "y": -20}}) == \
        {"contentOffset": {"x": 0, "y": 0}}
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": 1e9}}) == \
        {"contentOffset": {"x": 0, "y": 5333}}
    # The visible rect follows the offset: rows 88 to 99 at y 5333.
    attrs = client.call("layout/attributes", {"session": s})["attributes"]
    assert [a["item"] for a in attrs] == list(range(88, 100))


def test_scroll_clamps_with_content_inset(connect):
    client = connect()
    s = client.call("session/create", create_params(contentInset={"top": 20, "left": 0, "bottom": 30, "right": 0}))
    s = s["session"]
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": -100}}) == \
        {"contentOffset": {"x": 0, "y": -20}}
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": 99999}}) == \
        {"contentOffset": {"x": 0, "y": 6000 + 30 - 667}}


def test_update_viewport_sections_layout(connect):
    client = connect()
    s = client.call("session/create", create_params())["session"]
    client.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": 1000}})
    result = client.call("session/update", {"session": s, "viewport": {"width": 375, "height": 1000}})
    assert result == {"contentSize": {"width": 375, "height": 6000}, "contentOffset": {"x": 0, "y": 1000}}
    # Fewer items: the offset is clamped again (600 tall content in a 1000 tall viewport).
    result = client.call("session/update", {"session": s, "sections": [{"items": 10}]})
    assert result == {"contentSize": {"width": 375, "height": 600}, "contentOffset": {"x": 0, "y": 0}}
    result = client.call("session/update", {"session": s, "layout": GRID})
    assert result == {"contentSize": {"width": 375, "height": 902.5}, "contentOffset": {"x": 0, "y": 0}}
    attrs = client.call("layout/attributes", {"session": s})["attributes"]
    assert [frame_tuple(a["frame"]) for a in attrs[:4]] == [
        (10, 10, 172.5, 172.5), (192.5, 10, 172.5, 172.5), (10, 187.5, 172.5, 172.5), (192.5, 187.5, 172.5, 172.5)]
    assert all(a["layoutState"] == "grid" for a in attrs)
    # With a 10 inset all round, content (902.5 + 20 tall) fits in the viewport: the only
    # offset left is (-10, -10).
    result = client.call("session/update", {"session": s, "contentInset": insets(10)})
    assert result["contentOffset"] == {"x": -10, "y": -10}
    assert client.call("session/scroll", {"session": s, "contentOffset": {"x": -99, "y": -99}}) == \
        {"contentOffset": {"x": -10, "y": -10}}


def test_layout_attributes_default_rect_and_all(connect):
    client = connect()
    s = client.call("session/create", create_params(contentOffset={"x": 0, "y": 1000}))["session"]
    result = client.call("layout/attributes", {"session": s})
    assert result["contentSize"] == {"width": 375, "height": 6000}
    assert result["contentOffset"] == {"x": 0, "y": 1000}
    assert result["state"] == "idle"
    # Visible rect y 1000..1667: rows 16 (960..1020) to 27 (1620..1680).
    items = [a["item"] for a in result["attributes"]]
    assert items == list(range(16, 28))
    a = result["attributes"][0]
    assert a == {"kind": "cell", "section": 0, "item": 16, "frame": {"x": 0, "y": 960, "width": 375, "height": 60},
                 "alpha": 1, "zIndex": 0, "transitionProgress": 0, "layoutState": "flow"}
    everything = client.call("layout/attributes", {"session": s, "all": True})["attributes"]
    assert len(everything) == 100
    for i, a in enumerate(everything):
        assert (a["item"], frame_tuple(a["frame"])) == (i, (0, 60 * i, 375, 60))


def test_layout_attributes_rect(connect):
    client = connect()
    s = client.call("session/create", create_params(layout=GRID))["session"]
    result = client.call("layout/attributes", {"session": s, "rect": {"x": 200, "y": 190, "width": 10, "height": 200}})
    got = {a["item"]: frame_tuple(a["frame"]) for a in result["attributes"]}
    assert got == {3: (192.5, 187.5, 172.5, 172.5), 5: (192.5, 365, 172.5, 172.5)}
    empty = client.call("layout/attributes", {"session": s, "rect": {"x": 0, "y": 0, "width": 5, "height": 5}})
    assert empty["attributes"] == []


def test_stable_ids_travel_with_attributes(connect):
    client = connect()
    s = client.call("session/create", create_params(sections=[{"items": 3, "ids": ["x", 7, "z"]}]))["session"]
    attrs = by_item(client.call("layout/attributes", {"session": s})["attributes"])
    assert [attrs[("cell", 0, i)]["id"] for i in range(3)] == ["x", 7, "z"]


def test_dispose(connect):
    client = connect()
    s1 = client.call("session/create", create_params())["session"]
    s2 = client.call("session/create", create_params())["session"]
    assert client.call("session/dispose", {"session": s1}) is None
    assert [x["session"] for x in client.call("session/list")["sessions"]] == [s2]
    error = client.call_error("session/dispose", {"session": s1})
    assert error["code"] == -32010 and error["data"] == {"session": s1}
    # Ids are never reused.
    assert client.call("session/create", create_params())["session"] == "s3"


def test_subscribe_and_unsubscribe(connect):
    client = connect()
    s = client.call("session/create", create_params(contentOffset={"x": 0, "y": 120}))["session"]
    # Subscribing to a session the connection owns changes nothing ...
    assert client.call("session/subscribe", {"session": s}) == {
        "session": s, "state": "idle", "contentSize": {"width": 375, "height": 6000},
        "contentOffset": {"x": 0, "y": 120}, "clock": "realtime", "fps": 60}
    assert client.call("session/subscribe", {"session": s})["session"] == s
    assert client.call("session/unsubscribe", {"session": s}) is None
    # ... unsubscribing when not subscribed is fine too; an unknown session is not.
    assert client.call("session/unsubscribe", {"session": s}) is None
    assert client.call_error("session/unsubscribe", {"session": "s99"})["code"] == -32010
    assert client.call_error("session/subscribe", {"session": "s99"})["code"] == -32010


def test_owner_subscribed_to_its_own_session_hears_each_message_once(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("session/subscribe", {"session": s})
    client.call("session/subscribe", {"session": s})
    client.call("transition/start", {"session": s, "to": {"type": "list", "rowHeight": 30}, "duration": 1})
    client.call("clock/advance", {"session": s, "by": 0.5})
    client.call("clock/advance", {"session": s, "by": 0.5})
    client.drain(0.2)
    assert [(m["method"], m["params"].get("seq")) for m in client.take(session=s)] == [
        ("transition/tick", 1), ("transition/tick", 2), ("transition/didEnd", None)]


def test_session_limit(stdio):
    client = stdio("--max-sessions", "2")
    client.initialize()
    client.call("session/create", create_params())
    client.call("session/create", create_params())
    error = client.call_error("session/create", create_params())
    assert error["code"] == -32014
    assert "--max-sessions" in error["message"]
    assert error["data"] == {"limit": 2}


def test_item_limit(stdio):
    """The item limit is a limit (-32014), naming the section where the total passes it."""
    client = stdio("--max-items", "50")
    client.initialize()
    error = client.call_error("session/create", create_params(sections=[{"items": 30}, {"items": 21}]))
    assert error["code"] == -32014
    assert error["data"] == {"field": "params.sections[1].items", "path": ["params", "sections", 1, "items"],
                             "reason": "the item count exceeds the limit of 50 items per session", "limit": 50}
    assert client.call("session/create", create_params(sections=[{"items": 50}]))["session"] == "s1"
    error = client.call_error("session/update", {"session": "s1", "sections": [{"items": 51}]})
    assert error["code"] == -32014 and error["data"]["field"] == "params.sections[0].items"
    error = client.call_error("transition/start", {"session": "s1", "to": {"type": "list", "rowHeight": 10},
                                                   "sections": [{"items": 30}, {"items": 30}]})
    assert error["code"] == -32014 and error["data"]["field"] == "params.sections[1].items"


def test_default_limits_keep_requests_brief(stdio):
    """The defaults (Protocol 2.4): 10,000 items per session and 1 MiB per message, the
    largest request they admit being brief for the other clients. One more item is
    refused (-32014, naming the field and the limit), and so is a message over 1 MiB
    (-32700, then the connection is closed); --max-items and --max-message-bytes raise
    them."""
    client = stdio()
    caps = client.initialize()["capabilities"]
    assert (caps["maxItemsPerSession"], caps["limits"]["maxMessageBytes"]) == (10_000, 1024 * 1024)
    error = client.call_error("session/create", create_params(sections=[{"items": 10_001}]))
    assert error["code"] == -32014
    assert error["data"] == {"field": "params.sections[0].items", "path": ["params", "sections", 0, "items"],
                             "reason": "the item count exceeds the limit of 10000 items per session",
                             "limit": 10_000}
    s = client.call("session/create", create_params(sections=[{"items": 10_000}]))["session"]
    error = client.call_error("transition/start", {"session": s, "to": {"type": "list", "rowHeight": 10},
                                                   "sections": [{"items": 5_000}, {"items": 5_001}]})
    assert error["code"] == -32014 and error["data"]["field"] == "params.sections[1].items"
    assert error["data"]["limit"] == 10_000

    # 10,001 ids of 105 characters: a 1.1 MiB message.
    ids = [f"item-{i:0100d}" for i in range(10_001)]
    big = create_params(sections=[{"items": 10_001, "ids": ids}])
    raised = stdio("--max-items", "20000", "--max-message-bytes", str(4 * 1024 * 1024))
    caps = raised.initialize()["capabilities"]
    assert (caps["maxItemsPerSession"], caps["limits"]["maxMessageBytes"]) == (20_000, 4 * 1024 * 1024)
    assert raised.call("session/create", big)["session"] == "s1"

    client = stdio()
    client.initialize()
    try:
        client.send_bytes(frame({"jsonrpc": "2.0", "id": 2, "method": "session/create", "params": big}))
    except BrokenPipeError:
        pass  # the daemon stops reading at the header
    assert client.finish() == 1
    errors = [m for m in client.inbox if is_response(m)]
    assert len(errors) == 1 and errors[0]["id"] is None and errors[0]["error"]["code"] == -32700
    assert "exceeds the limit of 1048576 bytes" in errors[0]["error"]["message"]


def test_limits_in_capabilities(stdio):
    client = stdio("--max-items", "50", "--max-sessions", "3")
    caps = client.initialize()["capabilities"]
    assert (caps["maxItemsPerSession"], caps["maxSessionsPerConnection"]) == (50, 3)


def test_session_limit_counts_live_sessions(stdio):
    client = stdio("--max-sessions", "1")
    client.initialize()
    s = client.call("session/create", create_params())["session"]
    assert client.call_error("session/create", create_params())["code"] == -32014
    client.call("session/dispose", {"session": s})
    assert client.call("session/create", create_params())["session"] == "s2"


def test_session_limit_is_per_connection(server):
    srv = server("--max-sessions", "1")
    first = srv.connect()
    second = srv.connect()
    first.call("session/create", create_params())
    assert first.call_error("session/create", create_params())["code"] == -32014
    assert second.call("session/create", create_params())["session"] == "s2"


@pytest.mark.parametrize("encoding", ["objects", "compact"])
def test_precision_rounds_attribute_numbers(connect, encoding):
    """Two manual sessions, the same transition: the one with `precision: 2` sends the
    exact one's frames, alpha and progress rounded to 2 decimals, and the same times."""
    client = connect()
    exact = client.call("session/create", create_params(clock="manual", encoding=encoding))["session"]
    rounded = client.call("session/create", create_params(clock="manual", encoding=encoding, precision=2))["session"]
    listed = {x["session"]: x for x in client.call("session/list")["sessions"]}
    assert listed[rounded]["precision"] == 2 and "precision" not in listed[exact]
    ticks = {}
    for s in (exact, rounded):
        client.call("transition/start", {"session": s, "to": GRID, "duration": 0.7,
                                         "timing": {"easing": "quarticEaseInOut"}})
        ticks[s] = client.call("clock/advance", {"session": s, "by": 0.3})

    def numbers(attributes):
        if encoding == "compact":
            return attributes["frame"] + attributes["alpha"] + attributes["transitionProgress"] + attributes["nextFrame"]
        out = []
        for a in attributes:
            out += [a["frame"][k] for k in ("x", "y", "width", "height")] + [a["alpha"], a["transitionProgress"]]
        return out

    a, b = ticks[exact], ticks[rounded]
    assert a["progress"] == b["progress"] and a["time"] == b["time"]
    exact_numbers, rounded_numbers = numbers(a["attributes"]), numbers(b["attributes"])
    assert len(exact_numbers) == len(rounded_numbers) > 20
    assert any(x != round(x, 2) for x in exact_numbers)  # the exact session has more digits to round
    for x, y in zip(exact_numbers, rounded_numbers):
        assert abs(x - y) <= 0.005 + 1e-9 and y == round(y, 2)
    for k in ("x", "y"):
        assert abs(a["contentOffset"][k] - b["contentOffset"][k]) <= 0.005 + 1e-9


@pytest.mark.parametrize("precision", [-1, 10, 2.5, "2"])
def test_precision_out_of_range(connect, precision):
    client = connect()
    error = client.call_error("session/create", create_params(precision=precision))
    assert error["code"] == -32602 and error["data"]["field"] == "params.precision"
