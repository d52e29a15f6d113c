"""Fixtures: transitiond processes over stdio and over a Unix socket, with clients.

Every test runs under a wall-clock limit (`@pytest.mark.time_limit(seconds)`, default
30 s) enforced with SIGALRM, or a limit of its process's CPU time
(`@pytest.mark.cpu_time_limit(seconds)`, SIGPROF) for a fixed amount of computing that
other work on the machine must not fail, and every read has its own deadline, so
nothing hangs.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

import pytest

from e2e_harness import (Daemon, ProcessClient, SocketClient, binary_path, host_is_node, portable_build,
                         wait_for_socket)
from shared_runtime import Runtime

DEFAULT_TIME_LIMIT = 30.0


class TimeLimitExceeded(AssertionError):
    pass


def pytest_configure(config):
    # Also registered here for runs whose rootdir is not this folder (several suites at once).
    config.addinivalue_line("markers", "time_limit(seconds): wall-clock limit of one test (default 30 s)")
    config.addinivalue_line(
        "markers", "cpu_time_limit(seconds): limit of the CPU time of the test's process, instead of time_limit")
    config.addinivalue_line(
        "markers", "native_only(reason): needs the native daemon (skipped against transitiond on Node)")
    config.addinivalue_line(
        "markers", "linux_only(reason): needs a Linux-only call (skipped against the portable build)")


def pytest_runtest_setup(item):
    # The daemon on Node (Clients/web/bin/transitiond.mjs) runs the same service; what
    # only the native daemon has (WebSocket, --remote, socket activation, its process's
    # memory and descriptors) is not asked of it.
    marker = item.get_closest_marker("native_only")
    if marker and host_is_node():
        pytest.skip(f"native only: {marker.args[0]}")
    # The portable build (`-DTRANSITIOND_PORTABLE`, which says so in its --version) has
    # the fallbacks a macOS or BSD build compiles: what needs one of Linux's own calls
    # (socket activation, ...) is not asked of it.
    marker = item.get_closest_marker("linux_only")
    if marker and portable_build():
        pytest.skip(f"Linux only: {marker.args[0]}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    # A test whose work is a fixed amount of computing (a million requests) is held to
    # the CPU time of its own process instead, which other work on a shared machine
    # does not stretch; its every wait has its own deadline, so it cannot hang either.
    cpu = item.get_closest_marker("cpu_time_limit")
    marker = item.get_closest_marker("time_limit")
    if cpu:
        limit = float(cpu.args[0])
        timer, signum, text = signal.ITIMER_PROF, signal.SIGPROF, f"used more than {limit} s of CPU"
    else:
        limit = float(marker.args[0]) if marker else DEFAULT_TIME_LIMIT
        timer, signum, text = signal.ITIMER_REAL, signal.SIGALRM, f"ran longer than {limit} s"

    def expired(signum, frame):
        raise TimeLimitExceeded(f"{item.nodeid} {text}")

    previous = signal.signal(signum, expired)
    signal.setitimer(timer, limit)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signum, previous)


# Figures that tests record with `record_property("figures", text)`, printed at the end
# of the run (memory and timings of test_hostile.py), in the order the tests ran.
_figures: list[str] = []


def pytest_runtest_logreport(report):
    if report.when == "call":
        _figures.extend(f"{report.nodeid}: {value}" for name, value in report.user_properties if name == "figures")


def pytest_terminal_summary(terminalreporter):
    if _figures:
        terminalreporter.write_sep("-", "recorded figures")
        for line in _figures:
            terminalreporter.write_line(line)


def pytest_sessionstart(session):
    path = binary_path()
    if not path.is_file():
        raise pytest.UsageError(
            f"transitiond not found at {path}: run `swift build` first or set TRANSITIOND")


@pytest.fixture(autouse=True)
def state_home(tmp_path: Path, monkeypatch) -> Path:
    """A private XDG_STATE_HOME for every daemon a test starts (before the `runtime`
    fixture copies the environment), so no test reads or writes the user's durable
    sessions, nor another test's."""
    path = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(path))
    return path


@pytest.fixture
def spawn(tmp_path: Path) -> Callable[..., Daemon]:
    """Starts transitiond with the given arguments; every process is killed at teardown."""
    started: list[Daemon] = []

    def start(*args: str, stdin=None, stdout=None, log_name: str | None = None) -> Daemon:
        name = log_name or f"daemon{len(started) + 1}.log"
        daemon = Daemon(args, tmp_path / name,
                        stdin=subprocess.PIPE if stdin is None else stdin,
                        stdout=subprocess.PIPE if stdout is None else stdout)
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.stop()


@pytest.fixture
def stdio(spawn) -> Callable[..., ProcessClient]:
    """A daemon in stdio mode and the client on its pipes."""
    clients: list[ProcessClient] = []

    def start(*args: str) -> ProcessClient:
        client = ProcessClient(spawn("--stdio", *args))
        clients.append(client)
        return client

    yield start
    # Whatever is left on stdout must still be framed messages only.
    for client in clients:
        client.close_stdin()
        if client.daemon.running:
            client.daemon.stop()
        if not client.eof and not client.proc.stdout.closed:
            try:
                rest = client.proc.stdout.read()
            except (OSError, ValueError):
                rest = b""
            client.parser.feed(rest)


@pytest.fixture
def socket_dir() -> Path:
    """A short private directory for socket files (sun_path holds 107 bytes)."""
    path = Path(tempfile.mkdtemp(prefix="td-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Server:
    def __init__(self, daemon: Daemon, path: Path) -> None:
        self.daemon = daemon
        self.path = path
        self.clients: list[SocketClient] = []

    def connect(self, initialize: bool = True, name: str | None = None) -> SocketClient:
        client = SocketClient(self.path, name or f"socket client {len(self.clients) + 1}")
        self.clients.append(client)
        if initialize:
            client.initialize()
        return client


@pytest.fixture
def server(spawn, socket_dir) -> Callable[..., Server]:
    """Starts `transitiond --listen <path>` and waits until it accepts connections."""
    servers: list[Server] = []

    def start(*args: str, name: str = "d.sock") -> Server:
        path = socket_dir / name
        daemon = spawn("--listen", str(path), *args, log_name=f"{name}.log")
        wait_for_socket(path, daemon)
        s = Server(daemon, path)
        servers.append(s)
        return s

    yield start
    for s in servers:
        for client in s.clients:
            client.close()


@pytest.fixture(params=["stdio", "socket"])
def transport(request, stdio, server) -> str:
    return request.param


@pytest.fixture
def connect(transport, stdio, server) -> Callable[..., object]:
    """An initialized client over the parametrized transport (one daemon per test,
    started with `args` by the first call)."""
    state: dict = {}

    def make(initialize: bool = True, args: tuple[str, ...] = ()):
        if transport == "stdio":
            assert "stdio" not in state, "stdio serves one client"
            client = stdio(*args)
            state["stdio"] = client
        else:
            if "server" not in state:
                state["server"] = server(*args)
            client = state["server"].connect(initialize=False)
        if initialize:
            client.initialize()
        return client

    return make


@pytest.fixture
def runtime(tmp_path) -> Runtime:
    """A private runtime directory for `--remote=auto`; its daemons are killed after."""
    # Short (sun_path holds 107 bytes) and private, as the daemon insists.
    root = Path(tempfile.mkdtemp(prefix="tdr-", dir="/tmp"))
    os.chmod(root, 0o700)
    rt = Runtime(root, tmp_path)
    yield rt
    for process in rt.forwarders:
        process.stop()
    for pid, _ in rt.daemons():
        os.kill(pid, signal.SIGKILL)
    shutil.rmtree(root, ignore_errors=True)
