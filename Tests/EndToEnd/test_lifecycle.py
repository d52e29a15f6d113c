"""The LSP lifecycle over stdio and over the Unix socket, and stdin that is not a pipe."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from e2e_harness import GRID, Client, ProcessClient, binary_path, create_params, frame, parse_stream, portable_build

EASINGS = [
    f"{family}{kind}"
    for family in ["quadratic", "cubic", "quartic", "quintic", "sine", "circular", "exponential", "elastic",
                   "back", "bounce"]
    for kind in ["EaseIn", "EaseOut", "EaseInOut"]
]


def version() -> str:
    out = subprocess.run([str(binary_path()), "--version"], capture_output=True, timeout=10, check=True)
    # The portable build adds a second line (test_version_and_help).
    name, number = out.stdout.decode().splitlines()[0].split()
    assert name == "transitiond"
    return number


def check_initialize_result(result: dict) -> None:
    assert result["serverInfo"] == {"name": "transitiond", "version": version()}
    caps = result["capabilities"]
    assert set(caps["layoutTypes"]) == {"flow", "list", "grid", "displaySwitch", "explicit"}
    assert set(caps["easings"]) == {"linear", *EASINGS}
    assert len(EASINGS) + 1 == 31
    assert set(caps["timingForms"]) == {"easing", "cubicBezier", "steps", "linear", "spring"}
    assert set(caps["placements"]) == {"center", "top", "bottom", "left", "right", "minimal", "visible"}
    assert set(caps["contentOffsetStrategies"]) == {"automatic", "displaySwitch"}
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


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_stdio_signal_exits_1(stdio, sig):
    client = stdio()
    client.initialize()
    s = client.call("session/create", create_params())["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 30})
    client.notification("transition/tick", s)
    client.daemon.proc.send_signal(sig)
    # Handled (a process killed by the signal would report a negative code).
    assert client.finish() == 1


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


# ---------------------------------------------------------------------------
# The client's process


SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


@pytest.fixture
def client_process():
    proc = subprocess.Popen(SLEEPER)
    yield proc
    if proc.poll() is None:
        proc.kill()
        proc.wait(5)


def wait_exit(daemon, timeout=5.0):
    try:
        return daemon.wait(timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the daemon is still running {timeout} s after its client process died") from None


def test_stdio_exits_when_the_client_process_dies(stdio, client_process):
    client = stdio()
    client.call("initialize", {"processId": client_process.pid, "capabilities": {}})
    client.call("session/create", create_params())
    time.sleep(0.6)
    assert client.daemon.running
    client_process.kill()
    client_process.wait(5)
    assert wait_exit(client.daemon) == 1


def test_socket_client_is_closed_when_its_process_dies(server, client_process):
    # A shared daemon outlives any one client: the dead process's connection closes,
    # the others go on being served.
    srv = server()
    other = srv.connect()
    client = srv.connect(initialize=False)
    client.call("initialize", {"processId": client_process.pid, "capabilities": {}})
    time.sleep(0.6)
    assert srv.daemon.running
    client_process.kill()
    client_process.wait(5)
    client.wait_eof()
    assert srv.daemon.running
    assert other.call("session/list") == {"sessions": []}


@pytest.mark.parametrize("form", ["separate", "inline"])
def test_client_process_id_option(spawn, client_process, form):
    args = ["--clientProcessId", str(client_process.pid)] if form == "separate" else \
        [f"--clientProcessId={client_process.pid}"]
    daemon = spawn("--stdio", *args)
    time.sleep(0.6)
    assert daemon.running
    client_process.kill()
    client_process.wait(5)
    assert wait_exit(daemon) == 1


# ---------------------------------------------------------------------------
# The command line


def run(*args, timeout=10):
    return subprocess.run([str(binary_path()), *args], capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)


def test_version_and_help():
    out = run("--version")
    lines = out.stdout.decode().splitlines()
    assert out.returncode == 0 and lines[0] == f"transitiond {version()}"
    # The portable build says so on a second line; the Linux build prints only the first.
    if portable_build():
        assert lines[1:] == ["portable build: libuv tick timer, getpeereid, no socket activation, no /proc"]
    else:
        assert lines[1:] == []
    for flag in ["--help", "-h"]:
        out = run(flag)
        assert out.returncode == 0
        text = out.stdout.decode()
        for word in ["OVERVIEW:", "USAGE:", "OPTIONS:", "--stdio", "--listen", "--max-message-bytes", "--log-file"]:
            assert word in text, word
        assert out.stderr == b""


@pytest.mark.parametrize("args", [
    ["--frobnicate"], ["--max-depth", "1"], ["--log-level", "loud"], ["--max-message-bytes", "10"],
    ["--max-message-bytes", "lots"], ["--clientProcessId", "-5"], ["--max-sessions", "0"]])
def test_command_line_mistakes_exit_64(args):
    out = run(*args)
    assert out.returncode == 64, (args, out)
    err = out.stderr.decode()
    assert err.startswith("Error: ") and "USAGE: transitiond" in err, err
    assert out.stdout == b""


def test_log_file(spawn, tmp_path):
    log = tmp_path / "daemon.log"
    for round in range(2):
        daemon = spawn("--stdio", "--log-file", str(log), "--log-level", "debug", log_name=f"stderr{round}.log")
        client = ProcessClient(daemon)
        client.initialize()
        client.send_bytes(b"Content-Length: x\r\n\r\n")
        client.call("shutdown")
        client.notify("exit")
        assert client.finish() == 0
        assert daemon.stderr() == ""
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    text = log.read_text()
    # Appended: both runs are there.
    assert text.count("invalid Content-Length 'x'") == 2, text


def test_stdout_to_a_regular_file_blocks_rather_than_coalesces(spawn, tmp_path):
    """With standard output a regular file, every tick is written: no seq gap."""
    r, w = os.pipe()
    out_path = tmp_path / "out.bin"
    with open(out_path, "wb") as out:
        daemon = spawn("--stdio", stdin=r, stdout=out)
    os.close(r)
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "session/create", "params": create_params(fps=240)},
        {"jsonrpc": "2.0", "id": 3, "method": "transition/start", "params": {"session": "s1", "to": GRID,
                                                                            "duration": 0.5}},
    ]
    os.write(w, b"".join(frame(m) for m in messages))
    # The transition's end is in the file once its didEnd is.
    deadline = time.monotonic() + 10
    while b"transition/didEnd" not in out_path.read_bytes():
        assert time.monotonic() < deadline, "no didEnd within 10 s"
        time.sleep(0.02)
    os.write(w, frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    os.close(w)
    assert daemon.wait(10) == 0
    output = parse_stream(out_path.read_bytes())
    ticks = [m["params"] for m in output if m.get("method") == "transition/tick"]
    assert [t["seq"] for t in ticks] == list(range(1, len(ticks) + 1))
    # At most one tick per deadline of 0.5 s at 240 fps (a late daemon skips some).
    assert 2 <= len(ticks) <= 0.5 * 240 + 2
    assert ticks[-1]["progress"] == 1
    assert [m["params"]["reason"] for m in output if m.get("method") == "transition/didEnd"] == ["finished"]
    assert sorted(m["id"] for m in output if "id" in m) == [1, 2, 3, 4]


@pytest.mark.parametrize("params,field", [({"processId": "x", "capabilities": {}}, "params.processId"),
                                          ({"trace": "loud", "capabilities": {}}, "params.trace")])
def test_initialize_with_invalid_params(stdio, params, field):
    client = stdio()
    error = client.call_error("initialize", params)
    assert error["code"] == -32602 and error["data"]["field"] == field, error
    # Not initialized by it.
    assert client.call_error("session/list")["code"] == -32002
    check_initialize_result(client.initialize())


# ---------------------------------------------------------------------------
# stdin that is a terminal or a socket


class FdClient(ProcessClient):
    """A client on a daemon whose stdin is `write_fd`'s peer and stdout `read_fd`'s."""

    def __init__(self, daemon, read_fd, write_fd):
        Client.__init__(self, "fd client")
        self.daemon, self.proc, self.read_fd, self.write_fd = daemon, daemon.proc, read_fd, write_fd

    def fileno(self):
        return self.read_fd

    def _read(self):
        try:
            return os.read(self.read_fd, 1 << 20)
        except OSError:
            return b""

    def send_bytes(self, data):
        view = memoryview(data)
        while view:
            view = view[os.write(self.write_fd, view):]


def lifecycle_over(client):
    check_initialize_result(client.initialize())
    s = client.call("session/create", create_params(clock="manual"))["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 0.75,
                                     "timing": {"easing": "quarticEaseInOut"},
                                     "contentOffset": {"placement": "center", "items": [[0, 20]]}})
    tick = client.call("clock/advance", {"session": s, "by": 0.3})
    assert abs(tick["progress"] - 0.2048) < 1e-9
    assert client.call("shutdown") is None
    client.notify("exit")


def test_stdin_is_a_terminal(spawn):
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        daemon = spawn("--stdio", stdin=slave)
    finally:
        os.close(slave)
    client = FdClient(daemon, daemon.proc.stdout.fileno(), master)
    try:
        lifecycle_over(client)
        client.wait_eof()
        assert daemon.wait(10) == 0
    finally:
        os.close(master)


def test_stdin_and_stdout_are_a_socket(spawn):
    import socket
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        daemon = spawn("--stdio", stdin=theirs.fileno(), stdout=theirs.fileno())
    finally:
        theirs.close()
    client = FdClient(daemon, ours.fileno(), ours.fileno())
    try:
        lifecycle_over(client)
        client.wait_eof()
        assert daemon.wait(10) == 0
    finally:
        ours.close()


@pytest.mark.parametrize("stdin", ["pipe", "file"])
def test_a_script_that_reads_slowly_gets_every_answer_after_its_input_ends(stdin, tmp_path):
    # A script pipes a whole run in and closes its end; it reads the answers more slowly
    # than the daemon writes them. The end of input (and the exit before it) must not
    # cut off what the daemon still owes: replies, ticks and didEnds were once dropped
    # from libuv's queue when the daemon stopped.
    advances = 400
    requests = [
        frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}}),
        frame({"jsonrpc": "2.0", "id": 2, "method": "session/create",
               "params": create_params(clock="manual", sections=[{"items": 400}])}),
        frame({"jsonrpc": "2.0", "id": 3, "method": "transition/start",
               "params": {"session": "s1", "to": GRID, "duration": 1}}),
    ]
    requests += [
        frame({"jsonrpc": "2.0", "id": 4 + k, "method": "clock/advance", "params": {"session": "s1", "by": 1 / advances}})
        for k in range(advances)
    ]
    last_id = 4 + advances
    requests.append(frame({"jsonrpc": "2.0", "id": last_id, "method": "shutdown"}))
    requests.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    import threading
    if stdin == "file":
        # A regular file is read on to its end whatever the daemon is doing.
        run = tmp_path / "run.lsp"
        run.write_bytes(b"".join(requests))
        with open(run, "rb") as source:
            daemon = subprocess.Popen([str(binary_path()), "--stdio"], stdin=source, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL)
        feeder = threading.Thread(target=lambda: None)
    else:
        daemon = subprocess.Popen([str(binary_path()), "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)

        def feed():
            daemon.stdin.write(b"".join(requests))
            daemon.stdin.close()

        feeder = threading.Thread(target=feed)
    feeder.start()
    output = bytearray()
    fd = daemon.stdout.fileno()
    while chunk := os.read(fd, 8192):
        output += chunk
        time.sleep(0.0005)  # a slow reader, not a wait for anything
    feeder.join()
    status = daemon.wait(10)
    messages = parse_stream(bytes(output))
    answered = [m["id"] for m in messages if "id" in m]
    assert answered == list(range(1, last_id + 1))
    assert all("result" in m for m in messages if "id" in m)
    ticks = [m for m in messages if m.get("method") == "transition/tick"]
    assert [t["params"]["seq"] for t in ticks] == list(range(1, advances + 1))
    assert [m.get("method") for m in messages].count("transition/didEnd") == 1
    assert status == 0
