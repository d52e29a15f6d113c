"""Replays the golden transcripts of Protocol/examples against the real daemon.

    python3 -m pytest Protocol/tests -q          (from the repository root)

The daemon is $TRANSITIOND, or .build/debug/transitiond under the repository root.
Each transcript runs in a fresh daemon over stdio. Every {"send": ...} line is
written as one framed message; every {"expect": ...} line must be the next message
the daemon writes, compared structurally (same members, same array lengths, same
strings and booleans, numbers within 1e-9). After the last line the input is closed
and nothing more may arrive; the exit code must be 0 when a shutdown succeeded
before the end, else 1.

Every message the daemon writes is also validated against Protocol/schema: the
JSON-RPC envelope and error data (jsonrpc.json), the params of each notification
(<method>.params.json) and the result of each response (<method>.result.json, the
method found by matching the response id to its request). The params of requests
that succeed must validate against <method>.params.json, and params refused with a
type error (-32602 with data.expected) or for an unknown member must be refused by that
schema too.
"""

import json
import math
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from lsp_stdio import EXAMPLES_DIR, REPO_ROOT, SCHEMA_DIR, Daemon, daemon_path, expects_reply, read_transcript

TOLERANCE = 1e-9
TRANSCRIPTS = sorted(EXAMPLES_DIR.glob("*.jsonl"))


# -- schemas -------------------------------------------------------------------


class Schemas:
    """The schema files, with relative $refs resolved between them."""

    def __init__(self, directory):
        self.directory = directory
        self.documents = {}
        resources = []
        for path in sorted(directory.glob("*.json")):
            document = json.loads(path.read_text(encoding="utf-8"))
            Draft202012Validator.check_schema(document)
            self.documents[path.name] = document
            resources.append((path.resolve().as_uri(), Resource.from_contents(document, default_specification=DRAFT202012)))
        self.registry = Registry().with_resources(resources)
        self._validators = {}

    @staticmethod
    def file_name(method, part):
        return method.replace("/", ".") + "." + part + ".json"

    def has(self, name):
        return name in self.documents

    def validator(self, name):
        if name not in self._validators:
            uri = (self.directory / name).resolve().as_uri()
            schema = dict(self.documents[name])
            schema["$id"] = uri  # so that "defs.json#/..." resolves next to the file
            self._validators[name] = Draft202012Validator(schema, registry=self.registry)
        return self._validators[name]

    def errors(self, name, instance):
        return sorted(self.validator(name).iter_errors(instance), key=lambda e: list(e.absolute_path))

    def check(self, name, instance, what):
        errors = self.errors(name, instance)
        if errors:
            details = "\n".join(
                "  at /%s: %s" % ("/".join(map(str, e.absolute_path)), e.message[:300]) for e in errors[:5]
            )
            pytest.fail("%s does not validate against %s:\n%s\n%s" % (what, name, details, json.dumps(instance)[:2000]))


@pytest.fixture(scope="module")
def schemas():
    return Schemas(SCHEMA_DIR)


@pytest.fixture(scope="module")
def binary():
    path = daemon_path()
    if not path.exists():
        pytest.fail("no daemon at %s: build it with `swift build` or set TRANSITIOND" % path)
    return path


# -- structural comparison -------------------------------------------------------


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def differences(expected, actual, path="$"):
    """Where `actual` differs from `expected` (numbers within the tolerance)."""
    if is_number(expected):
        if not is_number(actual):
            return ["%s: expected the number %r, got %r" % (path, expected, actual)]
        scale = max(1.0, abs(expected), abs(actual))
        if not (math.isfinite(actual) and abs(expected - actual) <= TOLERANCE * scale):
            return ["%s: expected %r, got %r" % (path, expected, actual)]
        return []
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        if type(actual) is not type(expected) or actual != expected:
            return ["%s: expected %r, got %r" % (path, expected, actual)]
        return []
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return ["%s: expected an array, got %r" % (path, actual)]
        if len(actual) != len(expected):
            return ["%s: expected %d elements, got %d" % (path, len(expected), len(actual))]
        found = []
        for index, (e, a) in enumerate(zip(expected, actual)):
            found += differences(e, a, "%s[%d]" % (path, index))
        return found
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return ["%s: expected an object, got %r" % (path, actual)]
        found = []
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                found.append("%s.%s: missing" % (path, key))
            elif key not in expected:
                found.append("%s.%s: unexpected member %r" % (path, key, actual[key]))
            else:
                found += differences(expected[key], actual[key], "%s.%s" % (path, key))
        return found
    return ["%s: cannot compare %r" % (path, expected)]


# -- what the daemon sends -------------------------------------------------------


def id_key(value):
    """A hashable key for a request id that tells 1 from true and "1"."""
    return json.dumps(value, sort_keys=True)


class Conversation:
    """Tracks requests and checks every message the daemon sends."""

    def __init__(self, schemas):
        self.schemas = schemas
        self.pending = {}  # id key -> (method, params, has params)
        self.shutdown_succeeded = False
        self.seq = {}  # session -> last seq
        self.ended = set()  # (session, transition) with a didEnd
        self.received = 0

    def sent(self, message):
        for m in message if isinstance(message, list) else [message]:
            if isinstance(m, dict) and "id" in m and isinstance(m.get("method"), str):
                # "params": null reads as absent params, like the daemon reads it.
                self.pending[id_key(m["id"])] = (m["method"], m.get("params"), m.get("params") is not None)

    def receive(self, message):
        self.received += 1
        self.schemas.check("jsonrpc.json", message, "a message from the daemon")
        if isinstance(message, list):
            for response in message:
                self.response(response)
        elif "method" in message:
            self.notification(message)
        else:
            self.response(message)

    def notification(self, message):
        method = message["method"]
        name = Schemas.file_name(method, "params")
        assert self.schemas.has(name), "no schema %s for the notification %s" % (name, method)
        self.schemas.check(name, message.get("params"), "the params of " + method)
        params = message["params"]
        if method == "transition/tick":
            self.tick(params)
        elif method == "transition/didEnd":
            key = (params["session"], params["transition"])
            assert key not in self.ended, "a second didEnd for %s" % (key,)
            self.ended.add(key)

    def tick(self, params):
        session, transition = params["session"], params["transition"]
        assert (session, transition) not in self.ended, "a tick of %s after its didEnd" % transition
        last = self.seq.get(session, 0)
        assert params["seq"] > last, "seq %d after %d in %s" % (params["seq"], last, session)
        self.seq[session] = params["seq"]
        check_compact(params["attributes"])

    def response(self, message):
        key = id_key(message["id"])
        if message["id"] is None or key not in self.pending:
            assert "error" in message, "a result for an id that no request used: %r" % (message,)
            return
        method, params, has_params = self.pending.pop(key)
        if "result" in message:
            name = Schemas.file_name(method, "result")
            assert self.schemas.has(name), "no schema %s for the result of %s" % (name, method)
            self.schemas.check(name, message["result"], "the result of " + method)
            result = message["result"]
            if isinstance(result, dict) and "attributes" in result:
                check_compact(result["attributes"])
            if method == "clock/advance" and isinstance(result, dict) and "seq" in result:
                assert result["seq"] == self.seq.get(result["session"]), "clock/advance returned a tick it did not send"
            if method == "shutdown":
                self.shutdown_succeeded = True
            self.check_params(method, params if has_params else {}, accepted=True)
        else:
            error = message["error"]
            data = error.get("data")
            refused_by_form = isinstance(data, dict) and (
                "expected" in data or str(data.get("reason", "")).startswith("unknown member"))
            if error["code"] == -32602 and refused_by_form:
                self.check_params(method, params if has_params else {}, accepted=False)

    def check_params(self, method, params, accepted):
        name = Schemas.file_name(method, "params")
        if not self.schemas.has(name):
            pytest.fail("no schema %s for the params of %s" % (name, method))
        if accepted:
            self.schemas.check(name, params, "the params of %s (accepted by the daemon)" % method)
        else:
            assert self.schemas.errors(name, params), (
                "the daemon refused these params of %s as mistyped, but %s accepts them: %s"
                % (method, name, json.dumps(params))
            )


def check_compact(attributes):
    """The column lengths of the compact encoding agree with count."""
    if not isinstance(attributes, dict):
        return
    n = attributes["count"]
    for column, per in [("kind", 1), ("section", 1), ("item", 1), ("frame", 4), ("alpha", 1), ("zIndex", 1),
                        ("transitionProgress", 1), ("nextFrame", 4), ("layoutState", 1), ("id", 1), ("transform", 6)]:
        if column in attributes:
            assert len(attributes[column]) == per * n, "compact %s has %d numbers for %d elements" % (
                column, len(attributes[column]), n)
    assert all(0 <= i < len(attributes["states"]) for i in attributes["layoutState"]), "layoutState index out of states"
    assert all(0 <= i < n for i in attributes.get("hidden", [])), "hidden index out of range"
    for name, column in attributes.get("values", {}).items():
        assert len(column) == n, "compact values.%s has %d entries for %d elements" % (name, len(column), n)


# -- the tests ---------------------------------------------------------------------


def test_transcripts_exist():
    names = {path.stem for path in TRANSCRIPTS}
    for scenario in ["lifecycle", "before-initialize", "list-to-grid", "scrub-finish", "cancel", "cancel-in-place",
                     "retarget", "sample", "errors", "accessory"]:
        assert scenario in names, "Protocol/examples/%s.jsonl is missing" % scenario


def test_every_method_has_schemas(schemas):
    """Each method the daemon answers (Sources/TransitionProtocol's RequestMethod: a case's
    raw value, or its name) has a params and a result schema."""
    source = (REPO_ROOT / "Sources" / "TransitionProtocol" / "RequestMethod.swift").read_text(encoding="utf-8")
    requests = {value or name for name, value in re.findall(r'^\s*case (\w+)(?: = "([^"]+)")?$', source, re.M)}
    assert "session/create" in requests and "initialize" in requests
    for method in sorted(requests):
        for part in ("params", "result"):
            assert schemas.has(Schemas.file_name(method, part)), "no %s schema for %s" % (part, method)
    for notification in ["transition/tick", "transition/didEnd", "$/cancelRequest", "$/setTrace"]:
        assert schemas.has(Schemas.file_name(notification, "params"))


# Transcripts of the native daemon's own methods (document/check, README section 18.2),
# which the daemon on Node (the WebAssembly module) answers with -32601.
NATIVE_ONLY = {"documents"}


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_transcript(path, schemas, binary):
    if path.stem in NATIVE_ONLY and binary.suffix in (".mjs", ".js"):
        pytest.skip("document/check is the native daemon's")
    steps = read_transcript(path)
    daemon = Daemon(binary)
    conversation = Conversation(schemas)
    try:
        for number, (kind, message) in enumerate(steps, 1):
            where = "%s, step %d" % (path.name, number)
            if kind == "send":
                conversation.sent(message)
                daemon.send(message)
                continue
            received = daemon.read(timeout=10)
            assert received is not None, "%s: the daemon ended its output; expected %s" % (where, json.dumps(message))
            found = differences(message, received)
            assert not found, "%s: the daemon sent something else:\n  %s\nreceived: %s" % (
                where, "\n  ".join(found[:10]), json.dumps(received)[:1500])
            conversation.receive(received)
        daemon.close_input()
        extra = daemon.read(timeout=10)
        assert extra is None, "%s: unexpected message after the last expectation: %s" % (path.name, json.dumps(extra)[:500])
        code = daemon.wait(timeout=10)
        wanted = 0 if conversation.shutdown_succeeded else 1
        assert code == wanted, "%s: exit code %d, expected %d\n%s" % (path.name, code, wanted, daemon.stderr)
    finally:
        daemon.kill()


# A wider run than the transcripts, only to check the schemas: every layout type,
# timing form, placement and option, both encodings, and a realtime session.
def broad_run():
    s = "s1"
    list_layout = {"type": "list", "rowHeight": 40, "headerHeight": 10, "footerHeight": 10,
                   "values": {"tint": "#336699", "depth": 1}}
    yield {"session/create": {"viewport": {"width": 200, "height": 120}, "sections": [{"items": 12}, {"items": 3}],
                              "layout": list_layout, "clock": "manual", "encoding": "compact"}}
    yield {"session/create": {"viewport": {"width": 300, "height": 200}, "contentInset": {"top": 10, "bottom": 5},
                              "sections": [{"items": 5, "ids": [1, 2, 3, "x", "y"], "sizes": [[40, 40]] * 5}],
                              "layout": {"type": "flow", "itemSize": {"width": 50, "height": 50},
                                         "minimumLineSpacing": 4, "minimumInteritemSpacing": 4,
                                         "sectionInset": {"left": 8, "right": 8},
                                         "headerReferenceSize": {"width": 0, "height": 20},
                                         "footerReferenceSize": {"width": 0, "height": 20},
                                         "scrollDirection": "vertical", "state": "cards"},
                              "contentOffset": {"x": 0, "y": 10}, "clock": "manual", "fps": 30}}
    yield {"session/create": {"viewport": {"width": 120, "height": 100}, "sections": [{"items": 9}],
                              "layout": {"type": "displaySwitch", "mode": "list", "staticCellHeight": 50, "padding": 6,
                                         "accessory": {"rotation": 0, "strokeEnd": 1, "lineColor": "#336699"}},
                              "clock": "manual", "keepAlive": True}}
    grids = [
        {"type": "grid", "columns": 3, "spacing": 4, "lineSpacing": 8, "inset": {"top": 5, "left": 5, "bottom": 5, "right": 5},
         "aspectRatio": 1.5, "headerHeight": 12, "footerHeight": 12, "values": {"tint": "#993366", "depth": 3}},
        {"type": "grid", "columns": 2, "itemHeight": 30},
        {"type": "flow", "scrollDirection": "horizontal", "itemSize": {"width": 60, "height": 40}},
        {"type": "explicit", "frames": [[i * 10, i * 12, 30, 30] for i in range(15)], "contentSize": {"width": 200, "height": 300}},
    ]
    timings = [
        {"easing": "backEaseOut"}, "elasticEaseInOut", {"cubicBezier": [0.25, 0.1, 0.25, 1]},
        {"spring": {"response": 0.3, "dampingFraction": 0.6}}, {"spring": {"duration": 0.4, "bounce": 0.3}},
        {"spring": {"mass": 1, "stiffness": 200, "damping": 10, "initialVelocity": 1}},
        {"steps": {"count": 4, "position": "jump-both"}}, {"linear": [0, [0.8, 0.3], 1]},
    ]
    offsets = [
        {"placement": "top", "items": [[0, 5]], "inset": {"top": 4}}, {"strategy": "automatic"},
        {"placement": "visible", "items": [[0, 11], [1, 0]], "anchor": {"x": 0, "y": 1}}, {"point": {"x": 0, "y": 30}},
    ]
    for index, timing in enumerate(timings):
        to = grids[index % len(grids)]
        yield {"transition/sample": {"session": s, "to": to, "timing": timing, "duration": 0.3, "time": 0.1,
                                     "contentOffset": offsets[index % len(offsets)] if to["type"] != "explicit" else {"strategy": "automatic"},
                                     "stagger": {"delay": 0.01, "order": "distance", "from": [0, 2], "reversed": index % 2 == 0},
                                     "appear": "scale", "disappear": "none", "colorSpace": ["srgb", "linear-srgb", "oklab"][index % 3]}}
        yield {"transition/start": {"session": s, "to": to, "timing": timing, "duration": 0.3,
                                    "stagger": {"delay": 0.02, "order": "index"}, "colorSpace": "oklab"}}
        yield {"clock/advance": {"session": s, "by": 0.05}}
        yield {"transition/scrub": {"session": s, "progress": 0.4}}
        yield {"clock/advance": {"session": s, "by": 0.02}}
        yield {"transition/scrub": {"session": s, "progress": 0.6}}
        leg = {"session": s, "timing": {"spring": {"response": 0.2, "dampingFraction": 0.9}}} if index % 2 else {"session": s, "duration": 0.1}
        yield {("transition/finish" if index % 3 else "transition/cancel"): leg}
        yield {"transition/status": {"session": s}}
        yield {"clock/advance": {"session": s, "by": 2}}
        yield {"session/update": {"session": s, "layout": list_layout}}
    yield {"transition/start": {"session": "s2", "to": grids[0], "sections": [{"items": 4, "ids": [3, "x", "z", 1]}],
                                "viewport": {"width": 250, "height": 200}, "duration": 0.2, "appear": "fade"}}
    yield {"clock/advance": {"session": "s2", "to": 0.1}}
    yield {"transition/retarget": {"session": "s2", "to": grids[1], "timing": {"spring": {"response": 0.3, "dampingFraction": 1}}}}
    yield {"clock/advance": {"session": "s2", "by": 0.05}}
    yield {"transition/cancelInPlace": {"session": "s2"}}
    yield {"layout/attributes": {"session": "s2", "all": True}}
    yield {"transition/start": {"session": "s3", "to": {"type": "displaySwitch", "mode": "grid", "staticCellHeight": 50,
                                                        "accessory": {"rotation": 180, "strokeEnd": 0.5}},
                                "contentOffset": {"strategy": "displaySwitch"}, "duration": 0.2}}
    yield {"clock/advance": {"session": "s3", "to": 0.1}}
    yield {"transition/sample": {"session": "s3", "time": 0.15, "rect": {"x": 0, "y": 0, "width": 60, "height": 60}}}
    yield {"transition/sample": {"session": "s3", "progress": 7, "all": True}}
    yield {"transition/sample": {"session": "s3", "to": grids[1], "progress": -5, "all": True}}
    yield {"session/dispose": {"session": "s3"}}
    yield {"session/create": {"viewport": {"width": 200, "height": 120}, "sections": [{"items": 6}],
                              "layout": {"type": "list", "rowHeight": 40}, "fps": 120}}
    yield {"session/subscribe": {"session": "s4"}}
    yield {"transition/start": {"session": "s4", "to": {"type": "grid", "columns": 2}, "duration": 0.1}}
    yield "wait for didEnd of s4"
    yield {"session/list": {}}
    yield {"session/unsubscribe": {"session": "s4"}}


def test_schemas_accept_a_broad_run(schemas, binary):
    daemon = Daemon(binary)
    conversation = Conversation(schemas)
    next_id = 0

    def request(method, params):
        nonlocal next_id
        next_id += 1
        message = {"jsonrpc": "2.0", "id": next_id, "method": method}
        if params is not None:
            message["params"] = params
        conversation.sent(message)
        daemon.send(message)
        while True:
            received = daemon.read(timeout=10)
            assert received is not None, "the daemon ended its output"
            conversation.receive(received)
            if isinstance(received, dict) and received.get("id") == next_id:
                assert "result" in received, "%s failed: %s" % (method, json.dumps(received))
                return received["result"]

    try:
        request("initialize", {"processId": None, "trace": "verbose"})
        daemon.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        for step in broad_run():
            if isinstance(step, str):
                while ("s4", "t1") not in conversation.ended:
                    received = daemon.read(timeout=10)
                    assert received is not None
                    conversation.receive(received)
                continue
            (method, params), = step.items()
            request(method, params)
        request("shutdown", None)
        daemon.send({"jsonrpc": "2.0", "method": "exit"})
        while daemon.read(timeout=10) is not None:
            pass
        assert daemon.wait(timeout=10) == 0
        assert conversation.received > 50
    finally:
        daemon.kill()


TICK = {"session": "s1", "transition": "t1", "seq": 1, "time": 0.1, "fraction": 0.25, "progress": 0.25, "velocity": 2.5,
        "contentOffset": {"x": 0, "y": 0},
        "attributes": [{"kind": "cell", "section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 173.75, "height": 53.75},
                        "alpha": 1, "zIndex": 0, "transitionProgress": 0.25,
                        "nextFrame": {"x": 0, "y": 0, "width": 95, "height": 95}, "layoutState": "grid"}]}
CREATE = {"viewport": {"width": 200, "height": 120}, "sections": [{"items": 4}], "layout": {"type": "list", "rowHeight": 40}}


def changed(value, path, new=None, delete=False):
    copy = json.loads(json.dumps(value))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return copy


ATTACHED = [{"kind": "badge", "attach": "item", "size": {"width": 20, "height": 20}, "anchor": {"x": 1, "y": 0},
             "offset": {"x": -4, "y": 4}, "items": [[0, 1]], "zIndex": 2},
            {"kind": "band", "attach": "section", "values": {"tint": "#ff0000"}}]
EXPLICIT_BADGES = {"type": "explicit", "frames": [[0, 0, 100, 50]], "supplementary": [
    {"kind": "badge", "indexPath": [0, 0], "frame": [90, -10, 20, 20], "zIndex": 2},
    {"kind": "ui.decoration:background", "indexPath": [0, 0], "frame": [0, 0, 100, 50], "alpha": 0.5}]}


@pytest.mark.parametrize("name, instance, valid", [
    ("transition.tick.params.json", TICK, True),
    ("transition.tick.params.json", changed(TICK, ["attributes"], delete=True), False),
    ("transition.tick.params.json", changed(TICK, ["seq"], "1"), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "alpha"], 1.5), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "kind"], "sticker"), True),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "kind"], "two words"), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "kind"], ""), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "kind"], "b" * 65), False),
    ("session.create.params.json", changed(CREATE, ["layout"], EXPLICIT_BADGES), True),
    ("session.create.params.json", changed(CREATE, ["layout", "supplementary"], EXPLICIT_BADGES["supplementary"]), False),
    ("session.create.params.json", changed(CREATE, ["layout", "supplementary"], ATTACHED), True),
    ("session.create.params.json", changed(CREATE, ["layout", "supplementary"], [{"kind": "badge", "attach": "item"}]),
     False),
    ("session.create.params.json",
     changed(CREATE, ["layout", "supplementary"], [dict(ATTACHED[1], items=[[0, 0]])]), False),
    ("session.create.params.json", changed(CREATE, ["layout", "supplementary"], [dict(ATTACHED[1], kind="footer")]),
     False),
    ("session.create.params.json",
     changed(CREATE, ["layout", "supplementary"], [dict(ATTACHED[0], anchor={"x": 1.5, "y": 0})]), False),
    ("session.create.params.json",
     changed(CREATE, ["layout"], changed(EXPLICIT_BADGES, ["supplementary", 0, "kind"], "cell")), False),
    ("session.create.params.json",
     changed(CREATE, ["layout"], changed(EXPLICIT_BADGES, ["supplementary", 0, "indexPath"], [0]), ), False),
    ("session.create.params.json",
     changed(CREATE, ["layout"], changed(EXPLICIT_BADGES, ["supplementary", 0, "frame"], delete=True)), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "frame"], [0, 0, 1, 1]), False),
    ("transition.tick.params.json", changed(TICK, ["attributes", 0, "colour"], "red"), False),
    ("transition.tick.params.json", changed(TICK, ["accessory"], {"rotation": 90, "tint": "#800080ff"}), True),
    ("transition.tick.params.json", changed(TICK, ["accessory"], {}), False),
    ("transition.tick.params.json", changed(TICK, ["accessory"], {"tint": "#800080"}), False),
    ("transition.tick.params.json", changed(TICK, ["attributes"], {"count": 1, "kind": [7]}), False),
    ("transition.didEnd.params.json", {"session": "s1", "transition": "t1", "completed": True, "finished": True,
                                       "reason": "finished", "progress": 1, "contentOffset": {"x": 0, "y": 0}, "time": 1}, True),
    ("transition.didEnd.params.json", {"session": "s1", "transition": "t1", "completed": True, "finished": True,
                                       "reason": "done", "progress": 1, "contentOffset": {"x": 0, "y": 0}, "time": 1}, False),
    ("session.create.params.json", CREATE, True),
    ("session.create.params.json", changed(CREATE, ["viewport"], "375x667"), False),
    ("session.create.params.json", changed(CREATE, ["viewport", "width"], 0), False),
    ("session.create.params.json", changed(CREATE, ["sections"], {"items": 4}), False),
    ("session.create.params.json", changed(CREATE, ["layout", "type"], "table"), False),
    ("session.create.params.json", changed(CREATE, ["layout", "columns"], 2), False),
    ("session.create.params.json", changed(CREATE, ["viewPort"], {"width": 1, "height": 1}), False),
    ("session.create.params.json", changed(CREATE, ["clock"], "wall"), False),
    ("session.create.params.json", changed(CREATE, ["viewport", "width"], 2e9), False),
    ("session.create.params.json", changed(CREATE, ["layout", "rowHeight"], -3), False),
    ("session.create.params.json", changed(CREATE, ["contentInset"], {"top": -1e10}), False),
    ("session.create.params.json", changed(CREATE, ["layout", "accessory"], {"rotation": 0, "tint": "#f00"}), True),
    ("session.create.params.json", changed(CREATE, ["layout"], {"type": "explicit", "frames": [[0, 0, 1, 1]] * 3 + [[0, 0, -1, 1]]}), False),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "timing": {"spring": {"response": 0.3, "dampingFraction": 0.8}}}, True),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "timing": {"spring": {"response": 0.3, "stiffness": 100}}}, False),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "timing": {"easing": "linear", "cubicBezier": [0, 0, 1, 1]}}, False),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "contentOffset": {"placement": "center"}}, False),
    ("transition.start.params.json", {"session": "s1"}, False),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "timing": {"steps": {"count": 1, "position": "jump-none"}}}, False),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2},
                                      "timing": {"steps": {"count": 1, "position": "jump-both"}}}, True),
    ("transition.start.params.json", {"session": "s1", "to": {"type": "grid", "columns": 2}, "duration": 2e9}, False),
    ("transition.sample.result.json", {"fraction": 0, "progress": 2, "contentOffset": {"x": 0, "y": 0},
                                       "contentSize": {"width": 1, "height": 1}, "attributes": []}, True),
    ("transition.sample.params.json", {"session": "s1", "progress": 0.5}, True),
    ("transition.sample.params.json", {"session": "s1"}, False),
    ("transition.sample.params.json", {"session": "s1", "progress": 0.5, "duration": 1}, False),
    ("clock.advance.params.json", {"session": "s1", "by": 0.1}, True),
    ("clock.advance.params.json", {"session": "s1"}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32010, "message": "No session"}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x", "path": ["params", "x"],
                                                                     "reason": "r"}}}, True),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x[0]", "path": ["params", "x", 0],
                                                                     "reason": "expected number", "expected": "number",
                                                                     "found": "string"}}}, True),
    # The shapes before the one field error: no path, or expected without a reason.
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x", "reason": "r"}}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x", "path": ["params", "x"],
                                                                     "expected": "number", "found": "string"}}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x", "path": ["params", "x"],
                                                                     "reason": "r", "expected": "number"}}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "m",
                                                            "data": {"field": "params.x", "path": ["params", "x"],
                                                                     "reason": "r", "limit": 10}}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32014, "message": "m",
                                                            "data": {"field": "params.sections[0].items",
                                                                     "path": ["params", "sections", 0, "items"],
                                                                     "reason": "r", "limit": 10}}}, True),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32014, "message": "m", "data": {"limit": 10}}},
     True),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": -32014, "message": "m",
                                                            "data": {"field": "params.x", "limit": 10}}}, False),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "method": "session/list", "params": None}, True),
    ("jsonrpc.json", {"jsonrpc": "2.0", "id": 1, "result": 1, "error": {"code": 1, "message": "m"}}, False),
    ("jsonrpc.json", {"jsonrpc": "1.0", "id": 1, "result": 1}, False),
])
def test_schemas_reject_wrong_shapes(schemas, name, instance, valid):
    errors = schemas.errors(name, instance)
    assert (not errors) == valid, "%s %s %s: %s" % (name, "refused" if errors else "accepted", json.dumps(instance),
                                                    errors[0].message if errors else "")


def readme_messages():
    """The JSON-RPC messages of the JSON code blocks of Protocol/README.md, in order,
    each as (direction, message): "-->" sent by the client, "<--" by the daemon. Messages
    abridged with "..." are skipped."""
    text = (REPO_ROOT / "Protocol" / "README.md").read_text(encoding="utf-8")
    decoder = json.JSONDecoder()
    found = []
    for block in re.findall(r"```json\n(.*?)```", text, flags=re.S):
        position = 0
        while True:
            match = re.compile(r"^(-->|<--)?\s*([{\[])", re.M).search(block, position)
            if not match:
                break
            start = match.start(2)
            try:
                message, end = decoder.raw_decode(block, start)
            except json.JSONDecodeError:
                end = block.find("\n--> ", start)
                end2 = block.find("\n<-- ", start)
                ends = [e for e in (end, end2) if e != -1]
                position = min(ends) + 1 if ends else len(block)
                continue
            position = end
            if isinstance(message, dict) and message.get("jsonrpc") == "2.0":
                found.append((match.group(1) or "<--", message))
    return found


def test_readme_examples_validate(schemas):
    """Every complete message shown in the specification validates against the schemas;
    so do the params of every request shown with a successful response."""
    messages = readme_messages()
    assert len(messages) > 40
    pending = {}
    checked = 0
    for direction, message in messages:
        if direction == "-->":
            if "id" in message and isinstance(message.get("method"), str):
                pending[id_key(message["id"])] = message
            continue
        schemas.check("jsonrpc.json", message, "a README example")
        checked += 1
        if "method" in message:
            schemas.check(Schemas.file_name(message["method"], "params"), message["params"], "README " + message["method"])
            continue
        request = pending.pop(id_key(message["id"]), None)
        if request is not None and "result" in message:
            method = request["method"]
            schemas.check(Schemas.file_name(method, "result"), message["result"], "README result of " + method)
            schemas.check(Schemas.file_name(method, "params"), request.get("params", {}), "README params of " + method)
    assert checked > 30
