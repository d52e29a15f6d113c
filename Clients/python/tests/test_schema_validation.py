"""The schema validation of the daemon's traffic is live: it finds the schemas, and
it rejects a message that breaks them. (The traffic of every test is validated by
the ``traffic`` fixture in conftest.py.)"""

import copy

import pytest

from transitiond_traffic import describe, load_schemas, schema_name


@pytest.fixture
def schemas():
    loaded, reason = load_schemas()
    if loaded is None:
        pytest.skip("schema validation skipped: " + reason)
    return loaded


def test_schema_file_names():
    assert schema_name("session/create", "params") == "session.create.params.json"
    assert schema_name("session/create", "result") == "session.create.result.json"
    assert schema_name("transition/tick", "params") == "transition.tick.params.json"
    assert describe("session/list", {"jsonrpc": "2.0", "id": 3, "result": {"sessions": []}})[1] == "session.list.result.json"
    assert describe(None, {"jsonrpc": "2.0", "method": "transition/didEnd", "params": {}})[1] == "transition.didEnd.params.json"


def test_schemas_cover_the_notifications_and_results(schemas):
    expected = {schema_name("transition/tick", "params"), schema_name("transition/didEnd", "params")}
    for method in ("initialize", "session/create", "session/list", "transition/start", "transition/status",
                   "transition/sample", "clock/advance", "layout/attributes"):
        expected.add(schema_name(method, "result"))
    missing = sorted(expected - schemas.names)
    assert not missing, "no schema for: %s" % ", ".join(missing)


def test_validation_rejects_a_broken_tick(client, schemas):
    seen = []
    session = client.create_session((375, 667), {"type": "list", "rowHeight": 60}, 100, clock="manual")
    client.on_message, hook = (lambda m, method: seen.append(m)), client.on_message
    try:
        session.start({"type": "grid", "columns": 2}, duration=1)
        session.advance(0.5)
    finally:
        client.on_message = hook
    tick = next(m for m in seen if m.get("method") == "transition/tick")
    name = schema_name("transition/tick", "params")
    assert schemas.errors(name, tick["params"]) == []
    broken = copy.deepcopy(tick["params"])
    del broken["seq"]
    assert schemas.errors(name, broken), "a tick without seq passed validation"
    broken = copy.deepcopy(tick["params"])
    broken["progress"] = "half"
    assert schemas.errors(name, broken), "a tick with a string progress passed validation"


def test_validation_rejects_a_broken_envelope(schemas):
    from transitiond_traffic import ENVELOPE, Traffic

    if ENVELOPE not in schemas.names:
        pytest.skip("no %s in %s" % (ENVELOPE, schemas.directory))
    traffic = Traffic()
    traffic.hook({"jsonrpc": "2.0", "id": 1, "result": None, "error": {"code": 1, "message": "x"}}, "shutdown")
    problems, _ = traffic.problems(schemas)
    assert problems and ENVELOPE in problems[0]
