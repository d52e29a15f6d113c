"""Several clients on one daemon: sessions end with their owner (unless kept alive),
subscribers hear the end, and a client that dies mid-message hurts nobody."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from e2e_harness import GRID, create_params, encode_body, frame


def wait_end(client, s, timeout=5.0):
    return client.notification("transition/didEnd", s, timeout)["params"]


@pytest.mark.parametrize("clock", ["realtime", "manual"])
def test_owner_disconnect_ends_its_sessions_for_subscribers(server, clock):
    srv = server()
    owner = srv.connect(name="owner")
    watcher = srv.connect(name="watcher")
    s = owner.call("session/create", create_params(clock=clock))["session"]
    idle = owner.call("session/create", create_params())["session"]
    watcher.call("session/subscribe", {"session": s})
    t = owner.call("transition/start", {"session": s, "to": GRID, "duration": 30})["transition"]
    if clock == "manual":
        owner.call("clock/advance", {"session": s, "by": 3})
    watcher.notification("transition/tick", s)
    owner.close()
    received = watcher.until_end(s)
    ends = [m["params"] for m in received if m["method"] == "transition/didEnd"]
    assert len(ends) == 1, "didEnd exactly once"
    assert received[-1]["method"] == "transition/didEnd", "nothing of the session after its didEnd"
    end = ends[0]
    assert (end["session"], end["transition"], end["reason"], end["completed"], end["finished"]) == \
        (s, t, "disposed", False, False)
    if clock == "manual":
        assert abs(end["progress"] - 0.1) < 1e-9
    # Both of the owner's sessions are gone.
    assert watcher.call("session/list") == {"sessions": []}
    assert watcher.call_error("transition/status", {"session": idle})["code"] == -32010


def test_keep_alive_session_survives_its_owner(server):
    srv = server()
    owner = srv.connect(name="owner")
    watcher = srv.connect(name="watcher")
    kept = owner.call("session/create", create_params(keepAlive=True, fps=60))["session"]
    dropped = owner.call("session/create", create_params())["session"]
    watcher.call("session/subscribe", {"session": kept})
    watcher.call("session/subscribe", {"session": dropped})
    t = owner.call("transition/start", {"session": kept, "to": GRID, "duration": 1.0})["transition"]
    owner.call("transition/start", {"session": dropped, "to": GRID, "duration": 30})
    watcher.notification("transition/tick", kept)
    owner.close()
    end = wait_end(watcher, dropped)
    assert end["reason"] == "disposed"
    # The kept-alive one keeps ticking for its subscriber and ends normally.
    watcher.take("transition/tick", kept)
    tick = watcher.notification("transition/tick", kept)
    end = wait_end(watcher, kept)
    assert (end["transition"], end["reason"], end["completed"]) == (t, "finished", True)
    assert tick["params"]["transition"] == t
    listed = watcher.call("session/list")["sessions"]
    assert [(x["session"], x["owned"], x["subscribed"], x["keepAlive"]) for x in listed] == \
        [(kept, False, True, True)]
    # Anyone may drive or dispose it now.
    third = srv.connect(name="third")
    third.call("transition/start", {"session": kept, "to": create_params()["layout"], "duration": 5})
    assert third.call("session/dispose", {"session": kept}) is None
    assert wait_end(watcher, kept)["reason"] == "disposed"
    assert third.call("session/list") == {"sessions": []}


def test_subscriber_disconnect_leaves_the_session(server):
    srv = server()
    owner = srv.connect(name="owner")
    watcher = srv.connect(name="watcher")
    s = owner.call("session/create", create_params(clock="manual"))["session"]
    watcher.call("session/subscribe", {"session": s})
    owner.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    watcher.close()
    time.sleep(0.1)
    tick = owner.call("clock/advance", {"session": s, "to": 1})
    assert tick["progress"] == 1
    assert wait_end(owner, s)["reason"] == "finished"
    assert owner.call("session/list")["sessions"][0]["subscribed"] is False


KILLED_CLIENT = r"""
import os, socket, sys, time
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(sys.argv[1])
sock.sendall(bytes.fromhex(sys.argv[2]))
print("sent", flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("how", ["closed", "killed"])
def test_client_gone_mid_message(server, how):
    srv = server()
    other = srv.connect(name="other")
    s = other.call("session/create", create_params(fps=60))["session"]
    other.call("transition/start", {"session": s, "to": GRID, "duration": 3})
    other.notification("transition/tick", s)

    initialize = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    create = frame({"jsonrpc": "2.0", "id": 2, "method": "session/create", "params": create_params()})
    body = encode_body({"jsonrpc": "2.0", "id": 3, "method": "session/create", "params": create_params()})
    half = b"Content-Length: %d\r\n\r\n" % len(body) + body[:len(body) // 2]
    if how == "closed":
        victim = srv.connect(initialize=False, name="victim")
        victim.send_bytes(initialize + create + half)
        victim.response(2)
        victim.close()
    else:
        proc = subprocess.Popen([sys.executable, "-c", KILLED_CLIENT, str(srv.path), (initialize + create + half).hex()],
                                stdout=subprocess.PIPE)
        try:
            assert proc.stdout.readline().strip() == b"sent"
            time.sleep(0.2)
            proc.send_signal(signal.SIGKILL)
            proc.wait(5)
        finally:
            if proc.poll() is None:
                proc.kill()
    # The daemon goes on: the other client keeps its ticks and answers.
    other.take("transition/tick", s)
    # A positive event: a new tick of its session reaches the other client.
    tick = other.notification("transition/tick", s)
    assert tick["params"]["session"] == s
    deadline = time.monotonic() + 5
    while len(other.call("session/list")["sessions"]) != 1:
        assert time.monotonic() < deadline, "the dead client's session was not disposed"
        time.sleep(0.05)
    assert srv.daemon.running
    fresh = srv.connect(name="fresh")
    assert fresh.call("transition/status", {"session": s})["state"] == "running"
    assert "Signal" not in srv.daemon.stderr() and "Fatal" not in srv.daemon.stderr()


def test_many_clients_at_once(server):
    srv = server()
    clients = [srv.connect(name=f"c{k}") for k in range(20)]
    sessions = [c.call("session/create", create_params(clock="manual")) ["session"] for c in clients]
    assert len(set(sessions)) == 20
    for c, s in zip(clients, sessions):
        c.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})
    for c, s in zip(clients, sessions):
        assert c.call("clock/advance", {"session": s, "by": 0.5})["progress"] == 1
        assert wait_end(c, s)["reason"] == "finished"
        # Each client hears only its own sessions.
        assert all(m["params"]["session"] == s for m in c.take())


# ---------------------------------------------------------------------------
# Large responses and write errors

BIG = 500_000  # items: `layout/attributes` with "all" answers about 80 MB, more than the 64 MiB backlog cap
BIG_LIMIT = ("--max-items", str(BIG))  # over the default item limit


@pytest.mark.time_limit(120)
def test_large_response_reaches_a_client_that_reads(connect):
    """A client that reads as fast as it can asks for every element of a big session.
    Protocol 9.7 says all of them come back; whatever the daemon does with a response
    this big (send it, or refuse it with an error), it must not cut the stream in the
    middle of a message and drop the connection."""
    client = connect(args=BIG_LIMIT)
    s = client.call("session/create", create_params(sections=[{"items": BIG}]))["session"]
    id = client.request("layout/attributes", {"session": s, "all": True})
    try:
        response = client.response(id, timeout=90)
    except AssertionError as error:
        raise AssertionError(f"no complete response after {client.bytes_received} bytes: {str(error)[:160]}") from None
    if "result" in response:
        assert len(response["result"]["attributes"]) == BIG
    else:
        assert response["error"]["code"] in (-32014, -32602) and response["error"]["message"], response
    assert client.call("transition/status", {"session": s})["state"] == "idle"


@pytest.mark.time_limit(120)
def test_stdio_connection_closed_by_the_daemon_exits_1(stdio):
    """A stdio client that does not read while an ~80 MB response is written. If the
    daemon gives up on it (Protocol 12.3: more than 64 MiB unsent), the connection
    closes like any other end without shutdown: exit code 1, and the event loop
    closes cleanly."""
    client = stdio(*BIG_LIMIT)
    client.initialize()
    s = client.call("session/create", create_params(sections=[{"items": BIG}]))["session"]
    id = client.request("layout/attributes", {"session": s, "all": True})
    deadline = time.monotonic() + 20
    while client.daemon.running and time.monotonic() < deadline:
        time.sleep(0.2)
    if client.daemon.running:
        # It kept the connection: then the answer must come, complete.
        response = client.response(id, timeout=60)
        assert "result" in response or "error" in response
        return
    code = client.daemon.wait()
    log = client.daemon.stderr()
    assert code == 1, f"exit code {code} after the daemon closed the connection without shutdown; log: {log[-400:]}"
    assert "handles left" not in log, log[-400:]


def test_stdio_client_that_stops_reading_its_output(stdio):
    """The client closes its end of the daemon's standard output while ticks flow: the
    write error ends the connection (Protocol 4.5), so the process exits (1, no
    shutdown) instead of computing ticks for nobody."""
    client = stdio()
    client.initialize()
    s = client.call("session/create", create_params(fps=120))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 30})
    client.notification("transition/tick", s)
    client.proc.stdout.close()
    try:
        code = client.daemon.wait(5)
    except subprocess.TimeoutExpired:
        raise AssertionError("the daemon still runs 5 s after its output pipe broke") from None
    assert code == 1


def socket_run(advances: int) -> tuple[bytes, int]:
    """A whole run for one socket connection, ending with `exit` (no shutdown): each
    `clock/advance` reply repeats its tick, so the answers far outgrow the socket's
    buffers while the client is not reading yet. Returns the bytes and the last id."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "session/create",
         "params": create_params(clock="manual", sections=[{"items": 400}])},
        {"jsonrpc": "2.0", "id": 3, "method": "transition/start", "params": {"session": "s1", "to": GRID, "duration": 1}},
    ]
    messages += [{"jsonrpc": "2.0", "id": 4 + k, "method": "clock/advance", "params": {"session": "s1", "by": 1 / advances}}
                 for k in range(advances)]
    messages.append({"jsonrpc": "2.0", "method": "exit"})
    return b"".join(frame(m) for m in messages), 3 + advances


def test_a_socket_client_that_exits_behind_a_slow_reader_gets_every_answer(server):
    # As over stdio (test_lifecycle): `exit` ends the connection only after what was
    # answered before it has been read; the replies were once dropped from libuv's queue.
    import socket as sockets
    import threading

    from e2e_harness import parse_stream
    srv = server()
    advances = 300
    run, last_id = socket_run(advances)
    client = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    client.connect(str(srv.path))
    feeder = threading.Thread(target=client.sendall, args=(run,))
    feeder.start()
    output = bytearray()
    client.settimeout(60)
    while chunk := client.recv(8192):
        output += chunk
        time.sleep(0.0005)  # a slow reader, not a wait for anything
    feeder.join()
    client.close()
    messages = parse_stream(bytes(output))
    assert len(output) > 1 << 20  # far more than the socket buffers hold
    assert [m["id"] for m in messages if "id" in m] == list(range(1, last_id + 1))
    assert all("result" in m for m in messages if "id" in m)
    ticks = [m for m in messages if m.get("method") == "transition/tick"]
    assert [t["params"]["seq"] for t in ticks] == list(range(1, advances + 1))
    # Only that connection ended; its session with it.
    assert srv.connect().call("session/list")["sessions"] == []


def test_a_socket_client_that_exits_and_never_reads_is_not_waited_for_long(server):
    # A client that sends `exit` with answers owed and then reads nothing: the sessions
    # it owns end at once (nobody is left to watch them), and its connection closes
    # after the drain bound (5 s).
    import socket as sockets
    import threading

    srv = server("--log-level", "info")
    run, _ = socket_run(300)
    head_end = run.index(b"Content-Length", run.index(b'"session/create"'))
    other = srv.connect()
    client = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    client.connect(str(srv.path))
    client.settimeout(30)
    # initialize and session/create first, read up to the create's answer.
    client.sendall(run[:head_end])
    received = b""
    while b'"id":2,' not in received:
        chunk = client.recv(1 << 16)
        assert chunk, "the daemon closed the connection"
        received += chunk
    assert len(other.call("session/list")["sessions"]) == 1
    # Then the run and its exit, never read.
    feeder = threading.Thread(target=client.sendall, args=(run[head_end:],))
    feeder.start()
    deadline = time.monotonic() + 30
    while other.call("session/list")["sessions"]:
        assert time.monotonic() < deadline, "the session of a client that left was kept"
        time.sleep(0.02)
    # The session ended while the connection still waited for its client to read.
    assert "did not read its last answers" not in srv.daemon.stderr()
    while "did not read its last answers: closing" not in srv.daemon.stderr():
        assert time.monotonic() < deadline, "the connection of a client that reads nothing stayed open"
        time.sleep(0.05)
    feeder.join(30)
    while client.recv(1 << 16):
        pass  # what the daemon had written, then the end
    client.close()
