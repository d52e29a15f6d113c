#!/usr/bin/env python3
"""Writes the clients' protocol tables from Protocol/schema, the one source of truth.

    python3 scripts/generate-protocol-tables.py           # rewrite the tables
    python3 scripts/generate-protocol-tables.py --check   # exit 1 when one is stale

The tables: the request and notification names (the <method>.params.json files, a
request being a method with a <method>.result.json, the daemon's notifications listed
in jsonrpc.json $defs/daemonNotification), the error codes (jsonrpc.json
$defs/errorCode) and the codes clients give their own conditions
($defs/clientErrorCode), the easing names (defs.json $defs/easingName) and the
defaults the schemas declare for params members ("default").

They go to Clients/python/src/transitiond/_protocol.py, Clients/nvim/lua/transitiond/
protocol.lua, Clients/vscode/src/protocol.js and a marked block of
Clients/emacs/transitiond.el (which stays a single-file package).
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "Protocol" / "schema"
GENERATED_BY = "Generated from Protocol/schema by scripts/generate-protocol-tables.py: do not edit."
ELISP_FILE = ROOT / "Clients" / "emacs" / "transitiond.el"
ELISP_BEGIN = ";;;; Protocol tables (generated)\n"
ELISP_END = ";;;; End of the protocol tables\n"


def load(name):
    return json.loads((SCHEMA / name).read_text())


def resolve(ref, here):
    """The schema a $ref names: 'defs.json#/$defs/x' or '#/$defs/x' (in `here`)."""
    file, _, pointer = ref.partition("#")
    document = load(file) if file else here
    node = document
    for part in pointer.strip("/").split("/"):
        node = node[part]
    return node, document


def defaults_of(schema, document):
    """{member: default} of an object schema, its allOf parts included."""
    found = {}
    for part in schema.get("allOf", []):
        target, target_doc = resolve(part["$ref"], document) if "$ref" in part else (part, document)
        found.update(defaults_of(target, target_doc))
    for name, member in schema.get("properties", {}).items():
        if "default" in member:
            found[name] = member["default"]
    return found


def tables():
    jsonrpc = load("jsonrpc.json")["$defs"]
    # File names write the method's '/' as '.': "$.cancelRequest" is "$/cancelRequest".
    methods = sorted(p.name[: -len(".params.json")].replace(".", "/", 1) for p in SCHEMA.glob("*.params.json"))

    def file_stem(method):
        return method.replace("/", ".", 1)

    requests = [m for m in methods if (SCHEMA / (file_stem(m) + ".result.json")).exists()]
    daemon_notifications = list(jsonrpc["daemonNotification"]["enum"])
    client_notifications = [m for m in methods if m not in requests and m not in daemon_notifications]
    missing = [m for m in daemon_notifications if m not in methods]
    if missing:
        raise SystemExit("daemonNotification names methods without a params schema: %s" % missing)
    defaults = {}
    for m in requests:
        schema = load(file_stem(m) + ".params.json")
        found = defaults_of(schema, schema)
        if found:
            defaults[m] = found
    return {
        "requests": requests,
        "client_notifications": client_notifications,
        "daemon_notifications": daemon_notifications,
        "error_codes": [(e["title"], e["const"]) for e in jsonrpc["errorCode"]["oneOf"]],
        "client_error_codes": [(e["title"], e["const"]) for e in jsonrpc["clientErrorCode"]["oneOf"]],
        "easings": list(load("defs.json")["$defs"]["easingName"]["enum"]),
        "defaults": defaults,
    }


# -- Python ------------------------------------------------------------------


def python(t):
    def names(xs):
        return "(\n" + "".join("    %s,\n" % json.dumps(x) for x in xs) + ")"

    def codes(pairs):
        return "{\n" + "".join("    %s: %d,\n" % (json.dumps(n), c) for n, c in pairs) + "}"

    defaults = "{\n" + "".join(
        "    %s: %s,\n" % (json.dumps(m), json.dumps(d, sort_keys=True)) for m, d in t["defaults"].items()) + "}"
    return (
        '"""%s"""\n\n' % GENERATED_BY
        + "REQUESTS = %s\n\n" % names(t["requests"])
        + "CLIENT_NOTIFICATIONS = %s\n\n" % names(t["client_notifications"])
        + "DAEMON_NOTIFICATIONS = %s\n\n" % names(t["daemon_notifications"])
        + "#: The codes the daemon answers errors with, by name.\n"
        + "ERROR_CODES = %s\n\n" % codes(t["error_codes"])
        + "#: Codes of the client's own conditions (never sent by the daemon).\n"
        + "CLIENT_ERROR_CODES = %s\n\n" % codes(t["client_error_codes"])
        + "EASINGS = %s\n\n" % names(t["easings"])
        + "#: The defaults the daemon applies to members left out, by method.\n"
        + "DEFAULTS = %s\n" % defaults.replace(": true", ": True").replace(": false", ": False")
    )


# -- Lua -----------------------------------------------------------------------


def lua_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, dict):
        return "{ " + ", ".join("%s = %s" % (k, lua_value(x)) for k, x in sorted(v.items())) + " }"
    raise TypeError(v)


def lua(t):
    def names(xs):
        return "{\n" + "".join("    %s,\n" % json.dumps(x) for x in xs) + "  }"

    def codes(pairs):
        return "{\n" + "".join("    %s = %d,\n" % (n, c) for n, c in pairs) + "  }"

    defaults = "{\n" + "".join(
        "    [%s] = %s,\n" % (json.dumps(m), lua_value(d)) for m, d in t["defaults"].items()) + "  }"
    return (
        "-- %s\n" % GENERATED_BY
        + "return {\n"
        + "  requests = %s,\n" % names(t["requests"])
        + "  client_notifications = %s,\n" % names(t["client_notifications"])
        + "  daemon_notifications = %s,\n" % names(t["daemon_notifications"])
        + "  -- the codes the daemon answers errors with\n"
        + "  error_codes = %s,\n" % codes(t["error_codes"])
        + "  -- the plugin's own conditions (never sent by the daemon)\n"
        + "  client_error_codes = %s,\n" % codes(t["client_error_codes"])
        + "  easings = %s,\n" % names(t["easings"])
        + "  -- what the daemon uses for members left out\n"
        + "  defaults = %s,\n" % defaults
        + "}\n"
    )


# -- JavaScript ------------------------------------------------------------------


def javascript(t):
    def names(xs):
        return "Object.freeze([\n" + "".join("  %s,\n" % json.dumps(x) for x in xs) + "])"

    def codes(pairs):
        return "Object.freeze({\n" + "".join("  %s: %d,\n" % (n, c) for n, c in pairs) + "})"

    defaults = "Object.freeze({\n" + "".join(
        "  %s: Object.freeze(%s),\n" % (json.dumps(m), json.dumps(d, sort_keys=True)) for m, d in t["defaults"].items()) + "})"
    return (
        "'use strict';\n// %s\n\n" % GENERATED_BY
        + "const REQUESTS = %s;\n\n" % names(t["requests"])
        + "const CLIENT_NOTIFICATIONS = %s;\n\n" % names(t["client_notifications"])
        + "const DAEMON_NOTIFICATIONS = %s;\n\n" % names(t["daemon_notifications"])
        + "/** The codes the daemon answers errors with. */\n"
        + "const ERROR_CODES = %s;\n\n" % codes(t["error_codes"])
        + "/** The client's own conditions (never sent by the daemon). */\n"
        + "const CLIENT_ERROR_CODES = %s;\n\n" % codes(t["client_error_codes"])
        + "const EASINGS = %s;\n\n" % names(t["easings"])
        + "/** What the daemon uses for members left out, by method. */\n"
        + "const DEFAULTS = %s;\n\n" % defaults
        + "module.exports = { REQUESTS, CLIENT_NOTIFICATIONS, DAEMON_NOTIFICATIONS, ERROR_CODES, CLIENT_ERROR_CODES, EASINGS, DEFAULTS };\n"
    )


# -- Emacs Lisp -----------------------------------------------------------------------


def elisp_value(v):
    if isinstance(v, bool):
        return "t" if v else ":json-false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, dict):
        return "(" + " ".join(":%s %s" % (k, elisp_value(x)) for k, x in sorted(v.items())) + ")"
    raise TypeError(v)


def elisp_block(t):
    def names(xs):
        return "'(" + "\n    ".join(json.dumps(x) for x in xs) + ")"

    def codes(pairs):
        return "'(" + "\n    ".join("(%s . %d)" % (n, c) for n, c in pairs) + ")"

    defaults = "'(" + "\n    ".join("(%s . %s)" % (json.dumps(m), elisp_value(d)) for m, d in t["defaults"].items()) + ")"
    return (
        ELISP_BEGIN
        + ";; %s\n\n" % GENERATED_BY
        + '(defconst transitiond-protocol-requests\n  %s\n  "The requests of the protocol.")\n\n' % names(t["requests"])
        + '(defconst transitiond-protocol-client-notifications\n  %s\n  "The notifications clients send.")\n\n' % names(t["client_notifications"])
        + '(defconst transitiond-protocol-daemon-notifications\n  %s\n  "The notifications the daemon sends.")\n\n' % names(t["daemon_notifications"])
        + '(defconst transitiond-protocol-error-codes\n  %s\n  "The codes the daemon answers errors with, by name.")\n\n' % codes(t["error_codes"])
        + '(defconst transitiond-protocol-client-error-codes\n  %s\n  "Codes of the package\'s own conditions (never sent by the daemon).")\n\n' % codes(t["client_error_codes"])
        + '(defconst transitiond-protocol-easings\n  %s\n  "The easing names of the protocol.")\n\n' % names(t["easings"])
        + '(defconst transitiond-protocol-defaults\n  %s\n  "What the daemon uses for params members left out, by method.")\n\n' % defaults
        + ELISP_END
    )


def elisp(t):
    text = ELISP_FILE.read_text()
    start, end = text.index(ELISP_BEGIN), text.index(ELISP_END) + len(ELISP_END)
    return text[:start] + elisp_block(t) + text[end:]


def outputs():
    t = tables()
    return {
        ROOT / "Clients/python/src/transitiond/_protocol.py": python(t),
        ROOT / "Clients/nvim/lua/transitiond/protocol.lua": lua(t),
        ROOT / "Clients/vscode/src/protocol.js": javascript(t),
        ELISP_FILE: elisp(t),
    }


def main(argv):
    check = "--check" in argv
    stale = []
    for path, text in outputs().items():
        current = path.read_text() if path.exists() else None
        if current != text:
            stale.append(path.relative_to(ROOT))
            if not check:
                path.write_text(text)
    if check and stale:
        print("stale (run python3 scripts/generate-protocol-tables.py): %s" % ", ".join(map(str, stale)))
        return 1
    for path in stale:
        print("wrote %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
