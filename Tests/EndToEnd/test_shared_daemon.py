"""`transitiond --remote`: forwarders that share the per-user daemon (started on demand,
one for forwarders started at once, gone after its idle timeout), byte-for-byte
forwarding, and what a forwarder says when its daemon dies.

Each test has a private runtime directory (XDG_RUNTIME_DIR), so no two tests share a
daemon; every daemon a test started is killed at teardown."""

from __future__ import annotations

import json
import os
import signal
import socket as sockets
import subprocess

import pytest

from e2e_harness import GRID, Daemon, ProcessClient, binary_path, create_params, frame, parse_stream, portable_build
from shared_runtime import WAIT, Runtime, gone, wait_until

pytestmark = pytest.mark.native_only("the --remote forwarder is the native daemon's")


def initialize(client: ProcessClient, process_id: int | None = None) -> dict:
    result = client.call("initialize", {"processId": process_id if process_id is not None else os.getpid(),
                                        "clientInfo": {"name": "e2e", "version": "1"}, "capabilities": {}})
    client.notify("initialized", {})
    return result


def test_forwarders_started_at_once_share_one_daemon_and_its_named_session(runtime):
    # All four start before any of them is read from: they race to start the daemon.
    script, editor1, editor2, lister = (runtime.forwarder() for _ in range(4))
    for client in (script, editor1, editor2, lister):
        assert initialize(client)["serverInfo"]["name"] == "transitiond"
    runtime.the_daemon()
    assert runtime.socket.is_socket()

    s = script.call("session/create", create_params(name="shared", clock="manual"))["session"]
    for editor in (editor1, editor2):
        assert editor.call("session/subscribe", {"name": "shared"})["session"] == s
    listed = lister.call("session/list")["sessions"]
    assert [(e["session"], e["name"], e["ownerProcessId"], e["subscribers"], e["owned"]) for e in listed] == \
        [(s, "shared", os.getpid(), 2, False)]

    script.call("transition/start", {"session": s, "to": GRID, "duration": 1})
    script.call("clock/advance", {"session": s, "by": 0.25})
    for client in (script, editor1, editor2):
        tick = client.notification("transition/tick", s)["params"]
        assert tick["time"] == 0.25 and tick["session"] == s


def test_the_daemon_it_starts_exits_after_its_listen_timeout(runtime):
    client = runtime.forwarder("--listen-timeout", "500ms")
    initialize(client)
    pid, args = runtime.daemons()[0]
    assert args[1:] == ["--listen", str(runtime.socket), "--listen-timeout", "500ms", "--log-level", "warning"]
    client.close_stdin()
    assert client.finish() == 0
    wait_until(lambda: gone(pid), "the idle daemon to exit")
    wait_until(lambda: not runtime.socket.exists(), "the socket file to go")


def test_the_started_daemon_waits_a_minute_by_default(runtime):
    initialize(runtime.forwarder("--log-level", "info"))
    (_, args), = runtime.daemons()
    assert args[1:] == ["--listen", str(runtime.socket), "--listen-timeout", "60000ms", "--log-level", "info"]
    # It logs to the runtime directory, not to the forwarder's standard error.
    wait_until(lambda: "listening on" in runtime.daemon_log.read_text(), "the daemon's log")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_a_forwarder_whose_daemon_dies_reports_it(runtime, how):
    client = runtime.forwarder()
    initialize(client)
    pid = runtime.the_daemon()
    os.kill(pid, how)
    assert client.finish() == 1
    # SO_PEERCRED names the daemon's pid; getpeereid (the portable build) does not.
    who = "the daemon" if portable_build() else f"the daemon (pid {pid})"
    assert client.daemon.stderr() == f"transitiond: {who} at '{runtime.socket}' went away\n"
    # The next forwarder starts a new daemon (over the stale socket file a killed one left).
    initialize(runtime.forwarder())
    assert runtime.the_daemon() != pid


def test_input_ended_gets_the_replies_first(runtime):
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None}},
        {"jsonrpc": "2.0", "id": 2, "method": "session/create", "params": create_params(name="piped")},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    r = subprocess.run([str(binary_path()), "--remote=auto"], input=b"".join(frame(m) for m in messages),
                       capture_output=True, timeout=WAIT, env=runtime.env)
    assert r.returncode == 0, r.stderr
    replies = parse_stream(r.stdout)
    assert [m["id"] for m in replies] == [1, 2, 3]
    assert replies[1]["result"]["name"] == "piped"
    assert r.stderr == b""


def test_a_dead_editor_closes_its_connection_through_the_forwarder(runtime):
    # The editor's processId reaches the daemon unchanged, which watches it.
    editor = subprocess.Popen(["sleep", "600"])
    try:
        client = runtime.forwarder()
        initialize(client, process_id=editor.pid)
        client.call("session/create", create_params(name="editor's"))
        other = runtime.forwarder()
        initialize(other)
        assert [e["name"] for e in other.call("session/list")["sessions"]] == ["editor's"]
        editor.kill()
        editor.wait()
        # The daemon closes that connection and keeps running: the forwarder exits 0.
        assert client.finish() == 0
        assert client.daemon.stderr() == ""
        assert other.call("session/list")["sessions"] == []
    finally:
        editor.kill()
        editor.wait()


def test_remote_path_forwards_to_a_given_socket_and_starts_nothing(server, runtime, tmp_path):
    srv = server()
    process = Daemon([f"--remote={srv.path}"], tmp_path / "path-forwarder.log", env=runtime.env)
    runtime.forwarders.append(process)
    client = ProcessClient(process)
    initialize(client)
    assert client.call("session/create", create_params(name="direct"))["name"] == "direct"
    assert [e["name"] for e in srv.connect().call("session/list")["sessions"]] == ["direct"]
    assert runtime.daemons() == []


def test_a_burst_the_daemon_cannot_answer_at_once_still_flows_through(server, runtime):
    # The daemon stops reading while 32 KiB of replies wait; the forwarder must keep
    # reading them while it still holds requests the daemon has not taken, or each
    # side waits for the other forever.
    srv = server("--max-backlog-bytes", "65536")
    count = 20_000
    messages = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None}}]
    messages += [{"jsonrpc": "2.0", "id": i, "method": "bench/unknown"} for i in range(1, count + 1)]
    messages += [{"jsonrpc": "2.0", "id": count + 1, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    burst = b"".join(frame(m) for m in messages)
    assert len(burst) > 1_400_000
    r = subprocess.run([str(binary_path()), f"--remote={srv.path}"], input=burst, capture_output=True,
                       timeout=120, env=runtime.env)
    assert r.returncode == 0, r.stderr
    replies = parse_stream(r.stdout)
    assert [m["id"] for m in replies] == list(range(count + 2))
    assert {m["error"]["code"] for m in replies[1:-1]} == {-32601}


def test_remote_path_without_a_daemon_fails_clearly(runtime):
    path = runtime.root / "nothing.sock"
    r = subprocess.run([str(binary_path()), f"--remote={path}"], capture_output=True, text=True, timeout=WAIT,
                       stdin=subprocess.DEVNULL, env=runtime.env)
    assert r.returncode == 1
    assert r.stderr == f"transitiond: cannot connect to '{path}': No such file or directory\n"
    assert r.stdout == ""


@pytest.mark.parametrize("args, message", [
    (["--remote=auto", "--listen", "/tmp/x.sock"], "--remote forwards to a daemon; --listen is the daemon's option"),
    (["--remote=auto", "--stdio"], "--remote forwards to a daemon; --stdio is the daemon's option"),
    (["--remote=/tmp/x.sock", "--listen-timeout", "1s"], "--listen-timeout with --remote needs --remote=auto"),
    (["--remote", ""], "--remote takes auto or a socket path"),
])
def test_usage_errors(args, message):
    r = subprocess.run([str(binary_path()), *args], capture_output=True, text=True, timeout=WAIT,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 64
    assert message in r.stderr
    assert r.stdout == ""


def transitionctl(runtime: Runtime, *args: str) -> subprocess.CompletedProcess:
    ctl = os.environ.get("TRANSITIONCTL") or str(binary_path().parent / "transitionctl")
    # transitionctl starts the forwarder: the transitiond under test ($TRANSITIOND).
    return subprocess.run([ctl, *args], capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL,
                          env=dict(runtime.env, TRANSITIOND=str(binary_path())))


def test_transitionctl_shared_sessions_table(runtime):
    created = transitionctl(runtime, "--shared", "call", "session/create",
                            '{"name": "gallery", "viewport": {"width": 375, "height": 667}, '
                            '"sections": [{"items": 100}], "layout": {"type": "list", "rowHeight": 60}, '
                            '"clock": "manual", "keepAlive": true}')
    assert created.returncode == 0, created.stderr
    # An editor (here a forwarder) follows the script's session by its name.
    editor = runtime.forwarder()
    initialize(editor)
    editor.call("session/subscribe", {"name": "gallery"})
    table = transitionctl(runtime, "--shared", "sessions")
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines() == [
        "SESSION  NAME     OWNER PID  SUBSCRIBERS  STATE  ITEMS  LAYOUT  CLOCK   KEEPALIVE",
        "s1       gallery  -          1            idle   100    list    manual  yes",
    ]
    listed = transitionctl(runtime, "--shared", "sessions", "--json")
    assert [(e["name"], e["subscribers"]) for e in json.loads(listed.stdout)["sessions"]] == \
        [("gallery", 1)]
    # Both commands went through forwarders to the one daemon.
    runtime.the_daemon()


def test_transitionctl_sessions_alone_lists_the_running_shared_daemon(runtime):
    """Issue 29: `transitionctl sessions` with no options started a private daemon and
    printed an empty table while the shared daemon held sessions."""
    alone = transitionctl(runtime, "sessions")
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout.splitlines() == [
        "SESSION  NAME  OWNER PID  SUBSCRIBERS  STATE  ITEMS  LAYOUT  CLOCK  KEEPALIVE"]
    assert "no daemon runs on the default socket" in alone.stderr
    created = transitionctl(runtime, "--shared", "call", "session/create",
                            '{"name": "gallery", "viewport": {"width": 375, "height": 667}, '
                            '"sections": [{"items": 10}], "layout": {"type": "list", "rowHeight": 60}, '
                            '"clock": "manual", "keepAlive": true}')
    assert created.returncode == 0, created.stderr
    table = transitionctl(runtime, "sessions")
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines() == [
        "SESSION  NAME     OWNER PID  SUBSCRIBERS  STATE  ITEMS  LAYOUT  CLOCK   KEEPALIVE",
        "s1       gallery  -          0            idle   10     list    manual  yes",
    ]
    assert table.stderr == ""
    runtime.the_daemon()


def test_transitionctl_shared_and_socket_are_exclusive(runtime):
    r = transitionctl(runtime, "--shared", "--socket", "/tmp/x.sock", "sessions")
    assert r.returncode == 64
    assert "--shared reaches the shared daemon and --socket a given one" in r.stderr


def test_a_daemon_that_cannot_start_is_reported_with_its_log(runtime):
    # A file that is not a socket where the socket goes: the daemon refuses to replace it.
    runtime.socket.parent.mkdir(mode=0o700)
    runtime.socket.write_text("not a socket")
    r = subprocess.run([str(binary_path()), "--remote=auto"], capture_output=True, text=True, timeout=WAIT,
                       stdin=subprocess.DEVNULL, env=runtime.env)
    assert r.returncode == 1
    assert r.stderr == (f"transitiond: the daemon it started exited with status 1 before answering on "
                        f"'{runtime.socket}'; see {runtime.daemon_log}\n")
    assert f"'{runtime.socket}' exists and is not a socket" in runtime.daemon_log.read_text()
    assert r.stdout == ""


def test_a_daemon_closing_without_a_word_is_replaced_and_told_it_all(runtime):
    # A daemon exiting (idle) just as the forwarder connected: it accepts, stops
    # listening, and closes the connection without answering.
    runtime.socket.parent.mkdir(mode=0o700)
    listener = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    listener.bind(str(runtime.socket))
    listener.listen(1)
    client = runtime.forwarder()
    initialize_id = client.request("initialize", {"processId": os.getpid(), "capabilities": {}})
    listener.settimeout(WAIT)
    connection, _ = listener.accept()
    listener.close()
    os.unlink(runtime.socket)
    connection.close()
    # The forwarder started the real daemon and sent it the initialize it had sent.
    assert client.response(initialize_id)["result"]["serverInfo"]["name"] == "transitiond"
    client.notify("initialized", {})
    assert client.call("session/list") == {"sessions": []}
    runtime.the_daemon()
    assert client.daemon.stderr() == ""
