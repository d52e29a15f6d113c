"""``transitiond.binary``: binary tick frames (Protocol 8.3) the daemon sends over a
WebSocket decode into the compact encoding's shape, equal to a compact twin session's
tick (numbers the same or their nearest float32), and into the same ``Attribute``
objects. The frames come from the real daemon (``--ws``), read with PyPI's
``websockets``; bytes that are not a binary tick are refused."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest

from transitiond.binary import columns, decode_tick, is_binary_tick
from transitiond.types import decode_attributes

ws_client = pytest.importorskip("websockets.sync.client")

PARAMS = {
    "viewport": {"width": 200, "height": 120},
    "sections": [{"items": 3, "ids": ["a", "b", "c"]}],
    "layout": {"type": "list", "rowHeight": 40, "headerHeight": 20,
               "values": {"background": "#ff0000", "labelOffset": 4}},
    "clock": "manual",
}
START = {
    "to": {"type": "grid", "columns": 2, "spacing": 10, "values": {"background": "#0000ff", "labelOffset": 8}},
    "sections": [{"items": 3, "ids": ["b", "c", "d"]}], "duration": 1, "appear": "scale", "disappear": "fade",
    "contentOffset": {"point": {"x": 0, "y": 0}},
}


def float32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def same_within_float32(got: Any, expected: Any, path: str = "$") -> None:
    if isinstance(expected, float) or (isinstance(expected, int) and not isinstance(expected, bool)):
        assert got == expected or got == float32(expected), f"{path}: {got} is neither {expected} nor its float32"
    elif isinstance(expected, dict):
        assert sorted(got) == sorted(expected), path
        for key in expected:
            same_within_float32(got[key], expected[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert len(got) == len(expected), path
        for i, (g, e) in enumerate(zip(got, expected)):
            same_within_float32(g, e, f"{path}[{i}]")
    else:
        assert got == expected, path


@pytest.fixture
def web_url(transitiond_path: str) -> Iterator[str]:
    runtime = Path(tempfile.mkdtemp(prefix="tdpy-", dir="/tmp"))
    os.chmod(runtime, 0o700)
    daemon = subprocess.Popen([transitiond_path, "--ws", "127.0.0.1:0"], env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)},
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        web = runtime / "transitiond" / "web.json"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                info = json.loads(web.read_text())
                if info["pid"] == daemon.pid:
                    yield info["ws"]
                    return
            except (OSError, ValueError):
                pass
            time.sleep(0.02)
        pytest.fail("the daemon wrote no web.json")
    finally:
        daemon.terminate()
        daemon.wait(10)


class Page:
    """A WebSocket client: requests in text frames, every frame kept."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.next_id = 1
        self.ticks: Dict[str, Any] = {}
        self.call("initialize", {"processId": None, "capabilities": {}})

    def call(self, method: str, params: Any = None) -> Any:
        id = self.next_id
        self.next_id += 1
        self.socket.send(json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
        while True:
            frame = self.socket.recv(timeout=10)
            if isinstance(frame, bytes):
                tick = decode_tick(frame)
                self.ticks[tick["session"]] = (tick, frame)
                continue
            message = json.loads(frame)
            if message.get("method") == "transition/tick":
                self.ticks[message["params"]["session"]] = (message["params"], None)
            if message.get("id") == id:
                assert "error" not in message, message
                return message["result"]


def test_binary_frames_decode_to_the_compact_twins_tick(web_url: str) -> None:
    with ws_client.connect(web_url) as socket:
        check_twins(Page(socket))


def check_twins(page: Page) -> None:
    binary = page.call("session/create", {**PARAMS, "encoding": "binary"})["session"]
    compact = page.call("session/create", {**PARAMS, "encoding": "compact"})["session"]
    for s in (binary, compact):
        page.call("transition/start", {"session": s, **START})
    for t in (0, 0.5, 0.75):
        for s in (binary, compact):
            page.call("clock/advance", {"session": s, "to": t, "reply": "brief"})
        (got, frame), (expected, none) = page.ticks[binary], page.ticks[compact]
        assert is_binary_tick(frame) and none is None
        assert (got.pop("session"), expected.pop("session")) == (binary, compact)
        same_within_float32(got, expected)
        objects = decode_attributes(got["attributes"])
        if t == 0.5:
            # Half way every number is a float32 (52.5, 147.5 ...): the objects are equal.
            assert objects == decode_attributes(expected["attributes"])
        assert [a.id for a in objects] == [a.id for a in decode_attributes(expected["attributes"])]
    header, read, values = columns(page.ticks[binary][1])
    assert header["progress"] == page.ticks[compact][0]["progress"] == 0.75
    assert read["section"] == 0
    assert read["item"] == page.ticks[compact][0]["attributes"]["item"]


def test_bytes_that_are_not_a_binary_tick_are_refused() -> None:
    with pytest.raises(ValueError, match="not a binary tick"):
        decode_tick(b'{"jsonrpc":"2.0"}')
    with pytest.raises(ValueError, match="cut short"):
        decode_tick(b"tdb\x01" + struct.pack("<I", 200))
