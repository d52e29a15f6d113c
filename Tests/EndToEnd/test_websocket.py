"""The browser transport (`--ws`) end to end: the handshake, each refusal (token, Host,
Origin) with a bare 403, each close code, fragmentation, pings, the close handshake,
100 clients at once, a stalled reader with bounded memory, a client vanishing
mid-tick, and a WebSocket client sharing a session with a Unix-socket client.

PyPI's `websockets` (a client the project did not write) drives what a library can
send; `WebSocketClient` (ws_harness.py) sends what no library would (unmasked frames)
and stops reading at the socket when a test needs it.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import struct
import tempfile
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect as ws_connect

from e2e_harness import GRID, LIST_FLOW, create_params, is_notification, wait_for_socket, SocketClient
from ws_harness import ServerFrameParser, WebSocketClient, handshake, http_exchange, mask_frame, read_web_json

pytestmark = pytest.mark.native_only("WebSocket (--ws) is the native daemon's")

FORBIDDEN = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Web:
    def __init__(self, daemon, info: dict, runtime: Path, socket_path: Path | None) -> None:
        self.daemon = daemon
        self.info = info
        self.runtime = runtime
        self.socket_path = socket_path
        self.port = int(info["ws"].rsplit(":", 1)[1].split("/")[0])
        self.token = info["token"]
        self.clients: list = []

    def url(self, path: str = "/", token: str | None = None) -> str:
        return f"ws://127.0.0.1:{self.port}{path}?token={self.token if token is None else token}"

    def connect(self, initialize: bool = True, name: str | None = None) -> WebSocketClient:
        client = WebSocketClient(self.info["ws"], name or f"ws client {len(self.clients) + 1}")
        self.clients.append(client)
        if initialize:
            client.initialize()
        return client


@pytest.fixture
def web(spawn, monkeypatch, socket_dir):
    """Starts `transitiond --ws 127.0.0.1:0 [args]` with a private runtime directory."""
    started: list[Web] = []

    def start(*args: str, listen: bool = False) -> Web:
        runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
        os.chmod(runtime, 0o700)
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
        path = socket_dir / f"w{len(started)}.sock" if listen else None
        extra = ["--listen", str(path)] if path else []
        daemon = spawn(*extra, "--ws", "127.0.0.1:0", "--log-level", "info", *args, log_name=f"web{len(started)}.log")
        if path:
            wait_for_socket(path, daemon)
        w = Web(daemon, read_web_json(runtime, daemon), runtime, path)
        started.append(w)
        return w

    yield start
    for w in started:
        for c in w.clients:
            c.close()


def initialize(ws) -> None:
    ws.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
    assert json.loads(ws.recv(timeout=10))["id"] == 1
    ws.send(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}))


def call(ws, id: int, method: str, params=None) -> dict:
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    ws.send(json.dumps(message))
    while True:
        reply = json.loads(ws.recv(timeout=10))
        if reply.get("id") == id:
            return reply


# ---------------------------------------------------------------------------
# Handshake, discovery, refusals


def test_handshake_and_discovery_file(web):
    w = web()
    path = w.runtime / "transitiond" / "web.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(w.token) >= 32 and int(w.token, 16) >= 0  # 128 bits as hex
    assert w.info["url"] == f"http://127.0.0.1:{w.port}/?token={w.token}"
    assert w.info["ws"] == f"ws://127.0.0.1:{w.port}/?token={w.token}"
    assert w.info["pid"] == w.daemon.pid
    assert w.token not in w.daemon.stderr()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        created = call(ws, 2, "session/create", create_params())["result"]
        assert created["session"] == "s1"
        # A batch is one text frame, answered by one text frame.
        ws.send(json.dumps([{"jsonrpc": "2.0", "id": 3, "method": "session/list"},
                            {"jsonrpc": "2.0", "id": 4, "method": "transition/status", "params": {"session": "s1"}}]))
        batch = json.loads(ws.recv(timeout=10))
        assert sorted(r["id"] for r in batch) == [3, 4]
    w.daemon.proc.send_signal(signal.SIGTERM)
    assert w.daemon.wait() == 0
    assert not path.exists()


def test_a_second_daemon_gets_its_own_token(web):
    first, second = web(), web()
    assert first.token != second.token
    with pytest.raises(InvalidStatus) as refused:
        ws_connect(f"ws://127.0.0.1:{second.port}/?token={first.token}")
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("target", ["/", "/?token=", "/?token=0123456789abcdef0123456789abcdef", "/?tok=x"])
def test_without_the_right_token_only_403(web, target):
    w = web()
    with pytest.raises(InvalidStatus) as refused:
        ws_connect(f"ws://127.0.0.1:{w.port}{target}")
    assert refused.value.response.status_code == 403
    assert refused.value.response.body == b""
    # Plain HTTP too, for every path.
    for path in ["/", "/index.html", "/transitiond.js", "/nothing"]:
        assert http_exchange("127.0.0.1", w.port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{w.port}\r\n\r\n".encode()) == FORBIDDEN
    assert "refused by the token check: " in w.daemon.stderr()


@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1:1", "localhost.evil.example:{port}", "127.0.0.1", None])
def test_a_host_that_is_not_loopback_with_the_port_gets_403(web, host):
    w = web()
    sock, head, _ = handshake("127.0.0.1", w.port, f"/?token={w.token}", {"Host": host and host.format(port=w.port)})
    rest = sock.recv(100)
    sock.close()
    assert head == FORBIDDEN and rest == b""


def test_loopback_hosts_are_accepted(web):
    w = web()
    for host in [f"localhost:{w.port}", f"127.0.0.1:{w.port}", f"[::1]:{w.port}", f"127.0.0.2:{w.port}"]:
        sock, head, _ = handshake("127.0.0.1", w.port, f"/?token={w.token}", {"Host": host})
        sock.close()
        assert head.startswith(b"HTTP/1.1 101 Switching Protocols\r\n"), host


def test_origin_must_be_absent_own_or_allowed(web):
    w = web("--allow-origin", "http://localhost:5173")
    for origin in [f"http://127.0.0.1:{w.port}", f"http://localhost:{w.port}", "http://localhost:5173"]:
        with ws_connect(w.url(), origin=origin) as ws:
            initialize(ws)
    for origin in ["https://evil.example", f"http://127.0.0.1:{w.port + 1}", "null", "http://localhost:5174"]:
        with pytest.raises(InvalidStatus) as refused:
            ws_connect(w.url(), origin=origin)
        assert refused.value.response.status_code == 403, origin
    assert "Origin 'https://evil.example' is not allowed" in w.daemon.stderr()


def test_only_the_root_path_upgrades(web):
    """Issue 29: `/rpc?token=...` connected, although other paths are 404."""
    w = web()
    for target in [f"/rpc?token={w.token}", f"/index.html?token={w.token}", f"/ws/?token={w.token}"]:
        sock, head, rest = handshake("127.0.0.1", w.port, target)
        sock.close()
        assert head == b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", target
    sock, head, _ = handshake("127.0.0.1", w.port, f"/rpc?token=guess")
    sock.close()
    assert head == FORBIDDEN
    sock, head, _ = handshake("127.0.0.1", w.port, f"/?token={w.token}")
    sock.close()
    assert head.startswith(b"HTTP/1.1 101 Switching Protocols\r\n")
    assert "WebSocket upgrade on /rpc, which is not the endpoint /" in w.daemon.stderr()


def test_an_allowed_origin_may_import_the_client(web):
    """Issue 29: /transitiond.js had no Access-Control-Allow-Origin, so a design tool on its
    own dev server could not import it from the daemon."""
    w = web("--allow-origin", "http://localhost:5173")
    reply = http_exchange("127.0.0.1", w.port, (f"GET /transitiond.js?token={w.token} HTTP/1.1\r\n"
                                                f"Host: 127.0.0.1:{w.port}\r\nOrigin: http://localhost:5173\r\n"
                                                "Connection: close\r\n\r\n").encode())
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\n")
    assert b"\r\nAccess-Control-Allow-Origin: http://localhost:5173\r\nVary: Origin" in head
    assert b"export class TransitionClient" in body


def test_transitionctl_web_url_gives_a_dev_server_the_endpoint(web):
    """Issue 29: a dev server had no documented way to learn the ws URL."""
    import subprocess
    from e2e_harness import binary_path
    ctl = os.environ.get("TRANSITIONCTL") or str(binary_path().parent / "transitionctl")
    w = web()
    run = lambda *args: subprocess.run([ctl, "web-url", *args], capture_output=True, text=True, timeout=30)
    assert run().stdout == w.info["ws"] + "\n"
    assert run("--viewer").stdout == w.info["url"] + "\n"
    assert json.loads(run("--json").stdout) == w.info
    with ws_connect(run().stdout.strip()) as ws:
        initialize(ws)
    w.daemon.proc.send_signal(signal.SIGTERM)
    w.daemon.proc.wait(timeout=10)
    gone = run()
    assert gone.returncode == 1
    assert gone.stderr.startswith("Error: no daemon serves WebSocket (no ") and "transitiond --listen --ws 0" in gone.stderr


def test_refusals_are_warnings_naming_the_check(web):
    """Issue 29: refusals were logged at info, where the default level hides them."""
    w = web("--log-level", "warning")
    for target, headers in [("/?token=guess", {}), ("/", {}), (f"/?token={w.token}", {"Host": "evil.example"}),
                            (f"/?token={w.token}", {"Origin": "https://evil.example"})]:
        sock, head, _ = handshake("127.0.0.1", w.port, target, headers)
        sock.close()
        assert head == FORBIDDEN
    log = w.daemon.stderr()
    assert "refused by the token check: wrong token" in log
    assert "refused by the token check: no token" in log
    assert "refused by the Host check: Host 'evil.example' is not a loopback name with port" in log
    assert "refused by the Origin check: Origin 'https://evil.example' is not allowed" in log
    assert w.token not in log


def test_allowed_origins_are_normalised_at_start(web, spawn):
    """Issue 29: `http://127.0.0.1:8765/` (a path) was taken and never matched, nor did
    `http://LOCALHOST:5173`; `*` allowed every origin without a word."""
    refused = spawn("--ws", "127.0.0.1:0", "--allow-origin", "http://127.0.0.1:8765/", log_name="slash.log")
    assert refused.wait() == 64
    assert ("Error: --allow-origin http://127.0.0.1:8765/: an origin has no path (a browser sends "
            "http://127.0.0.1:8765)") in refused.stderr()
    w = web("--allow-origin", "http://LOCALHOST:5173", "--allow-origin", "https://design.example:443")
    for origin in ["http://localhost:5173", "https://design.example"]:
        with ws_connect(w.url(), origin=origin) as ws:
            initialize(ws)
    assert "--allow-origin '*'" not in w.daemon.stderr()
    anyone = web("--allow-origin", "*")
    with ws_connect(anyone.url(), origin="https://anywhere.example") as ws:
        initialize(ws)
    assert "--allow-origin '*': a page of any site may connect over WebSocket" in anyone.daemon.stderr()


def test_non_loopback_needs_ws_allow_remote(spawn, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    refused = spawn("--ws", "0.0.0.0:0")
    assert refused.wait() == 1
    assert "--ws-allow-remote" in refused.stderr()
    os.chmod(tmp_path, 0o700)
    allowed = spawn("--ws", "0.0.0.0:0", "--ws-allow-remote", log_name="remote.log")
    info = read_web_json(tmp_path, allowed)
    assert info["url"].startswith("http://127.0.0.1:")
    assert "reachable from other machines" in allowed.stderr()


def test_bad_handshakes(web):
    w = web()
    sock, head, _ = handshake("127.0.0.1", w.port, f"/?token={w.token}", {"Sec-WebSocket-Version": "8"})
    sock.close()
    assert head.startswith(b"HTTP/1.1 426 Upgrade Required\r\n") and b"Sec-WebSocket-Version: 13\r\n" in head
    sock, head, _ = handshake("127.0.0.1", w.port, f"/?token={w.token}", {"Sec-WebSocket-Key": "c2hvcnQ="})
    sock.close()
    assert head.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    huge = b"GET / HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n"
    assert http_exchange("127.0.0.1", w.port, huge).startswith(b"HTTP/1.1 431 ")
    assert http_exchange("127.0.0.1", w.port, b"NOT HTTP\r\n\r\n").startswith(b"HTTP/1.1 400 ")


def test_the_viewer_is_served_with_the_token(web):
    w = web()
    reply = http_exchange("127.0.0.1", w.port, f"GET /?token={w.token}&demo=1 HTTP/1.1\r\nHost: localhost:{w.port}\r\nConnection: close\r\n\r\n".encode())
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n")
    assert b"Content-Security-Policy: default-src 'none';" in head
    assert int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0]) == len(body)
    assert f"token={w.token}".encode() in body and b"__TRANSITIOND_TOKEN__" not in body
    # Keep-alive: two requests on one connection, then a 404.
    reqs = b"".join(f"GET {p}?token={w.token} HTTP/1.1\r\nHost: 127.0.0.1:{w.port}\r\n\r\n".encode()
                    for p in ["/transitiond.js", "/viewer.css"]) + f"GET /none?token={w.token} HTTP/1.1\r\nHost: 127.0.0.1:{w.port}\r\nConnection: close\r\n\r\n".encode()
    replies = http_exchange("127.0.0.1", w.port, reqs)
    assert replies.count(b"HTTP/1.1 200 OK\r\n") == 2 and b"HTTP/1.1 404 Not Found\r\n" in replies
    assert b"Content-Type: text/javascript; charset=utf-8" in replies and b"export class TransitionClient" in replies


def test_embedded_viewer_files_are_current():
    import subprocess, sys
    repo = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, str(repo / "scripts/embed-web.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------
# Framing and close codes


def close_code(ws) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(100):
            ws.recv(timeout=10)
    return closed.value.rcvd.code if closed.value.rcvd else None


def test_binary_frame_closes_1003(web):
    w = web()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        ws.send(b'{"jsonrpc":"2.0","id":2,"method":"session/list"}')
        assert close_code(ws) == 1003


def test_invalid_utf8_closes_1007(web):
    w = web()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        ws.send(b'{"jsonrpc":"2.0","id":2,"method":"\xc0\xaf"}', text=True)
        assert close_code(ws) == 1007


def close_code_after_sending(ws, message) -> int | None:
    """The close code the daemon sent in answer to `message`. The library may see the
    close while it still sends (after the second fragment, before its final empty
    one), and then raises from `send`: either way the code is what the daemon sent."""
    with pytest.raises(ConnectionClosed) as closed:
        ws.send(message)
        for _ in range(100):
            ws.recv(timeout=10)
    return closed.value.rcvd.code if closed.value.rcvd else None


def test_message_over_the_limit_closes_1009(web):
    w = web("--max-message-bytes", "4096")
    with ws_connect(w.url(), max_size=None) as ws:
        initialize(ws)
        message = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "transition/status", "params": {"session": "x" * 5000}})
        assert close_code_after_sending(ws, message) == 1009
    # Fragments count together.
    with ws_connect(w.url()) as ws:
        initialize(ws)
        assert close_code_after_sending(ws, ["x" * 3000, "y" * 3000]) == 1009


def read_until_eof(sock: socket.socket, timeout: float = 10) -> bytes:
    """Everything the daemon sends until it ends the connection; a reset fails the test
    (it can destroy a close frame before the client reads it)."""
    sock.settimeout(timeout)
    data = b""
    while True:
        chunk = sock.recv(65536)  # ConnectionResetError propagates
        if not chunk:
            return data
        data += chunk


def test_a_client_still_sending_after_its_1009_reads_the_close_not_a_reset(web):
    """Over the limit, the daemon sends its close frame while the client is still
    sending a large fragment: it reads and discards the rest (RFC 6455 7.1.1), so the
    client can send it all and then read the close code, every time."""
    w = web("--max-message-bytes", "4096")
    for _ in range(10):
        sock, head, rest = handshake("127.0.0.1", w.port, f"/?token={w.token}")
        assert head.startswith(b"HTTP/1.1 101 "), head
        with sock:
            sock.sendall(mask_frame(0x1, b"x" * 3000, fin=False) + mask_frame(0x0, b"y" * 3000, fin=False)
                         + mask_frame(0x0, b"z" * 300_000))
            parser = ServerFrameParser()
            parser.feed(rest + read_until_eof(sock))
            assert parser.close is not None and parser.close[0] == 1009
    # A client that answers the close frame with its own and then reads on is closed
    # cleanly too, as soon as it ends its side.
    sock, head, rest = handshake("127.0.0.1", w.port, f"/?token={w.token}")
    with sock:
        sock.sendall(mask_frame(0x1, b"x" * 5000))
        parser = ServerFrameParser()
        parser.feed(rest + read_until_eof(sock))
        assert parser.close is not None and parser.close[0] == 1009
        sock.sendall(mask_frame(0x8, struct.pack("!H", 1009)))
        sock.shutdown(socket.SHUT_WR)
    assert w.daemon.running


def test_a_refused_request_whose_body_is_still_arriving_reads_the_403_not_a_reset(web):
    w = web()
    for _ in range(5):
        with socket.create_connection(("127.0.0.1", w.port), timeout=10) as sock:
            body = b"b" * 300_000
            sock.sendall(f"POST /?token=wrong HTTP/1.1\r\nHost: 127.0.0.1:{w.port}\r\n"
                         f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            assert read_until_eof(sock) == FORBIDDEN


def test_unmasked_client_frame_closes_1002(web):
    w = web()
    c = w.connect()
    c.send_bytes(mask_frame(0x1, b'{"jsonrpc":"2.0","id":9,"method":"session/list"}', masked=False))
    c.wait_eof()
    assert c.parser.close == (1002, b"unmasked client frame")
    assert not any(m.get("id") == 9 for m in c.inbox)


def test_fragmented_message_with_a_ping_between(web):
    w = web()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        text = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "session/create", "params": create_params()})
        ws.send([text[:10], text[10:25], text[25:]])
        assert json.loads(ws.recv(timeout=10))["result"]["session"] == "s1"
    # A control frame between fragments, on the wire.
    c = w.connect()
    text = json.dumps({"jsonrpc": "2.0", "id": 6, "method": "session/list"}).encode()
    c.send_bytes(mask_frame(0x1, text[:7], fin=False) + mask_frame(0x9, b"mid") + mask_frame(0x0, text[7:]))
    reply = c.response(6)
    assert [s["session"] for s in reply["result"]["sessions"]] == []
    assert c.parser.pongs == [b"mid"]


def test_ping_is_answered(web):
    w = web()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        assert ws.ping(b"are you there").wait(timeout=10)


def test_close_handshake_both_ways(web):
    w = web()
    with ws_connect(w.url()) as ws:
        initialize(ws)
        ws.close(code=1000, reason="done")
    assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == 1000
    # The daemon closing (the client's `exit`) sends a close frame first.
    c = w.connect()
    c.call("shutdown")
    c.notify("exit")
    c.wait_eof()
    assert c.parser.close == (1000, b"")
    # And on SIGTERM every WebSocket client is told.
    c2 = w.connect()
    w.daemon.proc.send_signal(signal.SIGTERM)
    c2.wait_eof()
    assert c2.parser.close == (1000, b"")


# ---------------------------------------------------------------------------
# Many clients, a stalled reader, vanishing clients, sharing with the Unix socket


@pytest.mark.time_limit(60)
def test_100_clients_at_once(web):
    # Past the default budget of 64 TCP clients (--max-web-connections).
    w = web("--max-web-connections", "100")
    clients = [ws_connect(w.url(), open_timeout=20).__enter__() for _ in range(100)]
    try:
        for ws in clients:
            ws.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
        for ws in clients:
            assert json.loads(ws.recv(timeout=20))["id"] == 1
            ws.send(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
            ws.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "session/create",
                                "params": create_params(clock="manual", sections=[{"items": 20}])}))
        sessions = {json.loads(ws.recv(timeout=20))["result"]["session"] for ws in clients}
        assert len(sessions) == 100
        listing = call(clients[0], 3, "session/list")["result"]["sessions"]
        assert len(listing) == 100
    finally:
        for ws in clients:
            ws.close()


HEAVY = {"viewport": {"width": 375, "height": 1200}, "sections": [{"items": 2000}],
         "layout": {"type": "grid", "columns": 8}, "fps": 120}


@pytest.mark.time_limit(120)
def test_stalled_reader_gets_the_newest_tick_with_bounded_memory(web, record_property):
    w = web()
    slow = w.connect(name="slow")
    fast = w.connect(name="fast")
    heavy = [slow.call("session/create", HEAVY)["session"] for _ in range(10)]
    slow.drain(0.2)
    # Long enough to be running still when the slow client is known to be behind, on any
    # machine: the fast client finishes them then.
    for s in heavy:
        slow.call("transition/start", {"session": s, "to": {"type": "grid", "columns": 4}, "duration": 600})
    # The slow client stops reading, until the daemon says that it fell behind: from
    # then on each heavy session's next tick replaces the waiting one or is not built
    # (a seq gap).
    peak = 0
    deadline = time.monotonic() + 60
    while "the client is behind" not in w.daemon.stderr():
        assert time.monotonic() < deadline, "the slow client never fell behind"
        peak = max(peak, w.daemon.rss_kb() or 0)
        time.sleep(0.05)
    # Meanwhile the fast client is served, every tick of its own: one per advance, no gap.
    watched = fast.call("session/create", create_params(clock="manual", fps=60))["session"]
    fast.call("transition/start", {"session": watched, "to": GRID, "duration": 1})
    for _ in range(60):
        fast.call("clock/advance", {"session": watched, "by": 1 / 60})
        peak = max(peak, w.daemon.rss_kb() or 0)
    notes = fast.until_end(watched, settle=0)
    seqs = [m["params"]["seq"] for m in notes if m["method"] == "transition/tick"]
    assert seqs == list(range(1, 61)) and notes[-1]["method"] == "transition/didEnd"
    for s in heavy:
        fast.call("transition/finish", {"session": s, "duration": 0})
    # Then reads everything: every didEnd once, the last tick of each session at
    # progress 1, seq gaps where ticks were coalesced.
    gaps = 0
    for s in heavy:
        notes = slow.until_end(s, timeout=20, settle=0.05)
        ends = [m for m in notes if m["method"] == "transition/didEnd"]
        ticks = [m for m in notes if m["method"] == "transition/tick"]
        assert len(ends) == 1 and ends[0]["params"]["completed"] is True
        seqs = [t["params"]["seq"] for t in ticks]
        assert seqs == sorted(seqs) and ticks[-1]["params"]["fraction"] == 1
        gaps += sum(1 for x, y in zip(seqs, seqs[1:]) if y - x > 1)
    assert gaps > 0, "no tick was coalesced while the reader stalled"
    record_property("figures", f"peak RSS {peak / 1024:.0f} MiB with a stalled WebSocket reader of 10 x 120 fps sessions")
    assert peak < 200 * 1024, f"peak RSS {peak} kB"
    slow.close()
    deadline = time.monotonic() + 10
    while "ticks coalesced" not in w.daemon.stderr():
        assert time.monotonic() < deadline, "the daemon did not report coalesced ticks"
        time.sleep(0.05)


def test_a_client_vanishing_mid_tick(web):
    w = web()
    other = w.connect(name="other")
    gone = w.connect(name="gone")
    s = gone.call("session/create", create_params(fps=120))["session"]
    kept = gone.call("session/create", create_params(fps=120, keepAlive=True))["session"]
    gone.call("transition/start", {"session": s, "to": GRID, "duration": 5})
    gone.call("transition/start", {"session": kept, "to": GRID, "duration": 0.5})
    gone.notification("transition/tick", s)
    # A reset (no close frame, no FIN) while ticks are being written.
    gone.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    gone.close()
    deadline = time.monotonic() + 10
    while True:
        sessions = [x["session"] for x in other.call("session/list")["sessions"]]
        if s not in sessions:
            break
        assert time.monotonic() < deadline, sessions
        time.sleep(0.05)
    assert kept in sessions  # keepAlive outlives its connection
    other.call("session/subscribe", {"session": kept})
    other.notification("transition/didEnd", kept)
    assert w.daemon.running


def test_a_page_and_a_unix_socket_client_share_a_session(web):
    w = web(listen=True)
    editor = SocketClient(w.socket_path, "editor")
    w.clients.append(editor)
    editor.initialize()
    s = editor.call("session/create", create_params(keepAlive=True, clock="manual", fps=60))["session"]
    page = w.connect(name="page")
    listing = page.call("session/list")["sessions"]
    assert [(x["session"], x["owned"], x["keepAlive"]) for x in listing] == [(s, False, True)]
    page.call("session/subscribe", {"session": s})
    editor.call("transition/start", {"session": s, "to": GRID, "duration": 0.5, "interactive": True})
    page.call("transition/scrub", {"session": s, "progress": 0.25})
    page.call("clock/advance", {"session": s, "by": 0})
    # Both see the same ticks, and the same single didEnd.
    for client in (editor, page):
        tick = client.wait_for(lambda m: is_notification(m, "transition/tick", s) and m["params"]["progress"] == 0.25)
        assert tick["params"]["session"] == s
    page.call("transition/finish", {"session": s})
    editor.call("clock/advance", {"session": s, "by": 1.0})
    for client in (editor, page):
        notes = client.until_end(s, settle=0.1)
        assert [m["method"] for m in notes].count("transition/didEnd") == 1
    # The editor leaves: the kept-alive session stays for the page.
    editor.close()
    assert s in [x["session"] for x in page.call("session/list")["sessions"]]


def test_max_web_connections_counts_websocket_clients(web):
    """Two clients that showed the token fill a budget of two: a third TCP connection is
    closed (no unproven one to evict)."""
    w = web("--max-web-connections", "2")
    a, b = w.connect(), w.connect()
    sock = socket.create_connection(("127.0.0.1", w.port), timeout=10)
    assert sock.recv(100) == b""
    sock.close()
    assert a.call("session/list") == {"sessions": []}


def test_stdio_with_ws_lives_as_long_as_its_stdio_client(spawn, monkeypatch, tmp_path):
    from e2e_harness import ProcessClient
    os.chmod(tmp_path, 0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    daemon = spawn("--stdio", "--ws", "127.0.0.1:0")
    editor = ProcessClient(daemon)
    editor.initialize()
    info = read_web_json(tmp_path, daemon)
    s = editor.call("session/create", create_params(clock="manual"))["session"]
    page = WebSocketClient(info["ws"], "page")
    page.initialize()
    assert [x["session"] for x in page.call("session/list")["sessions"]] == [s]
    page.call("session/subscribe", {"session": s})
    # A page leaving (even with exit) does not end the daemon: its stdio client does.
    page.call("shutdown")
    page.notify("exit")
    page.wait_eof()
    assert editor.call("session/list")["sessions"][0]["session"] == s
    editor.call("shutdown")
    editor.notify("exit")
    assert daemon.wait() == 0
    assert not (tmp_path / "transitiond" / "web.json").exists()


def test_max_batch_over_websocket(web):
    w = web("--max-batch", "2")
    c = w.connect()
    ping = {"jsonrpc": "2.0", "method": "session/list", "params": {}}
    c.send([dict(ping, id=k) for k in range(3, 6)])
    refused = c.wait_for(lambda m: isinstance(m, dict) and "error" in m)
    assert refused["id"] is None and refused["error"]["code"] == -32600
    assert refused["error"]["data"] == {"limit": 2, "count": 3}
    assert c.call("session/list") == {"sessions": []}


@pytest.mark.time_limit(120)
def test_a_long_websocket_pipeline_takes_turns(web):
    """1,000 pipelined samples from one client (almost four turns of 256 messages):
    another client's request is answered before the pipeline's last reply."""
    import select
    w = web()
    busy = w.connect(name="busy")
    other = w.connect(name="other")
    s = busy.call("session/create", create_params(sections=[{"items": 5000}], clock="manual"))["session"]
    params = {"session": s, "to": GRID, "progress": 0.5, "rect": {"x": 0, "y": 0, "width": 10, "height": 10}}
    data = b"".join(mask_frame(0x1, json.dumps({"jsonrpc": "2.0", "id": 1000 + i, "method": "transition/sample",
                                                "params": params}).encode()) for i in range(1000))
    writer = threading.Thread(target=lambda: busy.sock.sendall(data), daemon=True)
    writer.start()
    busy.wait_for(lambda m: m.get("id") == 1000)
    asked = other.request("session/list")
    while not any(m.get("id") == asked for m in other.inbox):
        ready, _, _ = select.select([busy, other], [], [], 30)
        assert ready, "nothing arrived for 30 s"
        for c in ready:
            c.pump(0)
    answered_at = next(m for m in other.inbox if m.get("id") == asked)["_at"]
    last = busy.wait_for(lambda m: m.get("id") == 1999, timeout=90)
    assert answered_at < last["_at"]
    writer.join(10)
