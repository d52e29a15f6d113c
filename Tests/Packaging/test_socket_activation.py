"""The systemd user units with systemd-socket-activate standing in for systemd.

The service's ExecStart is read from packaging/systemd/transitiond.service (with the
daemon under test for /usr/bin/transitiond and a 1 s idle timeout), so the test follows
the unit. Skipped until the daemon takes a socket from systemd and --listen-timeout.
"""

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))
from e2e_harness import SocketClient  # noqa: E402

TRANSITIOND = os.environ.get("TRANSITIOND") or str(ROOT / ".build" / "debug" / "transitiond")
UNITS = ROOT / "packaging" / "systemd"


def unit_value(unit: str, key: str) -> str:
    m = re.search(rf"^{key}=(.*)$", (UNITS / unit).read_text(), re.M)
    assert m, f"{key} missing from {unit}"
    return m.group(1)


def test_socket_unit_listens_on_the_daemons_default_path(tmp_path):
    """--listen without a path and the socket unit name the same file."""
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    listen = unit_value("transitiond.socket", "ListenStream").replace("%t", str(runtime))
    daemon = subprocess.Popen([TRANSITIOND, "--listen"], env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)),
                              stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while not Path(listen).exists():
            assert daemon.poll() is None, daemon.stderr.read()
            assert time.monotonic() < deadline, f"no socket at {listen}"
            time.sleep(0.02)
        client = SocketClient(listen)
        assert client.initialize()["serverInfo"]["name"] == "transitiond"
        client.sock.close()
        assert oct(Path(listen).parent.stat().st_mode & 0o777) == oct(int(unit_value("transitiond.socket", "DirectoryMode"), 8))
        assert oct(Path(listen).stat().st_mode & 0o777) == oct(int(unit_value("transitiond.socket", "SocketMode"), 8))
    finally:
        daemon.terminate()
        daemon.wait(timeout=20)


def test_first_connection_starts_the_daemon_which_exits_when_idle(tmp_path):
    help_text = subprocess.run([TRANSITIOND, "--help"], capture_output=True, text=True, check=True).stdout
    if "--listen-timeout" not in help_text:
        pytest.skip("the daemon does not take --listen-timeout and LISTEN_FDS yet (the units need both)")
    if not shutil.which("systemd-socket-activate"):
        pytest.skip("systemd-socket-activate is not installed (Debian systemd)")
    runtime = tmp_path / "run"
    (runtime / "transitiond").mkdir(parents=True, mode=0o700)
    listen = unit_value("transitiond.socket", "ListenStream").replace("%t", str(runtime))
    command = unit_value("transitiond.service", "ExecStart").split()
    assert command[0] == "/usr/bin/transitiond"
    command[0] = TRANSITIOND
    command[command.index("--listen-timeout") + 1] = "1s"
    activator = subprocess.Popen(
        ["systemd-socket-activate", "-l", listen, "-E", f"XDG_RUNTIME_DIR={runtime}", *command],
        stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while not Path(listen).exists():
            assert activator.poll() is None, activator.stderr.read()
            assert time.monotonic() < deadline
            time.sleep(0.02)
        client = SocketClient(listen)
        assert client.initialize()["serverInfo"]["name"] == "transitiond"
        client.sock.close()
        # Idle for the timeout: it exits 0 by itself.
        assert activator.wait(timeout=30) == 0
    finally:
        if activator.poll() is None:
            activator.terminate()
            activator.wait(timeout=20)
