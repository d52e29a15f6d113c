"""The clients' protocol tables agree with Protocol/schema.

The tables (method names, error codes, easing names, defaults) are generated from the
schema by scripts/generate-protocol-tables.py into each client. These tests fail when a
table is stale, when a client's source names a method the protocol does not have, or
when it writes an error code as a number instead of taking it from its table.
"""

import importlib.util
import io
import json
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "scripts" / "generate-protocol-tables.py"
GENERATED = {
    REPO / "Clients/python/src/transitiond/_protocol.py",
    REPO / "Clients/nvim/lua/transitiond/protocol.lua",
    REPO / "Clients/vscode/src/protocol.js",
}
SOURCES = sorted(
    p
    for pattern in ("Clients/python/src/**/*.py", "Clients/nvim/lua/**/*.lua", "Clients/nvim/plugin/*.lua",
                    "Clients/emacs/*.el", "Clients/vscode/src/*.js", "Clients/vscode/media/*.js")
    for p in REPO.glob(pattern)
    if p not in GENERATED
)


def generator():
    spec = importlib.util.spec_from_file_location("generate_protocol_tables", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_tables_are_up_to_date():
    r = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_tables_hold_what_the_schema_says():
    t = generator().tables()
    assert "session/create" in t["requests"] and "transition/start" in t["requests"]
    assert "transition/tick" not in t["requests"]
    assert t["daemon_notifications"][:2] == ["transition/tick", "transition/didEnd"]
    assert set(t["client_notifications"]) == {"initialized", "exit", "$/cancelRequest", "$/setTrace"}
    codes = dict(t["error_codes"])
    assert codes["RequestCancelled"] == -32800 and codes["NoTransition"] == -32011
    assert len(t["easings"]) == 31 and "quarticEaseInOut" in t["easings"]
    assert t["defaults"]["session/create"] == {"clock": "realtime", "encoding": "objects", "fps": 60,
                                              "reducedMotion": False}
    assert t["defaults"]["transition/start"]["duration"] == 0.3


def test_client_codes_are_outside_the_reserved_ranges():
    t = generator().tables()
    daemon = {c for _, c in t["error_codes"]}
    for name, code in t["client_error_codes"]:
        assert not -32768 <= code <= -32000, name  # JSON-RPC's reserved range (LSP's -32899..-32800 is in it)
        assert code not in daemon, name


def test_the_python_table_is_what_the_client_uses():
    sys.path.insert(0, str(REPO / "Clients/python/src"))
    try:
        from transitiond import _protocol, errors
    finally:
        sys.path.pop(0)
    for name, code in _protocol.ERROR_CODES.items():
        assert getattr(errors, name).CODE == code
    assert errors.TransitiondTimeout.CODE == _protocol.CLIENT_ERROR_CODES["RequestTimeout"]
    assert errors.ConnectionClosed.CODE == _protocol.CLIENT_ERROR_CODES["ConnectionClosed"]


METHOD_LITERAL = re.compile(r"""['"]((?:session|transition|layout|clock|window)/[A-Za-z]+|\$/[A-Za-z]+)['"]""")
ELISP_METHOD = re.compile(r"'((?:session|transition|layout|clock)/[A-Za-z]+)\b")


def code_lines(path):
    """The source without comments (and, for Python, without strings that are docstrings)."""
    text = path.read_text()
    if path.suffix == ".py":
        out = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                continue
            if tok.type == tokenize.STRING and tok.string.startswith(('"""', "'''")):
                continue
            out.append(tok.string)
        return " ".join(out)
    if path.suffix == ".el":  # leave out the generated block
        g = generator()
        text = text[: text.index(g.ELISP_BEGIN)] + text[text.index(g.ELISP_END):]
    marker = {".lua": "--", ".el": ";", ".js": "//"}[path.suffix]
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(marker) or stripped.startswith("*") or stripped.startswith("/*"):
            continue
        lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_method_a_client_names_is_in_the_protocol(path):
    t = generator().tables()
    known = set(t["requests"]) | set(t["client_notifications"]) | set(t["daemon_notifications"])
    text = code_lines(path)
    named = set(METHOD_LITERAL.findall(text))
    if path.suffix == ".el":
        named |= set(ELISP_METHOD.findall(text))
    assert named - known == set()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_no_client_writes_an_error_code_by_hand(path):
    found = re.findall(r"-3[12]\d{3}\b", code_lines(path))
    assert found == [], "take the code from the generated protocol table"


def test_protocol_readme_lists_every_code():
    readme = (REPO / "Protocol/README.md").read_text()
    t = generator().tables()
    for name, code in t["error_codes"] + t["client_error_codes"]:
        assert "| %d |" % code in readme, name
    schema = json.loads((REPO / "Protocol/schema/jsonrpc.json").read_text())
    assert [e["const"] for e in schema["$defs"]["clientErrorCode"]["oneOf"]] == [c for _, c in t["client_error_codes"]]


def test_the_scan_finds_the_methods_each_client_sends():
    for client in ("python", "nvim", "emacs", "vscode"):
        named = set()
        for path in SOURCES:
            if "/Clients/%s/" % client in str(path):
                text = code_lines(path)
                named |= set(METHOD_LITERAL.findall(text)) | set(ELISP_METHOD.findall(text))
        assert {"session/create", "transition/start"} <= named, client
