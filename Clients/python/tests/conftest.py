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

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

HERE = Path(__file__).resolve().parent
PACKAGE_ROOT = HERE.parent
REPO_ROOT = HERE.parents[2]
sys.path.insert(0, str(PACKAGE_ROOT / "src"))

from transitiond import AsyncClient, Client  # noqa: E402


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


# Schema validation ------------------------------------------------------------------


def schema_directory() -> Tuple[Optional[Path], str]:
    """The schema directory and, when there is none, why."""
    configured = os.environ.get("TRANSITIOND_SCHEMA_DIR")
    candidates = [Path(configured)] if configured else []
    candidates.append(REPO_ROOT / "Protocol" / "schema")
    for candidate in candidates:
        if candidate.is_dir() and any(candidate.glob("*.json")):
            return candidate, ""
    where = " or ".join(str(c) for c in candidates)
    return None, "no JSON Schemas in %s (set TRANSITIOND_SCHEMA_DIR to a schema directory)" % where


def schema_name(method: str, part: str) -> str:
    return "%s.%s.json" % (method.replace("/", "."), part)


class SchemaSet:
    """The schemas of a directory, with ``$ref`` between files resolved."""

    def __init__(self, directory: Path) -> None:
        from jsonschema.validators import validator_for
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        self.directory = directory
        self._validators: Dict[str, Any] = {}
        documents: Dict[str, Any] = {}
        registry = Registry()
        for path in sorted(directory.rglob("*.json")):
            with open(path, encoding="utf-8") as f:
                contents = json.load(f)
            uri = path.resolve().as_uri()
            if isinstance(contents, dict) and "$id" not in contents:
                contents = dict(contents, **{"$id": uri})
            resource = Resource.from_contents(contents, default_specification=DRAFT202012)
            registry = registry.with_resource(uri, resource)
            if isinstance(contents, dict) and isinstance(contents.get("$id"), str):
                registry = registry.with_resource(contents["$id"], resource)
            documents[path.relative_to(directory).as_posix()] = contents
        self.names = set(documents)
        for name, contents in documents.items():
            cls = validator_for(contents, default=_default_validator())
            cls.check_schema(contents)
            self._validators[name] = cls(contents, registry=registry)

    def errors(self, name: str, instance: Any) -> Optional[List[str]]:
        """None when there is no schema ``name``, else the validation errors."""
        validator = self._validators.get(name)
        if validator is None:
            return None
        return [
            "%s: %s" % ("/".join(str(p) for p in e.absolute_path) or "(root)", e.message)
            for e in sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        ]


def _default_validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator


_SCHEMAS: Dict[str, Any] = {}


def load_schemas() -> Tuple[Optional[SchemaSet], str]:
    """The schema set (loaded once), or None and why."""
    if "value" not in _SCHEMAS:
        directory, reason = schema_directory()
        schemas = None
        if directory is not None:
            try:
                import jsonschema  # noqa: F401
                import referencing  # noqa: F401
            except ImportError:
                reason = "the jsonschema package (>= 4.18) is not installed"
            else:
                schemas = SchemaSet(directory)
        _SCHEMAS["value"] = (schemas, reason)
    return _SCHEMAS["value"]


class Traffic:
    """Every message received by the clients of one test, with the method it belongs to."""

    def __init__(self) -> None:
        self.messages: List[Tuple[Optional[str], Dict[str, Any]]] = []
        self._lock = threading.Lock()

    def hook(self, message: Dict[str, Any], method: Optional[str]) -> None:
        with self._lock:
            self.messages.append((method, message))

    def problems(self, schemas: SchemaSet) -> Tuple[List[str], int]:
        """(problems, number of messages validated)."""
        problems: List[str] = []
        validated = 0
        with self._lock:
            messages = list(self.messages)
        for method, message in messages:
            what, name, instance = describe(method, message)
            if name is None:
                problems.append("%s: %s" % (what, instance))
                continue
            if name == "error.json" and name not in schemas.names:
                validated += 1  # the shape was checked above; no schema for errors
                continue
            errors = schemas.errors(name, instance)
            if errors is None:
                problems.append("%s: no schema %s in %s" % (what, name, schemas.directory))
            elif errors:
                problems.append("%s does not match %s:\n    %s\n    message: %s" % (
                    what, name, "\n    ".join(errors), json.dumps(message)[:600]))
            else:
                validated += 1
            STATS[name or "?"] = STATS.get(name or "?", 0) + 1
        return problems, validated


STATS: Dict[str, int] = {}


def describe(method: Optional[str], message: Dict[str, Any]) -> Tuple[str, Optional[str], Any]:
    """(what it is, schema file name, the instance to validate)."""
    if message.get("jsonrpc") != "2.0":
        return "message %s" % json.dumps(message)[:200], None, "jsonrpc is not \"2.0\""
    if "method" in message:
        name = message["method"]
        if "id" in message:
            return "request %s from the daemon" % name, schema_name(name, "params"), message.get("params")
        return "notification %s" % name, schema_name(name, "params"), message.get("params")
    if method is None:
        return "response to unknown request id %r" % message.get("id"), None, "no request had that id"
    if "error" in message:
        error = message["error"]
        ok = isinstance(error, dict) and isinstance(error.get("code"), int) and isinstance(error.get("message"), str)
        if not ok:
            return "error response to %s" % method, None, "error is not {code: int, message: str}"
        return "error response to %s" % method, "error.json", error
    return "result of %s" % method, schema_name(method, "result"), message.get("result")


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
            "transitiond schema validation: %d messages checked against %d schemas" % (total, len(STATS))
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
        deadline = time.monotonic() + 5.0
        while not os.path.exists(self.path):
            if self.process.poll() is not None:
                raise RuntimeError("transitiond --listen exited with %s" % self.process.returncode)
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("transitiond --listen did not create %s within 5s" % self.path)
            time.sleep(0.01)

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
