"""Socket activation as sd_listen_fds reads it: the listening socket on fd 3 when
LISTEN_PID is the daemon's own process id, its file left to its owner; anything else on
fd 3 is refused with a log line and exit 1. The portable build has no socket
activation: it refuses to start when the variables name it."""

from __future__ import annotations

import os
import select
import socket
import stat
import subprocess
import sys

import pytest

from e2e_harness import SocketClient, binary_path, portable_build

pytestmark = pytest.mark.native_only("socket activation is the native daemon's")
linux_only = pytest.mark.linux_only("socket activation is systemd's; the portable build has none")


def activate(sock: socket.socket, tmp_path, *args: str) -> subprocess.Popen:
    """Runs `transitiond --listen` with `sock` as fd 3 and LISTEN_PID set to its pid."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LISTEN_")}
    env.update(LISTEN_FDS="1", LISTEN_FDNAMES="transitiond.socket", XDG_RUNTIME_DIR=str(tmp_path))
    # The pid is known only after the fork: set it in the process that then becomes the daemon.
    script = ("import os, sys; os.dup2(int(sys.argv[1]), 3); os.environ['LISTEN_PID'] = str(os.getpid()); "
              "os.execv(sys.argv[2], sys.argv[2:])")
    return subprocess.Popen([sys.executable, "-c", script, str(sock.fileno()), str(binary_path()), "--listen", *args],
                            env=env, pass_fds=[sock.fileno()], stdin=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


@linux_only
def test_serves_the_passed_socket_and_leaves_its_file(tmp_path, socket_dir):
    path = socket_dir / "activated.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    os.chmod(path, 0o640)
    listener.listen(8)
    daemon = activate(listener, tmp_path, "--listen-timeout", "1s")
    try:
        client = SocketClient(path)
        assert client.initialize()["serverInfo"]["name"] == "transitiond"
        client.close()
        assert daemon.wait(timeout=30) == 0, daemon.stderr.read()
        # systemd's file: neither removed nor made 0600.
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
        assert stat.S_IMODE(os.lstat(path).st_mode) == 0o640
        # Nothing was bound at the default path instead.
        assert not (tmp_path / "transitiond" / "transitiond.sock").exists()
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait(timeout=20)
        listener.close()


def unlistened_stream():
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    b.close()
    return a


def listening_tcp():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    return s


@linux_only
@pytest.mark.parametrize("make_socket, complaint", [
    (unlistened_stream, "fd 3 from systemd is not listening"),
    (lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM), "fd 3 from systemd is not a stream socket"),
    (listening_tcp, "fd 3 from systemd is not a Unix socket"),
])
def test_anything_but_a_listening_unix_stream_socket_is_refused(make_socket, complaint, tmp_path):
    sock = make_socket()
    daemon = activate(sock, tmp_path)
    try:
        assert daemon.wait(timeout=30) == 1
        assert complaint in daemon.stderr.read()
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait(timeout=20)
        sock.close()


@linux_only
def test_the_next_connection_after_an_idle_exit_starts_it_again(tmp_path, socket_dir):
    """As systemd does: it keeps the listening socket, and a connection waiting on it
    while no daemon runs starts one, which serves it."""
    path = socket_dir / "reactivated.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(8)
    daemons = []
    try:
        for round_ in range(2):
            # The client connects first: the kernel queues it on the socket nobody serves.
            client = SocketClient(path)
            readable, _, _ = select.select([listener], [], [], 30)
            assert readable == [listener], "the waiting connection did not make the socket readable"
            daemon = activate(listener, tmp_path, "--listen-timeout", "1s")
            daemons.append(daemon)
            assert client.initialize()["serverInfo"]["name"] == "transitiond", f"round {round_}"
            client.close()
            assert daemon.wait(timeout=30) == 0, daemon.stderr.read()
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        for daemon in daemons:
            if daemon.poll() is None:
                daemon.kill()
                daemon.wait(timeout=20)
        listener.close()


def test_the_portable_build_refuses_a_passed_socket(tmp_path, socket_dir):
    """Without socket activation, a daemon that the variables name says so and exits 1
    rather than bind the default path beside a socket it was given."""
    if not portable_build():
        pytest.skip("the Linux build serves the passed socket (the tests above)")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(socket_dir / "unserved.sock"))
    listener.listen(8)
    daemon = activate(listener, tmp_path)
    try:
        assert daemon.wait(timeout=30) == 1
        assert "socket activation (LISTEN_PID, LISTEN_FDS) is not supported in this build" in daemon.stderr.read()
        assert not (tmp_path / "transitiond" / "transitiond.sock").exists()
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait(timeout=20)
        listener.close()
