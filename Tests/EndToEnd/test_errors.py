"""Application errors (-32010 .. -32013) and -32602 naming the offending field."""

from __future__ import annotations

import pytest

from e2e_harness import GRID, LIST, create_params

SESSION_METHODS = {
    "session/update": {"layout": GRID},
    "session/scroll": {"contentOffset": {"x": 0, "y": 0}},
    "session/dispose": {},
    "session/subscribe": {},
    "session/unsubscribe": {},
    "layout/attributes": {},
    "transition/start": {"to": GRID},
    "transition/scrub": {"progress": 0.5},
    "transition/finish": {},
    "transition/cancel": {},
    "transition/cancelInPlace": {},
    "transition/retarget": {"to": GRID},
    "transition/sample": {"progress": 0.5},
    "transition/status": {},
    "clock/advance": {"by": 0.1},
}


@pytest.mark.parametrize("method", sorted(SESSION_METHODS))
def test_unknown_session(connect, method):
    client = connect()
    client.call("session/create", create_params())
    error = client.call_error(method, {"session": "nope", **SESSION_METHODS[method]})
    assert error["code"] == -32010
    assert error["data"] == {"session": "nope"}
    assert "nope" in error["message"] and "session/create" in error["message"]


NEEDS_TRANSITION = ["transition/scrub", "transition/finish", "transition/cancel", "transition/cancelInPlace",
                    "transition/retarget", "transition/sample"]


@pytest.mark.parametrize("method", NEEDS_TRANSITION)
@pytest.mark.parametrize("clock", ["realtime", "manual"])
def test_no_transition_in_flight(connect, method, clock):
    client = connect()
    s = client.call("session/create", create_params(clock=clock))["session"]
    error = client.call_error(method, {"session": s, **SESSION_METHODS[method]})
    assert error["code"] == -32011
    assert error["data"] == {"session": s}
    assert "transition/start" in error["message"]
    # Also after the transition ended.
    client.call("transition/start", {"session": s, "to": GRID, "duration": 0})
    client.notification("transition/didEnd", s) if clock == "realtime" else \
        client.call("clock/advance", {"session": s, "by": 0.01})
    error = client.call_error(method, {"session": s, **SESSION_METHODS[method]})
    assert error["code"] == -32011


@pytest.mark.parametrize("method,params", [
    ("session/update", {"layout": GRID}),
    ("session/update", {"viewport": {"width": 320, "height": 480}}),
    ("session/update", {"sections": [{"items": 5}]}),
    ("session/scroll", {"contentOffset": {"x": 0, "y": 100}}),
])
def test_transition_in_flight(connect, method, params):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    error = client.call_error(method, {"session": s, **params})
    assert error["code"] == -32012
    assert error["data"] == {"session": s}
    assert "cancel" in error["message"]
    # Nothing changed: the transition is still there, and at rest the call works.
    assert client.call("transition/status", {"session": s})["state"] == "running"
    client.call("clock/advance", {"session": s, "by": 1})
    client.call(method, {"session": s, **params})


def test_clock_advance_on_a_realtime_session(connect):
    client = connect()
    s = client.call("session/create", create_params())["session"]
    error = client.call_error("clock/advance", {"session": s, "by": 0.1})
    assert error["code"] == -32013
    assert error["data"] == {"session": s}
    assert "manual" in error["message"]


CREATE = create_params()
START = {"to": GRID}

INVALID = [
    # (method, params (session filled in with "$s"), field)
    ("session/create", {**CREATE, "viewport": {"width": "wide", "height": 667}}, "params.viewport.width"),
    ("session/create", {**CREATE, "viewport": {"width": -1, "height": 667}}, "params.viewport.width"),
    ("session/create", {**CREATE, "viewport": {"width": 375, "height": 0}}, "params.viewport.height"),
    ("session/create", {k: v for k, v in CREATE.items() if k != "viewport"}, "params.viewport"),
    ("session/create", {**CREATE, "layout": {"type": "flow", "itemSize": {"width": "x", "height": 60}}},
     "params.layout.itemSize.width"),
    ("session/create", {**CREATE, "layout": {"type": "flow", "itemSize": {"width": -3, "height": 60}}},
     "params.layout.itemSize.width"),
    ("session/create", {**CREATE, "layout": {"type": "table"}}, "params.layout.type"),
    ("session/create", {**CREATE, "layout": {"type": "list"}}, "params.layout.rowHeight"),
    ("session/create", {**CREATE, "layout": {"type": "grid", "columns": 0}}, "params.layout.columns"),
    ("session/create", {**CREATE, "sections": [{"items": -1}]}, "params.sections[0].items"),
    ("session/create", {**CREATE, "sections": [{"items": 2}, {"items": "x"}]}, "params.sections[1].items"),
    ("session/create", {**CREATE, "sections": [{"items": 2, "sizes": [[1, 2, 3]]}]}, "params.sections[0].sizes[0]"),
    ("session/create", {**CREATE, "contentInset": {"top": "x"}}, "params.contentInset.top"),
    ("session/create", {**CREATE, "contentOffset": {"x": "0", "y": 0}}, "params.contentOffset.x"),
    ("session/create", {**CREATE, "clock": "wall"}, "params.clock"),
    ("session/create", {**CREATE, "encoding": "xml"}, "params.encoding"),
    ("session/create", {**CREATE, "fps": 0}, "params.fps"),
    ("session/create", {**CREATE, "fps": 241}, "params.fps"),
    ("session/create", {**CREATE, "fps": 1.5}, "params.fps"),
    ("session/create", {**CREATE, "keepAlive": "yes"}, "params.keepAlive"),
    ("session/update", {"session": "$s", "viewport": {"width": 0, "height": 667}}, "params.viewport.width"),
    ("session/update", {"session": "$s", "layout": {"type": "grid", "columns": "two"}}, "params.layout.columns"),
    ("session/update", {"session": 1}, "params.session"),
    ("session/scroll", {"session": "$s"}, "params.contentOffset.x"),
    ("session/scroll", {"session": "$s", "contentOffset": {"x": 0, "y": "down"}}, "params.contentOffset.y"),
    ("session/dispose", {}, "params.session"),
    ("layout/attributes", {"session": "$s", "rect": {"x": 0, "y": 0, "width": "w", "height": 1}},
     "params.rect.width"),
    ("layout/attributes", {"session": "$s", "all": 1}, "params.all"),
    ("transition/start", {"session": "$s"}, "params.to.type"),
    ("transition/start", {"session": "$s", "to": {"type": "grid", "columns": 0}}, "params.to.columns"),
    ("transition/start", {"session": "$s", "to": {"type": "flow", "itemSize": {"width": -1, "height": 1}}},
     "params.to.itemSize.width"),
    ("transition/start", {"session": "$s", **START, "duration": -1}, "params.duration"),
    ("transition/start", {"session": "$s", **START, "duration": "long"}, "params.duration"),
    ("transition/start", {"session": "$s", **START, "timing": {"easing": "wobble"}}, "params.timing.easing"),
    ("transition/start", {"session": "$s", **START, "timing": "wobble"}, "params.timing"),
    ("transition/start", {"session": "$s", **START, "timing": {"cubicBezier": [2, 0, 1, 1]}},
     "params.timing.cubicBezier[0]"),
    ("transition/start", {"session": "$s", **START, "timing": {"cubicBezier": [0, 0, 1]}},
     "params.timing.cubicBezier"),
    ("transition/start", {"session": "$s", **START, "timing": {"spring": {"stiffness": -1, "damping": 1}}},
     "params.timing.spring.stiffness"),
    ("transition/start", {"session": "$s", **START, "timing": {"steps": {"count": "4"}}},
     "params.timing.steps.count"),
    ("transition/start", {"session": "$s", **START, "timing": {"bouncy": 1}}, "params.timing"),
    ("transition/start", {"session": "$s", **START, "contentOffset": {"placement": "middle", "items": [[0, 1]]}},
     "params.contentOffset.placement"),
    ("transition/start", {"session": "$s", **START, "contentOffset": {"placement": "center", "items": [[0]]}},
     "params.contentOffset.items[0]"),
    ("transition/start", {"session": "$s", **START, "contentOffset": {"point": {"x": 0}}},
     "params.contentOffset.point.y"),
    ("transition/start", {"session": "$s", **START, "stagger": {"delay": -0.1}}, "params.stagger.delay"),
    ("transition/start", {"session": "$s", **START, "stagger": {"delay": 0.1, "order": "random"}},
     "params.stagger.order"),
    ("transition/start", {"session": "$s", **START, "appear": "explode"}, "params.appear"),
    ("transition/start", {"session": "$s", **START, "interactive": "yes"}, "params.interactive"),
    ("transition/start", {"session": "$s", **START, "sections": [{"items": -2}]}, "params.sections[0].items"),
    ("transition/sample", {"session": "$s"}, "params.progress"),
    ("transition/sample", {"session": "$s", "progress": "half"}, "params.progress"),
    ("transition/sample", {"session": "$s", "time": 0.1, "to": {"type": "grid"}}, "params.to.columns"),
    ("transition/scrub", {"session": "$s"}, "params.progress"),
    ("transition/finish", {"session": "$s", "duration": "x"}, "params.duration"),
    ("transition/cancel", {"session": "$s", "velocity": "x"}, "params.velocity"),
    ("transition/retarget", {"session": "$s", "to": {"type": 3}}, "params.to.type"),
    ("clock/advance", {"session": "$s"}, "params.by"),
    ("clock/advance", {"session": "$s", "by": "1s"}, "params.by"),
    ("clock/advance", {"session": "$s", "by": -1}, "params.by"),
]


@pytest.mark.parametrize("method,params,field", INVALID, ids=[f"{m}:{f}" for m, _, f in INVALID])
def test_invalid_params_name_the_field(connect, method, params, field):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    params = {k: (s if v == "$s" else v) for k, v in params.items()}
    error = client.call_error(method, params)
    assert error["code"] == -32602, error
    assert error["data"]["field"] == field, error
    assert field in error["message"]
    # The daemon keeps serving the connection.
    assert client.call("transition/status", {"session": s})["session"] == s


def test_invalid_params_in_flight_and_at_rest(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": LIST, "interactive": True})
    for method, params, field in [
        ("transition/finish", {"duration": -1}, "params.duration"),
        ("transition/cancel", {"duration": -1}, "params.duration"),
        ("transition/finish", {"timing": {"cubicBezier": [0.5, 0, 1.5, 1]}}, "params.timing.cubicBezier[2]"),
        ("transition/retarget", {"to": GRID, "duration": -2}, "params.duration"),
        ("clock/advance", {"to": -1}, "params.to"),
    ]:
        error = client.call_error(method, {"session": s, **params})
        assert (error["code"], error["data"]["field"]) == (-32602, field), (method, error)
    assert client.call("transition/status", {"session": s})["state"] == "paused"


def test_unknown_method(connect):
    client = connect()
    error = client.call_error("transition/rewind", {"session": "s1"})
    assert error["code"] == -32601
    assert error["data"] == {"method": "transition/rewind"}


@pytest.mark.parametrize("method,params,field", [
    ("session/create", {**CREATE, "sections": [{"items": 3, "ids": ["a", "a", "b"]}]}, "params.sections[0].ids[1]"),
    ("session/create", {**CREATE, "sections": [{"items": 3, "ids": ["a", "b"]}]}, "params.sections[0].ids"),
    ("session/create", {**CREATE, "sections": [{"items": 3, "sizes": [[1, 1]]}]}, "params.sections[0].sizes"),
    ("session/create", {**CREATE, "clock": "manual", "fps": 500}, "params.fps"),
    ("transition/start", {"session": "$s", "to": GRID, "contentOffset": {"strategy": "displaySwitch"}},
     "params.contentOffset.strategy"),
    ("transition/start", {"session": "$s", "to": GRID, "contentOffset": {"placement": "center", "items": [[0, 100]]}},
     "params.contentOffset.items[0]"),
    ("transition/start", {"session": "$s", "to": GRID, "timing": {"linear": [1]}}, "params.timing.linear"),
])
def test_refused_values_name_the_field(connect, method, params, field):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    error = client.call_error(method, {k: (s if v == "$s" else v) for k, v in params.items()})
    assert error["code"] == -32602, error
    # Engine checks explain in "reason"; shape checks say what was "expected".
    assert error["data"]["field"] == field and (error["data"].get("reason") or error["data"].get("expected")), error


def test_update_of_a_frozen_layout_needs_a_layout(connect):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    client.call("clock/advance", {"session": s, "by": 0.5})
    client.call("transition/cancelInPlace", {"session": s})
    error = client.call_error("session/update", {"session": s, "viewport": {"width": 300, "height": 300}})
    assert error["code"] == -32602
    assert error["data"] == {"field": "params.layout", "path": ["params", "layout"],
                             "reason": "the layout was frozen by cancel-in-place; give a layout"}
    result = client.call("session/update", {"session": s, "layout": GRID, "viewport": {"width": 375, "height": 667}})
    assert result["contentSize"] == {"width": 375, "height": 8890}


def test_params_as_an_array(connect):
    client = connect()
    error = client.call_error("transition/status", ["s1"])
    assert error["code"] == -32602
    assert error["data"] == {"field": "params", "path": ["params"], "reason": "expected object", "expected": "object", "found": "array"}
    # session/list and shutdown read no params.
    assert client.call("session/list", [1, 2]) == {"sessions": []}
    assert client.call("shutdown", []) is None


@pytest.mark.parametrize("id", ["abc", "", None, 0, -7, 9007199254740993, 1.5, "é€😀"])
def test_ids_come_back_as_sent(connect, id):
    client = connect()
    client.send({"jsonrpc": "2.0", "id": id, "method": "session/list"})
    response = client.wait_for(lambda m: "id" in m)
    assert response["id"] == id and type(response["id"]) is type(id)
    assert response["result"] == {"sessions": []}


def test_invalid_messages(connect):
    client = connect()
    for message, id in [({"jsonrpc": "2.1", "id": 5, "method": "session/list"}, 5),
                        ({"jsonrpc": "2.0", "id": [], "method": "session/list"}, None),
                        ({"jsonrpc": "2.0", "id": 6, "method": 3}, 6),
                        ({"jsonrpc": "2.0", "id": 8}, 8),
                        (1, None)]:
        client.send(message)
        response = client.wait_for(lambda m: isinstance(m, dict) and "id" in m)
        assert response["id"] == id and response["error"]["code"] == -32600, (message, response)


def test_batches(connect):
    client = connect()
    client.send([])
    response = client.wait_for(lambda m: True)
    assert isinstance(response, dict) and response["id"] is None and response["error"]["code"] == -32600
    client.send([1])
    response = client.wait_for(lambda m: True)
    assert isinstance(response, list) and len(response) == 1 and response[0]["error"]["code"] == -32600
    client.send([{"jsonrpc": "2.0", "method": "initialized"}, {"jsonrpc": "2.0", "method": "$/setTrace",
                                                               "params": {"value": "off"}}])
    client.send({"jsonrpc": "2.0", "id": "probe", "method": "session/list"})
    assert client.wait_for(lambda m: True)["id"] == "probe", "a batch of notifications is not answered"
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.send([
        {"jsonrpc": "2.0", "id": 1, "method": "transition/start", "params": {"session": s, "to": GRID, "duration": 1}},
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "clock/advance", "params": {"session": s, "by": 1}},
        {"jsonrpc": "2.0", "id": 3, "method": "no/such"},
    ])
    client.peek_for(lambda m: isinstance(m, list))
    client.drain(0.1)
    kinds = [m["method"] if isinstance(m, dict) else "batch" for m in client.inbox]
    # What the batch caused comes before its response array.
    assert kinds == ["transition/tick", "transition/didEnd", "batch"]
    batch = client.inbox[-1]
    assert [r["id"] for r in batch] == [1, 2, 3]
    assert batch[0]["result"]["transition"] == "t1"
    assert batch[1]["result"]["progress"] == 1
    assert batch[2]["error"]["code"] == -32601


def test_cancel_request(connect):
    client = connect()
    client.notify("$/cancelRequest", {"id": 22})
    client.send({"jsonrpc": "2.0", "id": 22, "method": "session/list"})
    assert client.response(22)["error"] == {"code": -32800, "message": "Request cancelled"}
    # A cancel for an answered id changes nothing; the id may be used again.
    client.notify("$/cancelRequest", {"id": 22})
    client.send({"jsonrpc": "2.0", "id": 23, "method": "session/list"})
    assert client.response(23)["result"] == {"sessions": []}


def test_max_batch_flag(server):
    client = server("--max-batch", "2").connect()
    ping = {"jsonrpc": "2.0", "method": "session/list", "params": {}}
    client.send([dict(ping, id=1), dict(ping, id=2)])
    pair = client.wait_for(lambda m: isinstance(m, list))
    assert sorted(r["id"] for r in pair) == [1, 2]
    client.send([dict(ping, id=k) for k in range(3, 6)])
    refused = client.wait_for(lambda m: isinstance(m, dict) and "error" in m)
    assert refused["id"] is None and refused["error"]["code"] == -32600
    assert refused["error"]["data"] == {"limit": 2, "count": 3}
    assert client.call("session/list") == {"sessions": []}


# Issue 29: misspelt members were accepted and ignored ("interactiv": true ran an
# animated transition). Every method of the daemon now refuses a member it does not know,
# naming it and the member meant; the LSP messages keep taking members of their own.
MISSPELT = [
    ("transition/start", {"to": GRID, "interactiv": True}, "params.interactiv", "interactive"),
    ("transition/release", {"velocty": 3}, "params.velocty", "velocity"),
    ("session/update", {"layout": {**LIST, "spacng": 4}}, "params.layout.spacng", "spacing"),
    ("transition/status", {"sesion": "x"}, "params.sesion", "session"),
]


@pytest.mark.parametrize("method, params, field, meant", MISSPELT, ids=[m[2] for m in MISSPELT])
def test_a_misspelt_member_is_refused_with_the_member_meant(connect, method, params, field, meant):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    error = client.call_error(method, {"session": s, **params} if "sesion" not in params else params)
    assert error["code"] == -32602
    assert error["data"]["field"] == field and error["data"]["suggestion"] == meant
    # A misspelt member that stands in for a required one says that one is missing.
    missing = ", which is missing" if "sesion" in params else ""
    assert error["message"] == f"Invalid params: {field}: unknown member; did you mean `{meant}`{missing}?"
    assert client.call("transition/status", {"session": s})["state"] == "idle"


OTHER_METHODS = {"transition/release": {}, "transition/export": {"to": GRID, "format": "css"}}


@pytest.mark.parametrize("method", sorted([*SESSION_METHODS, *OTHER_METHODS, "session/create", "session/list"]))
def test_every_method_refuses_a_member_it_does_not_know(connect, method):
    client = connect()
    s = client.call("session/create", create_params(clock="manual"))["session"]
    if method == "session/create":
        params = create_params()
    elif method == "session/list":
        params = {}
    else:
        params = {"session": s, **{**SESSION_METHODS, **OTHER_METHODS}[method]}
    error = client.call_error(method, {**params, "colour": "red"})
    assert error["code"] == -32602
    assert error["data"] == {"field": "params.colour", "path": ["params", "colour"], "reason": "unknown member"}


def test_initialize_and_shutdown_take_members_of_their_own(stdio):
    client = stdio()
    result = client.call("initialize", {"processId": None, "capabilities": {}, "rootUri": None,
                                        "workspaceFolders": [], "locale": "en"})
    assert result["serverInfo"]["name"] == "transitiond"
    assert client.call("shutdown", {"reason": "done"}) is None
    client.notify("exit", None)
    assert client.finish() == 0


def test_a_client_may_ask_for_unknown_members_to_be_ignored(stdio):
    client = stdio()
    client.call("initialize", {"processId": None, "capabilities": {},
                               "initializationOptions": {"unknownMembers": "ignore"}})
    s = client.call("session/create", {**create_params(clock="manual"), "fromANewerProtocol": 1})["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 1, "interactiv": True})
    assert client.call("transition/status", {"session": s})["state"] == "running"
