"""Named sessions over one socket daemon: a name found by another connection, the list's
owner process id and subscriber count, and names unique among live sessions only."""

from __future__ import annotations

import os

from e2e_harness import GRID, create_params


def initialize_as(client, process_id):
    client.call("initialize", {"processId": process_id, "capabilities": {}})
    client.notify("initialized", {})


def test_another_connection_subscribes_by_name_and_gets_the_ticks(server):
    srv = server()
    script, editor = srv.connect(initialize=False), srv.connect(initialize=False)
    initialize_as(script, os.getpid())
    initialize_as(editor, None)
    created = script.call("session/create", create_params(name="gallery", clock="manual"))
    assert created["name"] == "gallery"
    subscribed = editor.call("session/subscribe", {"name": "gallery"})
    assert subscribed["session"] == created["session"] and subscribed["name"] == "gallery"
    assert subscribed["state"] == "idle"

    listed = editor.call("session/list")["sessions"]
    assert [(s["session"], s["name"], s["ownerProcessId"], s["subscribers"], s["owned"], s["subscribed"])
            for s in listed] == [(created["session"], "gallery", os.getpid(), 1, False, True)]

    s = created["session"]
    script.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    script.call("clock/advance", {"session": s, "by": 0.5})
    tick = editor.notification("transition/tick", s)
    assert tick["params"]["session"] == s and tick["params"]["time"] == 0.5


def test_names_are_unique_among_live_sessions_only(server):
    srv = server()
    first, second = srv.connect(), srv.connect()
    first.call("session/create", create_params(name="preview"))
    error = second.call_error("session/create", create_params(name="preview"))
    assert error["code"] == -32602
    assert error["data"] == {"field": "params.name", "path": ["params", "name"],
                             "reason": "'preview' is taken by session 's1': choose another name, or subscribe to it"}
    # The owner is done (its shutdown ends its sessions before the reply): the name is free.
    first.call("shutdown")
    assert second.call("session/create", create_params(name="preview"))["name"] == "preview"


def test_a_kept_alive_session_outliving_its_owner_has_no_owner_process(server):
    srv = server()
    owner = srv.connect(initialize=False)
    initialize_as(owner, os.getpid())
    owner.call("session/create", create_params(name="kept", keepAlive=True))
    # Its shutdown leaves the kept-alive session without an owner.
    owner.call("shutdown")
    entry = srv.connect().call("session/list")["sessions"][0]
    assert entry["name"] == "kept" and entry["ownerProcessId"] is None and entry["subscribers"] == 0


def test_subscribe_takes_session_or_name_not_both(server):
    client = server().connect()
    s = client.call("session/create", create_params(name="one"))["session"]
    error = client.call_error("session/subscribe", {"session": s, "name": "one"})
    assert error["code"] == -32602 and error["data"]["field"] == "params.name"
    error = client.call_error("session/subscribe", {"name": "two"})
    assert error == {"code": -32010, "message": "No session named 'two': list them with session/list",
                     "data": {"name": "two"}}
    error = client.call_error("session/subscribe", {})
    assert error["data"] == {"field": "params.session", "path": ["params", "session"], "reason": "missing member 'session': expected string",
                             "expected": "string", "found": "nothing"}
