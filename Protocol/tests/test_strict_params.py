"""The params schemas of the daemon's own methods allow no unknown member, as the daemon
refuses them (README section 1); the LSP messages (initialize, shutdown, the
notifications) stay open, as LSP clients send members of their own.

Every object schema with properties is closed (additionalProperties or
unevaluatedProperties false), except the pieces that closed schemas combine with allOf
(their closing schema evaluates their members) and conditions (if/then,
dependentSchemas).
"""

import json

from lsp_stdio import SCHEMA_DIR

LSP_PARAMS = {"initialize", "shutdown", "initialized", "exit", "$.cancelRequest", "$.setTrace", "$.logTrace"}


def load(name):
    return json.loads((SCHEMA_DIR / name).read_text())


def combined_defs():
    """Names of defs.json definitions referenced from an allOf (mixins)."""
    names = set()

    def walk(node):
        if isinstance(node, dict):
            for part in node.get("allOf", []):
                ref = part.get("$ref", "") if isinstance(part, dict) else ""
                if "#/$defs/" in ref:
                    names.add(ref.rsplit("/", 1)[1])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in SCHEMA_DIR.glob("*.json"):
        walk(json.loads(path.read_text()))
    return names


def open_objects(node, path, mixins, out):
    if isinstance(node, dict):
        closed = {"additionalProperties", "unevaluatedProperties"} & node.keys()
        is_mixin = len(path) >= 2 and path[-2] == "$defs" and path[-1] in mixins
        is_condition = path[-1:] in (["if"], ["then"]) or path[-2:-1] == ["dependentSchemas"]
        if "properties" in node and not closed and not is_mixin and not is_condition:
            out.append("/".join(path))
        for key, value in node.items():
            open_objects(value, path + [key], mixins, out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            open_objects(value, path + [str(i)], mixins, out)


def test_the_params_of_the_daemons_methods_allow_no_unknown_member():
    mixins = combined_defs()
    daemon_notifications = {m.replace("/", ".") for m in load("jsonrpc.json")["$defs"]["daemonNotification"]["enum"]}
    found = []
    for path in sorted(SCHEMA_DIR.glob("*.params.json")):
        method = path.name[: -len(".params.json")]
        if method in LSP_PARAMS or method in daemon_notifications:
            continue
        schema = load(path.name)
        assert {"additionalProperties", "unevaluatedProperties"} & schema.keys(), path.name
        open_objects(schema, [path.name], mixins, found)
    open_objects(load("defs.json"), ["defs.json"], mixins, found)
    assert found == []


def test_lsp_params_stay_open_and_name_the_lenient_option():
    initialize = load("initialize.params.json")
    assert "additionalProperties" not in initialize and "unevaluatedProperties" not in initialize
    option = initialize["properties"]["initializationOptions"]["anyOf"][0]["properties"]["unknownMembers"]
    assert option == {"enum": ["refuse", "ignore"], "default": "refuse"}
