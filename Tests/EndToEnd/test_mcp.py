"""transitiond --mcp with the official MCP Python SDK (PyPI `mcp`) as the client: the
tools listed and each one called, `sample` against transition/sample of the daemon's
own protocol, tool errors naming the field, the schema as a resource.
"""

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp import MCPError

from e2e_harness import binary_path

pytestmark = pytest.mark.native_only("--mcp is the native daemon's")

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
DOCUMENT = {
    "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 12}],
                "layout": {"type": "list", "rowHeight": 60}},
    "transition": {"to": {"type": "grid", "columns": 2, "spacing": 10}, "duration": 0.5,
                   "timing": "quarticEaseInOut"},
}


def with_mcp(body):
    """Runs `body(session)` against `transitiond --mcp`, started by the SDK's stdio client."""
    result = {}

    async def main():
        server = StdioServerParameters(command=str(binary_path()), args=["--mcp"])
        async with stdio_client(server) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                result["initialize"] = await session.initialize()
                result["value"] = await body(session)

    anyio.run(main)
    return result


def structured(call):
    assert not call.is_error, call.content[0].text
    text = json.loads(call.content[0].text)
    assert text == call.structured_content
    return text


def test_the_sdk_initializes_and_lists_the_tools():
    async def body(session):
        return await session.list_tools()

    result = with_mcp(body)
    info = result["initialize"]
    assert info.protocol_version == "2025-11-25"
    assert info.server_info.name == "transitiond"
    tools = {tool.name: tool for tool in result["value"].tools}
    assert sorted(tools) == ["describe", "export", "render", "sample", "validate"]
    for tool in tools.values():
        assert tool.input_schema["required"][0] == "document"
        assert tool.input_schema["additionalProperties"] is False
    assert tools["export"].input_schema["properties"]["format"]["enum"] == ["css", "waapi", "html", "svg", "lottie"]


def test_sample_is_transition_sample(stdio, tmp_path):
    path = tmp_path / "list-to-grid.transition.json"
    path.write_text(json.dumps(DOCUMENT))

    async def body(session):
        by_value = await session.call_tool("sample", {"document": DOCUMENT, "progress": 0.5})
        by_path = await session.call_tool("sample", {"document": str(path), "time": 0.2, "all": True})
        return structured(by_value), structured(by_path)

    at_half, at_time = with_mcp(body)["value"]
    client = stdio()
    client.initialize()
    session = client.call("session/create", DOCUMENT["session"])["session"]
    assert at_half == client.call("transition/sample", {**DOCUMENT["transition"], "session": session, "progress": 0.5})
    assert at_time == client.call("transition/sample",
                                  {**DOCUMENT["transition"], "session": session, "time": 0.2, "all": True})
    assert len(at_time["attributes"]) == 12


def test_validate_export_render_and_describe(stdio):
    async def body(session):
        out = {}
        out["valid"] = await session.call_tool("validate", {"document": DOCUMENT})
        out["css"] = await session.call_tool("export", {"document": DOCUMENT, "format": "css"})
        out["film"] = await session.call_tool("render", {"document": DOCUMENT, "progresses": [0, 0.5, 1]})
        out["describe"] = await session.call_tool("describe", {"document": DOCUMENT})
        return out

    out = with_mcp(body)["value"]
    valid = structured(out["valid"])
    assert valid["valid"] is True and valid["diagnostics"] == []
    client = stdio()
    client.initialize()
    session = client.call("session/create", DOCUMENT["session"])["session"]
    started = {**DOCUMENT["transition"], "session": session}
    exported = client.call("transition/export", {**started, "format": "css"})
    assert not out["css"].is_error and out["css"].content[0].text == exported["content"]
    # The filmstrip: one frame per progress, one rect per element transition/sample gives.
    film = ET.fromstring(out["film"].content[0].text)
    frames = [g for g in film.iter(SVG + "g") if g.get("class") == "frame"]
    assert [float(f.get("data-progress")) for f in frames] == [0, 0.5, 1]
    for frame, progress in zip(frames, [0, 0.5, 1]):
        sample = client.call("transition/sample", {**started, "progress": progress})
        items = [r for r in frame.iter(SVG + "rect") if r.get("class") == "item"]
        drawn = sorted([float(r.get(k)) for k in ("x", "y", "width", "height")] for r in items)
        sent = sorted([a["frame"][k] for k in ("x", "y", "width", "height")] for a in sample["attributes"])
        assert len(drawn) == len(sent) > 0
        for d, s in zip(drawn, sent):
            assert d == pytest.approx(s, abs=1e-4)  # the SVG writes 4 decimals
    described = structured(out["describe"])
    checked = client.call("document/check", {"document": DOCUMENT})
    assert described == {**checked["summary"], "fromLayout": "list", "toLayout": "grid",
                         "elements": {"start": {"cell": 12}, "end": {"cell": 12}}}


def test_bad_arguments_are_tool_errors_naming_the_field(tmp_path):
    broken = tmp_path / "broken.transition.json"
    broken.write_text(json.dumps({**DOCUMENT, "transition": {"to": {"type": "grid", "columns": "two"}}}, indent=2))

    async def body(session):
        calls = [
            ("sample", {"document": DOCUMENT, "progres": 0.5}),
            ("sample", {"document": DOCUMENT, "progress": "half"}),
            ("sample", {"document": DOCUMENT}),
            ("export", {"document": DOCUMENT, "format": "gif"}),
            ("render", {"document": DOCUMENT, "progresses": []}),
            ("describe", {}),
            ("describe", {"document": str(tmp_path / "absent.json")}),
            ("sample", {"document": str(broken), "progress": 0.5}),
        ]
        results = [await session.call_tool(name, arguments) for name, arguments in calls]
        validated = await session.call_tool("validate", {"document": str(broken)})
        with pytest.raises(MCPError) as unknown:
            await session.call_tool("animate", {"document": DOCUMENT})
        # The server goes on after all of these.
        after = await session.call_tool("sample", {"document": DOCUMENT, "progress": 1})
        return results, validated, unknown.value, after

    results, validated, unknown, after = with_mcp(body)["value"]
    assert all(r.is_error for r in results)
    assert [r.content[0].text for r in results] == [
        "arguments.progres: unknown member; did you mean `progress`, which is missing?",
        "arguments.progress: expected number",
        "arguments.progress: missing member 'progress': expected number (give progress or time)",
        "arguments.format: expected one of css, waapi, html, svg, lottie",
        "arguments.progresses: expected array of 1 to 200 numbers",
        "arguments.document: missing member 'document': expected object or string (a transition document, or its path)",
        f"arguments.document: cannot read '{tmp_path / 'absent.json'}': No such file or directory",
        "arguments.document: not a valid transition document\n"
        "20:18: error: transition.to.columns: expected integer",
    ]
    # validate is not an error: the diagnostics are its answer.
    report = structured(validated)
    assert report["valid"] is False
    assert [(d["data"]["field"], d["range"]["start"]) for d in report["diagnostics"]] == [
        ("transition.to.columns", {"line": 19, "character": 17})]
    assert unknown.error.code == -32602 and "animate" in unknown.error.message
    assert structured(after)["progress"] == 1


def test_warnings_come_with_every_tool_and_ranges_are_refused():
    misspelt = {**DOCUMENT, "transition": {**DOCUMENT["transition"], "duraton": 0.5}}
    warning = "warning: transition.duraton: unknown member; did you mean `duration`?"

    async def body(session):
        return [await session.call_tool(name, arguments) for name, arguments in [
            ("describe", {"document": misspelt}),
            ("sample", {"document": misspelt, "progress": 0.5}),
            ("export", {"document": misspelt, "format": "css"}),
            ("sample", {"document": DOCUMENT, "progress": 1.5}),
            ("sample", {"document": DOCUMENT, "time": 9}),
            ("sample", {"document": DOCUMENT, "progress": 1.5, "extrapolate": True}),
            ("sample", {"document": {**misspelt, "transition": {"to": {"type": "grid", "colums": 2}, "duraton": 1}},
                        "progress": 0.5}),
        ]]

    described, sampled, exported, progress, time, beyond, missing = with_mcp(body)["value"]
    assert structured(described)["warnings"] == [warning]
    assert structured(sampled)["warnings"] == [warning]
    assert not exported.is_error and exported.structured_content == {"warnings": [warning]}
    assert [c.text for c in exported.content][1:] == [warning]
    assert progress.is_error and progress.content[0].text.startswith(
        "arguments.progress: expected a number from 0 to 1")
    assert time.is_error and time.content[0].text.startswith(
        "arguments.time: expected a number from 0 to 0.5, the duration")
    assert structured(beyond)["progress"] == 1.5
    assert missing.is_error and missing.content[0].text == "\n".join([
        "arguments.document: not a valid transition document",
        "warning: transition.to.colums: unknown member; did you mean `columns`, which is missing?",
        "error: transition.to: missing member 'columns': expected integer; is `colums` a misspelling of it?",
        "warning: transition.duraton: unknown member; did you mean `duration`?",
    ])


def test_the_schema_is_a_resource():
    async def body(session):
        listed = await session.list_resources()
        read = await session.read_resource(listed.resources[0].uri)
        return listed, read

    listed, read = with_mcp(body)["value"]
    assert [str(r.uri) for r in listed.resources] == ["transitiond://schema/transition-document.json"]
    schema = json.loads(read.contents[0].text)
    spec = importlib.util.spec_from_file_location("embed_schema", ROOT / "scripts" / "embed-schema.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert schema == module.bundled()
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(schema)
    assert validator.is_valid(DOCUMENT)
    assert not validator.is_valid({**DOCUMENT, "transition": {"to": {"type": "grid", "columns": "two"}}})


def test_mcp_takes_only_the_limits(tmp_path):
    import subprocess

    done = subprocess.run([str(binary_path()), "--mcp", "--listen", str(tmp_path / "s")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 64
    assert done.stderr.startswith("Error: --mcp serves MCP on standard input/output; --listen does not go with it\n")
    # A limit goes with it, and applies to the documents: 5 items are over --max-items 4.
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "validate", "arguments": {"document": {**DOCUMENT, "session": {
            **DOCUMENT["session"], "sections": [{"items": 5}]}}}}})
    done = subprocess.run([str(binary_path()), "--mcp", "--max-items", "4"], input=line + "\n",
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == ""
    report = json.loads(done.stdout)["result"]["structuredContent"]
    assert report["valid"] is False
    assert [d["code"] for d in report["diagnostics"]] == [-32014]
