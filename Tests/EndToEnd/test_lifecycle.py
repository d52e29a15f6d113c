"""The LSP lifecycle over stdio and over the Unix socket, and stdin that is not a pipe."""

from __future__ import annotations

import signal
import subprocess

import pytest

from e2e_harness import (GRID, binary_path, create_params, frame, parse_stream)

EASINGS = [
    f"{family}{kind}"
    for family in ["quadratic", "cubic", "quartic", "quintic", "sine", "circular", "exponential", "elastic",
                   "back", "bounce"]
    for kind in ["EaseIn", "EaseOut", "EaseInOut"]
]


def version() -> str:
    out = subprocess.run([str(binary_path()), "--version"], capture_output=True, timeout=10, check=True)
    name, number = out.stdout.decode().split()
    assert name == "transitiond"
    return number


def check_initialize_result(result: dict) -> None:
    assert result["serverInfo"] == {"name": "transitiond", "version": version()}
    caps = result["capabilities"]
    assert set(caps["layoutTypes"]) == {"flow", "list", "grid", "displaySwitch", "explicit"}
    assert set(caps["timingCurves"]) >= {"linear", *EASINGS, "cubicBezier", "steps", "spring"}
    assert len(EASINGS) + 1 == 31
    assert set(caps["placements"]) >= {"center", "top", "bottom", "left", "right", "minimal", "visible",
                                       "displaySwitch", "point"}
    assert set(caps["encodings"]) == {"objects", "compact"}
    assert set(caps["clocks"]) == {"realtime", "manual"}
    assert caps["maxFPS"] == 240


# ---------------------------------------------------------------------------
# stdio


def test_stdio_initialize_shutdown_exit_exits_0(stdio):
    client = stdio()
    # Before initialize: requests get -32002, notifications are dropped.
    error = client.call_error("session/list")
    assert error["code"] == -32002
    client.notify("initialized", {})
    error = client.call_error("session/create", create_params())
    assert error["code"] == -32002
    check_initialize_result(client.initialize())
    assert client.call("session/list") == {"sessions": []}
    # initialize is answered once.
    assert client.call_error("initialize", {"processId": None, "capabilities": {}})["code"] == -32600
    assert client.call("shutdown") is None
    # After shutdown every request is an invalid request; the process stays alive.
    assert client.call_error("session/list")["code"] == -32600
    assert client.daemon.running
    client.notify("exit")
    assert client.finish() == 0
    assert client.inbox == [], "nothing is sent after exit"


def test_stdio_exit_without_shutdown_exits_1(stdio):
    client = stdio()
    client.initialize()
    client.call("session/create", create_params())
    client.notify("exit")
    assert client.finish() == 1


def test_stdio_exit_before_initialize_exits_1(stdio):
    client = stdio()
    client.notify("exit")
    assert client.finish() == 1


def test_stdio_end_of_input_after_shutdown_exits_0(stdio):
    client = stdio()
    client.initialize()
    assert client.call("shutdown") is None
    client.close_stdin()
    assert client.finish() == 0


def test_stdio_end_of_input_without_shutdown_exits_1(stdio):
    client = stdio()
    client.initialize()
    client.call("session/create", create_params())
    client.close_stdin()
    assert client.finish() == 1


def test_stdio_end_of_input_before_initialize_exits_1(stdio):
    client = stdio()
    client.close_stdin()
    assert client.finish() == 1


def test_stdio_end_of_input_during_a_transition_ends_it_and_exits_1(stdio):
    client = stdio()
    client.initialize()
    s = client.call("session/create", create_params())["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 30})
    client.close_stdin()
    assert client.finish() == 1


def test_stdio_sigterm_exits(stdio):
    client = stdio()
    client.initialize()
    client.daemon.proc.send_signal(signal.SIGTERM)
    code = client.finish()
    # Killed by a signal it did not handle would be negative.
    assert code in (0, 1)


def test_stdio_logs_never_reach_stdout(stdio):
    """Debug logging and bad input: stdout still holds framed messages only (the
    client's parser is strict), and the logs are on stderr."""
    client = stdio("--log-level", "debug")
    client.send_bytes(b"Content-Length: 2\r\n\r\n{}")
    client.initialize()
    client.send_bytes(b"garbage line\r\n\r\n")
    client.call("session/create", create_params())
    client.notify("no/such/notification", {})
    client.call("shutdown")
    client.notify("exit")
    assert client.finish() == 0
    assert client.daemon.stderr().strip() != ""


# ---------------------------------------------------------------------------
# Unix socket


def test_socket_lifecycle(server):
    srv = server()
    client = srv.connect(initialize=False)
    assert client.call_error("session/list")["code"] == -32002
    assert client.call_error("transition/status", {"session": "s1"})["code"] == -32002
    check_initialize_result(client.initialize())
    assert client.call_error("initialize", {"processId": None, "capabilities": {}})["code"] == -32600
    assert client.call("shutdown") is None
    assert client.call_error("session/list")["code"] == -32600
    client.notify("exit")
    # exit ends this connection, not the daemon.
    client.wait_eof()
    assert client.inbox == []
    assert srv.daemon.running
    other = srv.connect()
    assert other.call("session/list") == {"sessions": []}
    # The lifecycle is per connection: a new one starts uninitialized.
    fresh = srv.connect(initialize=False)
    assert fresh.call_error("session/list")["code"] == -32002
    srv.daemon.proc.send_signal(signal.SIGTERM)
    assert srv.daemon.wait() == 0
    assert not srv.path.exists()


def test_socket_exit_without_shutdown_closes_only_that_connection(server):
    srv = server()
    owner = srv.connect()
    owner.call("session/create", create_params())
    watcher = srv.connect()
    owner.notify("exit")
    owner.wait_eof()
    assert srv.daemon.running
    # Its sessions ended with it.
    assert watcher.call("session/list") == {"sessions": []}


def test_socket_end_of_input_keeps_the_daemon(server):
    srv = server()
    client = srv.connect()
    client.call("session/create", create_params())
    client.sock.shutdown(2)
    client.close()
    other = srv.connect()
    assert other.call("session/list") == {"sessions": []}
    assert srv.daemon.running


# ---------------------------------------------------------------------------
# stdin that is not a pipe


def scripted_input(tmp_path, messages, name="input.bin"):
    path = tmp_path / name
    path.write_bytes(b"".join(frame(m) for m in messages))
    return path


SCRIPT = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "id": 2, "method": "session/create", "params": create_params(clock="manual")},
    {"jsonrpc": "2.0", "id": 3, "method": "transition/start",
     "params": {"session": "s1", "to": GRID, "duration": 0.75, "timing": {"easing": "quarticEaseInOut"},
                "contentOffset": {"placement": "center", "items": [[0, 20]]}}},
    {"jsonrpc": "2.0", "id": 4, "method": "clock/advance", "params": {"session": "s1", "by": 0.3}},
    {"jsonrpc": "2.0", "id": 5, "method": "clock/advance", "params": {"session": "s1", "to": 1}},
    {"jsonrpc": "2.0", "id": 6, "method": "session/list"},
    {"jsonrpc": "2.0", "id": 7, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]


def check_script_output(messages):
    responses = {m["id"]: m for m in messages if "id" in m}
    assert sorted(responses) == [1, 2, 3, 4, 5, 6, 7]
    assert all("error" not in r for r in responses.values()), responses
    check_initialize_result(responses[1]["result"])
    assert responses[2]["result"]["session"] == "s1"
    assert responses[2]["result"]["contentSize"] == {"width": 375, "height": 6000}
    assert responses[3]["result"]["toContentOffset"] == {"x": 0, "y": 1537.75}
    assert abs(responses[4]["result"]["progress"] - 0.2048) < 1e-9
    assert responses[5]["result"]["progress"] == 1
    assert responses[6]["result"]["sessions"][0]["state"] == "idle"
    assert responses[7]["result"] is None
    ticks = [m for m in messages if m.get("method") == "transition/tick"]
    ends = [m for m in messages if m.get("method") == "transition/didEnd"]
    assert [t["params"]["seq"] for t in ticks] == [1, 2]
    assert len(ends) == 1 and ends[0]["params"]["reason"] == "finished"
    # Order: each tick comes before the response of the advance that caused it.
    order = [m.get("id", m.get("method")) for m in messages]
    assert order.index("transition/didEnd") < order.index(5)


@pytest.mark.parametrize("stdout_kind", ["pipe", "file"])
def test_stdin_from_a_regular_file(spawn, tmp_path, stdout_kind):
    script = scripted_input(tmp_path, SCRIPT)
    out_path = tmp_path / "out.bin"
    with open(script, "rb") as stdin, open(out_path, "wb") as out_file:
        daemon = spawn("--stdio", stdin=stdin,
                       stdout=subprocess.PIPE if stdout_kind == "pipe" else out_file)
        if stdout_kind == "pipe":
            output, _ = daemon.proc.communicate(timeout=20)
        else:
            daemon.wait(20)
            output = out_path.read_bytes()
    assert daemon.proc.returncode == 0, daemon.stderr()
    check_script_output(parse_stream(output))


def test_stdin_from_a_regular_file_without_shutdown_exits_1(spawn, tmp_path):
    script = scripted_input(tmp_path, SCRIPT[:6])
    with open(script, "rb") as stdin:
        daemon = spawn("--stdio", stdin=stdin)
        output, _ = daemon.proc.communicate(timeout=20)
    assert daemon.proc.returncode == 1, daemon.stderr()
    ids = [m["id"] for m in parse_stream(output) if "id" in m]
    assert ids == [1, 2, 3, 4, 5]


def test_stdin_from_dev_null(spawn):
    with open("/dev/null", "rb") as stdin:
        daemon = spawn("--stdio", stdin=stdin)
        output, _ = daemon.proc.communicate(timeout=20)
    assert daemon.proc.returncode == 1, daemon.stderr()
    assert output == b""
