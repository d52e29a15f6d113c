"""WebSocket clients for the end-to-end tests: `WebSocketClient` (the harness's Client
API over a raw TCP socket with RFC 6455 framing, for exact control of reading and of
what goes on the wire) and helpers to start `transitiond --ws` and read `web.json`.

The tests also use PyPI's `websockets`, a client the project did not write, for the
handshake, refusals, close codes, fragmentation, pings and many clients.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import struct
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from e2e_harness import DEFAULT_TIMEOUT, Client, ProtocolViolation, encode_body

# Binary ticks are read by the Python client's decoder (Clients/python).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Clients" / "python" / "src"))
from transitiond.binary import decode_tick  # noqa: E402

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def read_web_json(runtime_dir: Path, daemon, timeout: float = DEFAULT_TIMEOUT) -> dict:
    """Waits for `<runtime>/transitiond/web.json` of this daemon and returns it."""
    path = runtime_dir / "transitiond" / "web.json"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not daemon.running:
            raise AssertionError(f"daemon exited with {daemon.proc.returncode}: {daemon.stderr()}")
        try:
            info = json.loads(path.read_text())
            if info.get("pid") == daemon.pid:
                return info
        except (OSError, ValueError):
            pass
        time.sleep(0.02)
    raise TimeoutError(f"no web.json at {path}: {daemon.stderr()}")


def mask_frame(opcode: int, payload: bytes, fin: bool = True, masked: bool = True, key: bytes = b"\x11\x22\x33\x44") -> bytes:
    head = bytes([(0x80 if fin else 0) | opcode])
    bit = 0x80 if masked else 0
    n = len(payload)
    if n < 126:
        head += bytes([bit | n])
    elif n < 65536:
        head += bytes([bit | 126]) + struct.pack("!H", n)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", n)
    if not masked:
        return head + payload
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


class ServerFrameParser:
    """Splits the daemon's WebSocket bytes into frames, strictly: server frames are
    final and unmasked; text frames hold one JSON message or batch each, binary frames
    one binary session's tick (Protocol 8.3): it becomes the `transition/tick`
    notification, its bytes under "binary"."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.close: tuple[int | None, bytes] | None = None
        self.pongs: list[bytes] = []

    def frames(self, data: bytes) -> list[tuple[int, bytes]]:
        self.buffer += data
        out = []
        while len(self.buffer) >= 2:
            b0, b1 = self.buffer[0], self.buffer[1]
            if b0 & 0x70 or b1 & 0x80 or not b0 & 0x80:
                raise ProtocolViolation(f"bad server frame header {bytes(self.buffer[:2])!r}")
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(self.buffer) < 4:
                    break
                n, at = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif n == 127:
                if len(self.buffer) < 10:
                    break
                n, at = struct.unpack("!Q", self.buffer[2:10])[0], 10
            if len(self.buffer) < at + n:
                break
            out.append((b0 & 0x0F, bytes(self.buffer[at:at + n])))
            del self.buffer[:at + n]
        return out

    def feed(self, data: bytes) -> list[Any]:
        messages = []
        for opcode, payload in self.frames(data):
            if opcode == 0x1:
                messages.append(json.loads(payload.decode("utf-8")))
            elif opcode == 0x2:
                messages.append({"jsonrpc": "2.0", "method": "transition/tick",
                                 "params": decode_tick(payload), "binary": payload})
            elif opcode == 0xA:
                self.pongs.append(payload)
            elif opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                self.close = (code, payload[2:])
            else:
                raise ProtocolViolation(f"unexpected server opcode {opcode}")
        return messages


def handshake(host: str, port: int, target: str, headers: dict[str, str] | None = None,
              timeout: float = DEFAULT_TIMEOUT) -> tuple[socket.socket, bytes, bytes]:
    """Sends a WebSocket upgrade request; returns the socket, the response head and the
    bytes that came after it."""
    sock = socket.create_connection((host, port), timeout=timeout)
    key = base64.b64encode(os.urandom(16)).decode()
    fields = {"Host": f"{host}:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
              "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13"}
    fields.update(headers or {})
    request = f"GET {target} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items() if v is not None) + "\r\n"
    sock.sendall(request.encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    if head.startswith(b"HTTP/1.1 101"):
        expected = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest())
        assert b"Sec-WebSocket-Accept: " + expected in head, head
    return sock, head + b"\r\n\r\n", rest


def http_exchange(host: str, port: int, request: bytes, timeout: float = DEFAULT_TIMEOUT) -> bytes:
    """Sends raw bytes and returns everything until the daemon closes."""
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return data
            data += chunk


class WebSocketClient(Client):
    """The harness's Client over WebSocket: one masked text frame per message out,
    server frames parsed strictly in."""

    def __init__(self, ws_url: str, name: str = "websocket client", headers: dict[str, str] | None = None) -> None:
        super().__init__(name)
        url = urlparse(ws_url)
        target = url.path + ("?" + url.query if url.query else "")
        self.sock, head, rest = handshake(url.hostname, url.port, target, headers)
        assert head.startswith(b"HTTP/1.1 101 "), head
        self.sock.settimeout(None)
        self.parser = ServerFrameParser()
        if rest:
            self.inbox.extend(self.parser.feed(rest))

    def fileno(self) -> int:
        return self.sock.fileno()

    def _read(self) -> bytes:
        try:
            return self.sock.recv(1 << 20)
        except (ConnectionResetError, OSError):
            return b""

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, message: Any) -> None:
        body = message if isinstance(message, (bytes, bytearray)) else encode_body(message)
        self.send_bytes(mask_frame(0x1, bytes(body)))

    def close(self) -> None:
        if self.sock.fileno() >= 0:
            self.sock.close()
