"""Binary ticks end to end (Protocol 8.3): a session created with `"encoding": "binary"`
over a real WebSocket sends its ticks as binary frames, which the Python client's decoder
turns into the same tick as a compact session of the same params and times (frames
within float32, the rest exactly); its results stay JSON (compact). Connections that
carry no binary frames (stdio, the Unix socket) refuse such sessions and their
subscriptions. Also the bytes per attribute of both encodings, and the worked example
of Protocol 8.3 checked against the daemon's frame.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest

from e2e_harness import SocketClient, is_notification
from test_websocket import web  # noqa: F401 (the fixture)

pytestmark = pytest.mark.native_only("WebSocket (--ws) is the native daemon's")

# Protocol 8.1's example: a header, ids, colours and numbers, a fade and a scale.
EXAMPLE = {
    "viewport": {"width": 200, "height": 120},
    "sections": [{"items": 3, "ids": ["a", "b", "c"]}],
    "layout": {"type": "list", "rowHeight": 40, "headerHeight": 20,
               "values": {"background": "#ff0000", "labelOffset": 4}},
    "clock": "manual",
}
EXAMPLE_START = {
    "to": {"type": "grid", "columns": 2, "spacing": 10, "values": {"background": "#0000ff", "labelOffset": 8}},
    "sections": [{"items": 3, "ids": ["b", "c", "d"]}], "duration": 1, "appear": "scale", "disappear": "fade",
    "contentOffset": {"point": {"x": 0, "y": 0}},
}
# The tick path benchmark's scene (Sources/TransitionBench/TickPathBenchmarks.swift), of
# 100,000 items: its daemons are started with --max-items 100000.
BENCH = {
    "viewport": {"width": 375, "height": 1200}, "sections": [{"items": 100000}],
    "layout": {"type": "grid", "columns": 8, "spacing": 0}, "contentOffset": {"x": 0, "y": 50000},
    "clock": "manual",
}
BENCH_START = {"to": {"type": "grid", "columns": 8, "spacing": 2, "inset": {"top": 4, "left": 4, "bottom": 4, "right": 4}},
               "duration": 1}
FLOAT_COLUMNS = ("frame", "nextFrame", "alpha", "transitionProgress", "transform")


def float32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def assert_same_attributes(binary: dict, compact: dict) -> None:
    """Equal member by member: numbers of float columns are compact's, or its nearest
    float32; everything else exactly."""
    assert sorted(binary) == sorted(compact)
    for name, expected in compact.items():
        got = binary[name]
        if name in FLOAT_COLUMNS or name == "values":
            pairs = ([(got[k], expected[k]) for k in expected] if name == "values" else [(got, expected)])
            for g, e in pairs:
                assert len(g) == len(e), name
                for a, b in zip(g, e):
                    if isinstance(b, (int, float)) and not isinstance(b, bool):
                        assert a == b or a == float32(b), f"{name}: {a} is neither {b} nor its float32"
                    else:
                        assert a == b, name
        else:
            assert got == expected, name


def twin_sessions(client, params: dict) -> tuple[str, str]:
    binary = client.call("session/create", {**params, "encoding": "binary"})["session"]
    compact = client.call("session/create", {**params, "encoding": "compact"})["session"]
    return binary, compact


def tick_of(client, session: str) -> dict:
    return client.wait_for(lambda m: is_notification(m, "transition/tick", session))


def test_binary_ticks_are_the_compact_ticks_within_float32(web):
    client = web("--max-items", "100000").connect()
    for params, start, times in ((EXAMPLE, EXAMPLE_START, (0, 0.5, 1)), (BENCH, BENCH_START, (0.1, 0.37, 0.9))):
        binary, compact = twin_sessions(client, params)
        for s in (binary, compact):
            client.call("transition/start", {"session": s, **start})
        for t in times:
            replies = [client.call("clock/advance", {"session": s, "to": t}) for s in (binary, compact)]
            b, c = tick_of(client, binary), tick_of(client, compact)
            assert isinstance(b["binary"], bytes) and "binary" not in c
            got, expected = dict(b["params"]), dict(c["params"])
            assert (got.pop("session"), expected.pop("session")) == (binary, compact)
            assert_same_attributes(got.pop("attributes"), expected.pop("attributes"))
            # time, fraction, progress, velocity, seq, contentOffset: exact.
            assert got == expected
            # The clock/advance reply of a binary session is the compact tick, and so
            # are its other results.
            assert replies[0]["attributes"] == replies[1]["attributes"]
            if t < 1:
                results = [client.call("transition/sample", {"session": s, "progress": 0.25}) for s in (binary, compact)]
                assert results[0]["attributes"] == results[1]["attributes"]
        listing = {x["session"]: x["encoding"] for x in client.call("session/list")["sessions"]}
        assert (listing[binary], listing[compact]) == ("binary", "compact")


def recording_frames(client) -> list[tuple[int, bytes]]:
    """Every frame `client` reads from now on, as (opcode, payload)."""
    seen: list[tuple[int, bytes]] = []
    original = client.parser.frames

    def frames(data: bytes):
        out = original(data)
        seen.extend(out)
        return out

    client.parser.frames = frames
    return seen


def test_binary_ticks_take_a_quarter_of_the_bytes_or_less(web, record_property):
    """The figure of Protocol 8.3: the ticks of the benchmark's scene (216 attributes
    each) at 20 moments across the transition, as the daemon wrote them in each
    encoding."""
    client = web("--max-items", "100000").connect()
    binary, compact = twin_sessions(client, BENCH)
    frames = recording_frames(client)
    moments = [k / 21 for k in range(1, 21)]
    for s in (binary, compact):
        client.call("transition/start", {"session": s, **BENCH_START})
        for t in moments:
            client.call("clock/advance", {"session": s, "to": t, "reply": "brief"})
            assert tick_of(client, s)["params"]["attributes"]["count"] == 216
    binary_bytes = [len(p) for op, p in frames if op == 0x2]
    compact_bytes = [len(p) for op, p in frames if op == 0x1 and p.startswith(b'{"jsonrpc":"2.0","method":"transition/tick"')]
    assert len(binary_bytes) == len(compact_bytes) == len(moments)
    per_binary = sum(binary_bytes) / (216 * len(moments))
    per_compact = sum(compact_bytes) / (216 * len(moments))
    record_property("bytes_per_attribute", {"binary": per_binary, "compact": per_compact})
    print(f"bytes per attribute: binary {per_binary:.2f} ({min(binary_bytes)}-{max(binary_bytes)} a tick), "
          f"compact {per_compact:.2f} ({min(compact_bytes)}-{max(compact_bytes)}), {per_compact / per_binary:.1f}x fewer")
    assert per_binary * 4 <= per_compact


def test_connections_without_binary_frames_refuse_binary_sessions(web, stdio):
    w = web(listen=True)
    editor = SocketClient(w.socket_path, "editor")
    w.clients.append(editor)
    assert editor.initialize()["capabilities"]["encodings"] == ["objects", "compact"]
    error = editor.call_error("session/create", {**EXAMPLE, "encoding": "binary"})
    assert error["code"] == -32602
    assert error["data"]["field"] == "params.encoding"
    assert "WebSocket" in error["message"]
    lone = stdio()
    assert lone.initialize()["capabilities"]["encodings"] == ["objects", "compact"]
    error = lone.call_error("session/create", {**EXAMPLE, "encoding": "binary"})
    assert (error["code"], error["data"]["field"]) == (-32602, "params.encoding")
    assert page_encodings(w) == ["objects", "compact", "binary"]
    # A page's binary session: the editor may not subscribe, another page may.
    page = w.connect(name="page")
    s = page.call("session/create", {**EXAMPLE, "encoding": "binary", "name": "film", "keepAlive": True})["session"]
    for target, field in (({"session": s}, "params.session"), ({"name": "film"}, "params.name")):
        error = editor.call_error("session/subscribe", target)
        assert (error["code"], error["data"]["field"]) == (-32602, field)
    watcher = w.connect(name="watcher")
    watcher.call("session/subscribe", {"name": "film"})
    page.call("transition/start", {"session": s, **EXAMPLE_START})
    page.call("clock/advance", {"session": s, "to": 0.5})
    for client in (page, watcher):
        tick = tick_of(client, s)
        assert isinstance(tick["binary"], bytes)
        assert tick["params"]["attributes"]["id"] == [None, "a", "b", "c", "d"]


def page_encodings(w) -> list[str]:
    page = w.connect(initialize=False, name="another page")
    return page.initialize()["capabilities"]["encodings"]


def test_the_worked_example_of_protocol_8_3_is_what_the_daemon_sends(web):
    """The header and every byte row shown in Protocol/README.md 8.3 are the frame's."""
    readme = (Path(__file__).resolve().parents[2] / "Protocol" / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### 8.3 `binary`"):readme.index("## 9. Session methods")]
    header = re.search(r"and its header is\n\n```json\n(.*?)\n```", section, re.S).group(1)
    rows = re.findall(r"^ *(\d+)  ((?:[0-9a-f]{2} )+)", section, re.M)
    client = web().connect()
    s = client.call("session/create", {**EXAMPLE, "encoding": "binary"})["session"]
    client.call("transition/start", {"session": s, **EXAMPLE_START})
    client.call("clock/advance", {"session": s, "to": 0.5, "reply": "brief"})
    frame = tick_of(client, s)["binary"]
    (length,) = struct.unpack_from("<I", frame, 4)
    assert frame[8:8 + length].decode() == header
    assert len(rows) >= 10
    for offset, data in rows:
        expected = bytes.fromhex(data)
        assert frame[int(offset):int(offset) + len(expected)] == expected, f"the row at {offset}"
    assert f"{len(frame)} bytes" in section
