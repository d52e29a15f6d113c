"""Fixtures for the tests of the Python client, run against the real daemon.

* The package is imported from ``Clients/python/src`` (no install needed).
* The daemon is ``$TRANSITIOND``, else ``<repo>/.build/debug/transitiond``.
* Every message the daemon sends to a client opened through these fixtures is
  recorded and, after each test, validated against the JSON Schemas of
  ``Protocol/schema/`` (``$TRANSITIOND_SCHEMA_DIR`` overrides the directory): a
  notification against ``<method>.params.json``, a result against
  ``<request method>.result.json`` (slashes become dots). Without a schema directory
  the validation is skipped, and said so.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent
REPO_ROOT = HERE.parents[2]
sys.path.insert(0, str(PACKAGE_ROOT / "src"))

from transitiond import Client  # noqa: E402


# The daemon -------------------------------------------------------------------------


def daemon_path() -> Path:
    configured = os.environ.get("TRANSITIOND")
    return Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "transitiond"


@pytest.fixture(scope="session")
def transitiond_path() -> str:
    path = daemon_path()
    if not path.is_file() or not os.access(path, os.X_OK):
        pytest.fail(
            "transitiond not found at %s: build it (swift build --product transitiond) or set TRANSITIOND" % path,
            pytrace=False,
        )
    return str(path)


# Schema validation (see transitiond_traffic.py) ---------------------------------------

sys.path.insert(0, str(HERE))
from transitiond_traffic import STATS, Traffic, load_schemas  # noqa: E402


@pytest.fixture
def traffic(request: pytest.FixtureRequest) -> Iterator[Traffic]:
    """Records the daemon's messages of this test and validates them afterwards."""
    recorded = Traffic()
    yield recorded
    schemas, _ = load_schemas()
    if schemas is None or not recorded.messages:
        return
    problems, _ = recorded.problems(schemas)
    if problems:
        pytest.fail(
            "%d message(s) from the daemon fail schema validation:\n  %s" % (len(problems), "\n  ".join(problems)),
            pytrace=False,
        )


def pytest_report_header(config: Any) -> str:
    schemas, reason = load_schemas()
    if schemas is None:
        return "transitiond schema validation: SKIPPED (%s)" % reason
    return "transitiond schema validation: %d schemas in %s" % (len(schemas.names), schemas.directory)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    schemas, reason = load_schemas()
    if schemas is None:
        terminalreporter.write_line("transitiond schema validation skipped: %s" % reason)
    elif STATS:
        total = sum(STATS.values())
        terminalreporter.write_line(
            "transitiond schema validation: %d messages from the daemon checked (%d kinds)" % (total, len(STATS))
        )


# Clients ----------------------------------------------------------------------------


@pytest.fixture
def open_client(transitiond_path: str, traffic: Traffic) -> Iterator[Callable[..., Client]]:
    """Opens synchronous clients (spawned, or ``socket=path``) that feed ``traffic``;
    closes those still open after the test."""
    clients: List[Client] = []

    def open_(socket: Optional[str] = None, **kwargs: Any) -> Client:
        kwargs.setdefault("on_message", traffic.hook)
        kwargs.setdefault("timeout", 5.0)
        if socket is not None:
            client = Client.connect(socket, **kwargs)
        else:
            kwargs.setdefault("path", transitiond_path)
            client = Client.spawn(**kwargs)
        clients.append(client)
        return client

    yield open_
    for client in clients:
        client.close(timeout=5.0)


@pytest.fixture
def client(open_client: Callable[..., Client]) -> Client:
    return open_client()


@pytest.fixture
def async_options(transitiond_path: str, traffic: Traffic) -> Dict[str, Any]:
    """Keyword arguments for ``AsyncClient.spawn`` that feed ``traffic``."""
    return {"path": transitiond_path, "on_message": traffic.hook, "timeout": 5.0}


class ListeningDaemon:
    """``transitiond --listen PATH`` on a temporary socket."""

    def __init__(self, binary: str) -> None:
        self.directory = tempfile.mkdtemp(prefix="td-")
        self.path = os.path.join(self.directory, "transitiond.sock")
        self.process = subprocess.Popen([binary, "--listen", self.path], stdin=subprocess.DEVNULL)
        # Ready once a connection is accepted (the socket file appears at bind, before listen).
        deadline = time.monotonic() + 10.0
        while not self._accepts():
            if self.process.poll() is not None:
                raise RuntimeError("transitiond --listen exited with %s" % self.process.returncode)
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("transitiond --listen did not accept connections on %s within 10s" % self.path)
            time.sleep(0.01)

    def _accepts(self) -> bool:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(self.path)
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def stop(self) -> int:
        """SIGTERM, then the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(5.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if os.path.exists(self.path):
            os.unlink(self.path)
        if os.path.isdir(self.directory):
            os.rmdir(self.directory)
        return self.process.returncode


@pytest.fixture
def listening_daemon(transitiond_path: str) -> Iterator[ListeningDaemon]:
    """A daemon serving a temporary Unix socket, stopped after the test."""
    daemon = ListeningDaemon(transitiond_path)
    try:
        yield daemon
    finally:
        daemon.stop()
