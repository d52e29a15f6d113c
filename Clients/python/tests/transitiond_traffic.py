"""Validation of the daemon's messages against the JSON Schemas of ``Protocol/schema/``.

The directory is ``$TRANSITIOND_SCHEMA_DIR`` when set, else ``<repo>/Protocol/schema``.
Every message is checked against ``jsonrpc.json`` (the envelope) when there is one;
then a notification's params against ``<method>.params.json``, a result against
``<request method>.result.json`` (slashes become dots), an error against
``error.json`` when there is one (else only by the envelope, or by its shape).
"""

from __future__ import annotations

import importlib.util
import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

REPO_ROOT = Path(__file__).resolve().parents[3]


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
            if importlib.util.find_spec("jsonschema") is None or importlib.util.find_spec("referencing") is None:
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
            checks: List[Tuple[str, Any]] = []
            if ENVELOPE in schemas.names:
                checks.append((ENVELOPE, message))
            if name != "error.json" or name in schemas.names:
                checks.append((name, instance))
            for schema, value in checks:
                errors = schemas.errors(schema, value)
                if errors is None:
                    problems.append("%s: no schema %s in %s" % (what, schema, schemas.directory))
                elif errors:
                    problems.append("%s does not match %s:\n    %s\n    message: %s" % (
                        what, schema, "\n    ".join(errors), json.dumps(message)[:600]))
            validated += 1
            STATS[name] = STATS.get(name, 0) + 1
        return problems, validated


#: The schema of every JSON-RPC message (the envelope), when the directory has it.
ENVELOPE = "jsonrpc.json"
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


