"""Durable sessions: a named keepAlive session outlives its daemon. A daemon that owns its
socket writes each one's state at rest under XDG_STATE_HOME (or --state-dir) and restores
it when it starts: after kill -9, after the idle exit of --listen-timeout, and when a
forwarder starts a new daemon. A file that cannot be restored is set aside as .corrupt
and the others are restored; two daemons started at once leave one writer.

Each test starts from the repro of issue 29: before durable sessions, every one of these
restarts came back with `session/list` empty. Every wait is for a positive event (a file
with the expected content, a reply, a process gone); nothing is concluded from a sleep.
Every test has a private XDG_STATE_HOME (conftest's `state_home`)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path

import pytest

from e2e_harness import GRID, LIST, SocketClient, binary_path, create_params, wait_for_socket
from shared_runtime import gone, wait_until

pytestmark = pytest.mark.native_only("durable sessions are kept by the native daemon")


def state_file(directory: Path, name: str) -> Path:
    return directory / f"{name}.json"


def wait_for_state(path: Path, check=lambda state: True) -> dict:
    """Waits until `path` holds a state that passes `check`; returns it."""
    found: dict = {}

    def ready() -> bool:
        try:
            found["state"] = json.loads(path.read_text())
        except (OSError, ValueError):
            return False
        return check(found["state"])

    wait_until(ready, f"{path} with the expected state")
    return found["state"]


def start_daemon(spawn, socket: Path, *args: str, log_name: str | None = None):
    daemon = spawn("--listen", str(socket), "--log-level", "info", *args, log_name=log_name)
    wait_for_socket(socket, daemon)
    return daemon


def connect(socket: Path) -> SocketClient:
    client = SocketClient(socket)
    client.initialize()
    return client


def kill_9(daemon) -> None:
    os.kill(daemon.pid, signal.SIGKILL)
    daemon.wait()


def attributes(client, session: str) -> list:
    return client.call("layout/attributes", {"session": session, "all": True})["attributes"]


def test_kill_9_after_a_transition_ended_then_restart_restores_it(spawn, socket_dir, state_home):
    socket = socket_dir / "d.sock"
    directory = state_home / "transitiond"
    daemon = start_daemon(spawn, socket)
    client = connect(socket)
    created = client.call("session/create", create_params(
        name="gallery", keepAlive=True, clock="manual", fps=30, encoding="compact", precision=3,
        layout=LIST, contentInset={"top": 20, "left": 0, "bottom": 34, "right": 0},
        sections=[{"items": 30, "ids": [f"i{n}" for n in range(30)]}],
        contentOffset={"x": 0, "y": 120}))
    s = created["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 0.5})
    client.call("clock/advance", {"session": s, "to": 1})
    client.notification("transition/didEnd", s)
    before = attributes(client, s)
    offset = client.call("transition/status", {"session": s})["contentOffset"]
    # The end of the transition is a change at rest: the file shows the grid.
    state = wait_for_state(state_file(directory, "gallery"), lambda st: st["layout"]["type"] == "grid")
    assert state["format"] == "transitiond.session" and state["version"] == 1
    assert (state["clock"], state["fps"], state["encoding"], state["precision"], state["time"]) == (
        "manual", 30, "compact", 3, 1)
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(state_file(directory, "gallery").stat().st_mode) == 0o600

    kill_9(daemon)
    start_daemon(spawn, socket)
    again = connect(socket)
    listed = again.call("session/list")["sessions"]
    assert [(e["name"], e["keepAlive"], e["state"], e["clock"], e["fps"], e["items"], e["layoutState"])
            for e in listed] == [("gallery", True, "idle", "manual", 30, 30, "grid")]
    subscribed = again.call("session/subscribe", {"name": "gallery"})
    restored = subscribed["session"]
    assert subscribed["contentOffset"] == offset
    assert attributes(again, restored) == before
    # Its manual clock goes on from where it was written.
    assert again.call("transition/status", {"session": restored})["time"] == 1


def test_a_rate_outlives_the_daemon(spawn, socket_dir, state_home):
    socket = socket_dir / "d.sock"
    daemon = start_daemon(spawn, socket)
    client = connect(socket)
    s = client.call("session/create", create_params(name="slow", keepAlive=True, clock="manual"))["session"]
    assert client.call("clock/setRate", {"session": s, "rate": 0.25})["rate"] == 0.25
    wait_for_state(state_file(state_home / "transitiond", "slow"), lambda st: st.get("rate") == 0.25)
    kill_9(daemon)
    start_daemon(spawn, socket)
    again = connect(socket)
    assert [(e["name"], e["rate"]) for e in again.call("session/list")["sessions"]] == [("slow", 0.25)]
    restored = again.call("session/subscribe", {"name": "slow"})["session"]
    again.call("transition/start", {"session": restored, "to": GRID, "duration": 1})
    # A second of its clock is a quarter second of its time.
    assert again.call("clock/advance", {"session": restored, "by": 1})["time"] == 0.25


def test_a_transition_in_flight_is_restored_at_the_rest_it_started_from(spawn, socket_dir, state_home):
    socket = socket_dir / "d.sock"
    path = state_file(state_home / "transitiond", "flight")
    daemon = start_daemon(spawn, socket)
    client = connect(socket)
    s = client.call("session/create", create_params(
        name="flight", keepAlive=True, layout=LIST, contentOffset={"x": 0, "y": 300}))["session"]
    wait_for_state(path)
    at_rest = attributes(client, s)
    # A realtime transition that is still running when the daemon is killed.
    client.call("transition/start", {"session": s, "to": GRID, "duration": 600})
    client.notification("transition/tick", s)
    kill_9(daemon)

    start_daemon(spawn, socket)
    again = connect(socket)
    subscribed = again.call("session/subscribe", {"name": "flight"})
    assert subscribed["state"] == "idle"
    assert subscribed["contentOffset"] == {"x": 0, "y": 300}
    assert attributes(again, subscribed["session"]) == at_rest


def test_the_idle_exit_of_listen_timeout_keeps_the_sessions(spawn, socket_dir, state_home):
    socket = socket_dir / "d.sock"
    daemon = start_daemon(spawn, socket, "--listen-timeout", "500ms")
    client = connect(socket)
    s = client.call("session/create", create_params(name="kept", keepAlive=True))["session"]
    client.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": 240}})
    client.call("session/create", create_params(name="not kept"))
    client.close()
    assert daemon.wait(timeout=30) == 0, daemon.stderr()

    start_daemon(spawn, socket)
    again = connect(socket)
    listed = again.call("session/list")["sessions"]
    assert [(e["name"], e["keepAlive"]) for e in listed] == [("kept", True)]
    assert again.call("session/subscribe", {"name": "kept"})["contentOffset"] == {"x": 0, "y": 240}


def test_dispose_removes_the_file(spawn, socket_dir, state_home):
    socket = socket_dir / "d.sock"
    path = state_file(state_home / "transitiond", "brief")
    start_daemon(spawn, socket)
    client = connect(socket)
    s = client.call("session/create", create_params(name="brief", keepAlive=True))["session"]
    wait_for_state(path)
    client.call("session/dispose", {"session": s})
    wait_until(lambda: not path.exists(), "the disposed session's file to go")


def write_state(directory: Path, name: str, **overrides) -> Path:
    state = {"format": "transitiond.session", "version": 1, "name": name, "keepAlive": True,
             "viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],
             "layout": {"type": "list", "rowHeight": 60}, "clock": "realtime", "fps": 60,
             "encoding": "objects"}
    state.update(overrides)
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    path.write_text(json.dumps(state))
    return path


def test_a_corrupt_file_is_set_aside_and_the_others_are_restored(spawn, socket_dir, tmp_path):
    directory = tmp_path / "states"
    write_state(directory, "good")
    (directory / "broken.json").write_text('{"format": "transitiond.session", "vers')
    write_state(directory, "misfit", layout={"type": "explicit", "frames": [[0, 0, 1, 1]]})
    write_state(directory, "renamed").rename(directory / "elsewhere.json")
    (directory / "huge.json").write_text(" " * 5000 + "{}")
    (directory / ".good.json.tmp").write_text("{half a wri")
    socket = socket_dir / "d.sock"
    daemon = start_daemon(spawn, socket, "--state-dir", str(directory), "--max-message-bytes", "4096")
    client = connect(socket)
    assert [e["name"] for e in client.call("session/list")["sessions"]] == ["good"]
    assert sorted(p.name for p in directory.iterdir()) == [
        ".lock", "broken.json.corrupt", "elsewhere.json.corrupt", "good.json", "huge.json.corrupt",
        "misfit.json.corrupt"]
    log = daemon.stderr()
    assert f"cannot restore {directory}/broken.json: not JSON" in log
    assert "set aside as broken.json.corrupt" in log
    assert f"cannot restore {directory}/huge.json: 5002 bytes, over the message limit of 4096" in log
    assert f"cannot restore {directory}/misfit.json:" in log and "layout" in log
    assert f"cannot restore {directory}/elsewhere.json: it holds session 'renamed'" in log


def test_at_most_max_sessions_are_restored(spawn, socket_dir, tmp_path):
    directory = tmp_path / "states"
    for name in ["a", "b", "c"]:
        write_state(directory, name)
    socket = socket_dir / "d.sock"
    daemon = start_daemon(spawn, socket, "--state-dir", str(directory), "--max-sessions", "2")
    client = connect(socket)
    assert [e["name"] for e in client.call("session/list")["sessions"]] == ["a", "b"]
    # The one left over is kept as it is for a daemon with room for it.
    assert (directory / "c.json").exists()
    assert "1 more state files" in daemon.stderr()


def test_a_stdio_daemon_and_no_state_keep_nothing(spawn, stdio, socket_dir, tmp_path, state_home):
    client = stdio()
    client.initialize()
    client.call("session/create", create_params(name="stdio", keepAlive=True))
    # A second round trip: whatever the first call caused is done.
    client.call("session/list")
    assert not state_home.exists()
    socket = socket_dir / "d.sock"
    start_daemon(spawn, socket, "--no-state")
    other = connect(socket)
    other.call("session/create", create_params(name="unkept", keepAlive=True))
    other.call("session/list")
    assert not state_home.exists()


def test_two_daemons_started_at_once_leave_one_writer(spawn, socket_dir, tmp_path):
    directory = tmp_path / "states"
    write_state(directory, "shared")
    socket = socket_dir / "d.sock"
    args = ("--listen", str(socket), "--state-dir", str(directory), "--log-level", "info")
    first = spawn(*args, log_name="first.log")
    second = spawn(*args, log_name="second.log")
    wait_until(lambda: not first.running or not second.running, "one of the two daemons to give up")
    loser, winner = (first, second) if not first.running else (second, first)
    assert loser.wait() == 1
    assert "keeping durable sessions" not in loser.stderr()
    assert "restored session" not in loser.stderr()
    client = connect(socket)
    assert [e["name"] for e in client.call("session/list")["sessions"]] == ["shared"]
    assert f"keeping durable sessions in {directory} (1 restored)" in winner.stderr()
    client.call("session/create", create_params(name="second", keepAlive=True))
    wait_for_state(directory / "second.json")
    assert sorted(p.name for p in directory.iterdir()) == [".lock", "second.json", "shared.json"]


def test_a_forwarder_starts_a_daemon_that_has_the_sessions(runtime, state_home):
    editor = runtime.forwarder()
    editor.initialize()
    s = editor.call("session/create", create_params(name="preview", keepAlive=True, clock="manual"))["session"]
    editor.call("session/scroll", {"session": s, "contentOffset": {"x": 0, "y": 600}})
    wait_for_state(state_file(state_home / "transitiond", "preview"),
                   lambda st: st["contentOffset"] == {"x": 0, "y": 600})
    pid = runtime.the_daemon()
    os.kill(pid, signal.SIGKILL)
    assert editor.finish() == 1
    wait_until(lambda: gone(pid), "the killed daemon")

    # The next forwarder starts a new daemon, which restored the session before serving.
    script = runtime.forwarder()
    script.initialize()
    assert runtime.the_daemon() != pid
    listed = script.call("session/list")["sessions"]
    assert [(e["name"], e["keepAlive"], e["clock"]) for e in listed] == [("preview", True, "manual")]
    assert script.call("session/subscribe", {"name": "preview"})["contentOffset"] == {"x": 0, "y": 600}


def test_state_dir_and_no_state_are_in_the_help():
    r = subprocess.run([str(binary_path()), "--help"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0
    assert "--state-dir <dir>" in r.stdout and "--no-state" in r.stdout and "XDG_STATE_HOME" in r.stdout


def test_a_state_directory_that_cannot_be_used_still_starts_the_daemon(spawn, socket_dir, tmp_path):
    not_a_directory = tmp_path / "plain-file"
    not_a_directory.write_text("")
    socket = socket_dir / "d.sock"
    daemon = start_daemon(spawn, socket, "--state-dir", str(not_a_directory))
    client = connect(socket)
    client.call("session/create", create_params(name="unkept", keepAlive=True))
    assert [e["name"] for e in client.call("session/list")["sessions"]] == ["unkept"]
    assert f"no durable sessions: '{not_a_directory}' is not a directory" in daemon.stderr()


def test_two_daemons_on_different_sockets_never_both_write_one_directory(spawn, socket_dir, tmp_path):
    """The repro: daemons on two sockets with one --state-dir both restored its files and
    both wrote them. The directory's lock leaves the second keeping no state."""
    directory = tmp_path / "states"
    write_state(directory, "shared")
    first = start_daemon(spawn, socket_dir / "one.sock", "--state-dir", str(directory), log_name="one.log")
    wait_until(lambda: "keeping durable sessions" in first.stderr(), "the first daemon to keep state")
    second = start_daemon(spawn, socket_dir / "two.sock", "--state-dir", str(directory), log_name="two.log")
    client = connect(socket_dir / "two.sock")
    assert client.call("session/list")["sessions"] == []
    client.call("session/create", create_params(name="unkept", keepAlive=True))
    assert (f"no durable sessions: another daemon keeps durable sessions in '{directory}' "
            f"(it holds {directory}/.lock)") in second.stderr(), second.stderr()
    # The first still keeps the directory: its new session's file appears, the second's never.
    keeper = connect(socket_dir / "one.sock")
    keeper.call("session/create", create_params(name="kept", keepAlive=True))
    wait_for_state(directory / "kept.json")
    assert sorted(p.name for p in directory.iterdir()) == [".lock", "kept.json", "shared.json"]
