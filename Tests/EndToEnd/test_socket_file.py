"""The socket file: created 0600, a stale one replaced, a live daemon never disturbed,
removed on SIGTERM/SIGINT, and a path too long for sun_path refused clearly."""

from __future__ import annotations

import fcntl
import os
import signal
import socket
import stat
import time
from pathlib import Path

import pytest

from e2e_harness import GRID, ClosedError, SocketClient, create_params, wait_for_socket


def test_socket_is_created_0600(server):
    srv = server()
    info = os.lstat(srv.path)
    assert stat.S_ISSOCK(info.st_mode)
    assert stat.S_IMODE(info.st_mode) == 0o600


def test_socket_mode_ignores_a_permissive_umask(spawn, socket_dir):
    old = os.umask(0)
    try:
        path = socket_dir / "open.sock"
        daemon = spawn("--listen", str(path))
    finally:
        os.umask(old)
    wait_for_socket(path, daemon)
    assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600


def make_stale_socket(path):
    """A socket file nobody listens on (what a crashed daemon leaves behind)."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.close()
    assert stat.S_ISSOCK(os.lstat(path).st_mode)
    with pytest.raises(ConnectionRefusedError):
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        finally:
            probe.close()


def assert_serves_no_session(path: Path) -> None:
    """A client at `path` is initialized and finds no session."""
    client = SocketClient(path)
    try:
        client.initialize()
        assert client.call("session/list") == {"sessions": []}
    finally:
        client.close()


def test_stale_socket_is_replaced(spawn, socket_dir):
    path = socket_dir / "stale.sock"
    make_stale_socket(path)
    daemon = spawn("--listen", str(path))
    wait_for_socket(path, daemon)
    assert_serves_no_session(path)
    assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600


def test_second_daemon_on_a_live_socket(server, spawn):
    first = server()
    client = first.connect()
    s = client.call("session/create", create_params())["session"]
    inode = os.lstat(first.path).st_ino
    second = spawn("--listen", str(first.path), log_name="second.log")
    code = second.wait(10)
    assert code == 1
    message = second.stderr()
    assert str(first.path) in message
    assert "already" in message.lower(), message
    # The first daemon's socket is untouched and still serves old and new clients.
    assert os.lstat(first.path).st_ino == inode
    assert first.daemon.running
    assert client.call("transition/status", {"session": s})["state"] == "idle"
    assert first.connect().call("session/list")["sessions"][0]["session"] == s


@pytest.mark.native_only("the lock on <path>.lock is the native daemon's (Node has no flock)")
def test_a_daemon_binding_the_path_holds_it_until_it_listens(spawn, socket_dir):
    """The race of two daemons started at once: the first has bound the socket but does
    not listen yet, so the second cannot connect and would take it for stale and replace
    it, leaving two daemons, one unreachable. The path's lock (<path>.lock, held here as
    the first daemon holds it from before its bind) makes the second give up."""
    path = socket_dir / "d.sock"
    make_stale_socket(path)  # bound, nobody listening
    inode = os.lstat(path).st_ino
    with open(f"{path}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        second = spawn("--listen", str(path), log_name="second.log")
        assert second.wait(10) == 1
        assert "already serving" in second.stderr(), second.stderr()
        assert os.lstat(path).st_ino == inode
    # Once nobody holds it, a lock file left behind (a daemon killed) is taken over, and
    # removed with the socket at exit.
    daemon = spawn("--listen", str(path), log_name="third.log")
    wait_for_socket(path, daemon)
    assert_serves_no_session(path)
    daemon.proc.send_signal(signal.SIGTERM)
    assert daemon.wait(10) == 0
    assert not path.exists() and not Path(f"{path}.lock").exists(), os.listdir(socket_dir)


def test_second_daemon_on_the_socket_of_a_full_daemon(server, spawn):
    # A daemon at --max-connections takes each new connection and closes it: it is
    # alive all the same, and its socket is not to be taken over.
    first = server("--max-connections", "1")
    deadline = time.monotonic() + 10
    while True:
        try:
            # The fixture's own probe of the socket may still hold the one place.
            client = first.connect()
            break
        except ClosedError:
            assert time.monotonic() < deadline, "the daemon never took a client"
            time.sleep(0.05)
    inode = os.lstat(first.path).st_ino
    second = spawn("--listen", str(first.path), log_name="second.log")
    assert second.wait(10) == 1
    assert "already" in second.stderr().lower(), second.stderr()
    assert os.lstat(first.path).st_ino == inode
    assert client.call("session/list") == {"sessions": []}


def test_a_path_that_is_not_a_socket_is_left_alone(spawn, socket_dir):
    path = socket_dir / "file.sock"
    path.write_text("precious")
    daemon = spawn("--listen", str(path))
    assert daemon.wait(10) == 1
    assert "not a socket" in daemon.stderr()
    assert path.read_text() == "precious"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_removes_the_socket_and_exits_0(server, sig):
    srv = server()
    client = srv.connect()
    s = client.call("session/create", create_params())["session"]
    client.call("transition/start", {"session": s, "to": GRID, "duration": 30})
    client.notification("transition/tick", s)
    srv.daemon.proc.send_signal(sig)
    assert srv.daemon.wait(10) == 0
    assert not os.path.lexists(srv.path)
    client.wait_eof(5)


@pytest.mark.parametrize("length,ok", [(107, True), (108, False), (200, False)])
def test_socket_path_length_limit(spawn, socket_dir, length, ok):
    base = str(socket_dir) + "/"
    path = base + "p" * (length - len(base))
    assert len(path.encode()) == length
    daemon = spawn("--listen", path, log_name="long.log")
    if ok:
        wait_for_socket(Path(path), daemon)
        daemon.proc.send_signal(signal.SIGTERM)
        assert daemon.wait(10) == 0
        return
    assert daemon.wait(10) != 0
    message = daemon.stderr()
    assert f"{length} bytes" in message and "107" in message, message
    # Nothing was created, not even at a truncated path.
    assert os.listdir(socket_dir) == [], os.listdir(socket_dir)
