"""--listen-timeout: the daemon exits 0 once no client has been connected for that long
(counted from the start and from when the last client left); a connected client keeps
it alive; the option is refused where it means nothing."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from e2e_harness import binary_path


def test_exits_0_after_the_last_client_left(server):
    srv = server("--listen-timeout", "1s")
    client = srv.connect()
    # Connected for longer than the timeout, the client still gets its reply (were the
    # daemon gone, the call would fail on the closed connection).
    time.sleep(1.5)
    assert client.call("session/list") == {"sessions": []}
    client.close()
    assert srv.daemon.wait(timeout=30) == 0, srv.daemon.stderr()
    # The daemon bound the socket, so it removes it.
    assert not srv.path.exists()


def test_exits_0_when_no_client_ever_came(spawn, socket_dir):
    daemon = spawn("--listen", str(socket_dir / "d.sock"), "--listen-timeout", "500ms")
    assert daemon.wait(timeout=30) == 0, daemon.stderr()


@pytest.mark.parametrize("duration", ["1x", "", "-1s", "0", "1.5s", "s", "ms5"])
def test_a_malformed_duration_is_a_usage_error(duration, socket_dir):
    r = subprocess.run([str(binary_path()), "--listen", str(socket_dir / "d.sock"), "--listen-timeout", duration],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 64
    assert f"--listen-timeout takes a duration such as 60s, 500ms, 2m or 60 (seconds), got '{duration}'" in r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize("args", [["--listen-timeout", "60s"], ["--stdio", "--listen-timeout", "2m"]])
def test_over_stdio_it_is_a_usage_error(args):
    r = subprocess.run([str(binary_path()), *args], capture_output=True, text=True, timeout=30,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 64
    assert "--listen-timeout needs --listen or --ws" in r.stderr
    assert r.stdout == ""


def test_a_missing_duration_is_a_usage_error(socket_dir):
    r = subprocess.run([str(binary_path()), "--listen", str(socket_dir / "d.sock"), "--listen-timeout"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 64
    assert "--listen-timeout needs a value" in r.stderr


@pytest.mark.native_only("WebSocket (--ws) is the native daemon's")
def test_with_ws_alone_it_exits_0_when_idle(tmp_path):
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    r = subprocess.run([str(binary_path()), "--ws", "127.0.0.1:0", "--listen-timeout", "500ms"],
                       capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
                       env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)))
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize("duration", ["60", "2m", "90s", "250000ms"])
def test_each_unit_is_accepted(duration, server):
    srv = server("--listen-timeout", duration)
    # Far from its timeout, the daemon serves a client.
    assert srv.connect().call("session/list") == {"sessions": []}
