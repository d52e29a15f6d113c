"""A small JSON-RPC 2.0 client with LSP framing, for driving the real transitiond.

Everything here is bounded in time: reads wait with select() and a deadline, so a
daemon that stops answering makes a test fail, never hang.
"""

from __future__ import annotations

import json
import os
import re
import select
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Iterable

REPO = Path(__file__).resolve().parents[2]
DEFAULT_TIMEOUT = 10.0


def binary_path() -> Path:
    """The daemon under test: $TRANSITIOND, else <repo>/.build/debug/transitiond."""
    env = os.environ.get("TRANSITIOND")
    return Path(env) if env else REPO / ".build" / "debug" / "transitiond"


def host_is_node() -> bool:
    """Whether the daemon under test is transitiond on Node (the WebAssembly module)."""
    return binary_path().suffix == ".mjs"


_portable: bool | None = None


def portable_build() -> bool:
    """Whether the daemon under test is the portable build (`-DTRANSITIOND_PORTABLE`:
    the fallbacks a macOS or BSD build compiles, on Linux), as the second line of its
    `--version` says; the daemon on Node is not."""
    global _portable
    if _portable is None:
        if host_is_node():
            _portable = False
        else:
            out = subprocess.run([str(binary_path()), "--version"], capture_output=True, text=True, timeout=10,
                                 check=True).stdout
            _portable = any(line.startswith("portable build:") for line in out.splitlines()[1:])
    return _portable


def memory_bounds_apply() -> bool:
    """Whether the daemon's VmRSS is held to the native daemon's bounds. On Node it is
    V8's heap, collected when V8 chooses, and the module's linear memory, which grows
    and is never given back: the figures are printed, not bounded."""
    return not host_is_node()


# ---------------------------------------------------------------------------
# Framing


def encode_body(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def frame(message: Any) -> bytes:
    """`Content-Length: N\\r\\n\\r\\n` + the JSON body (message may be bytes already)."""
    body = message if isinstance(message, (bytes, bytearray)) else encode_body(message)
    return b"Content-Length: %d\r\n\r\n" % len(body) + bytes(body)


class ProtocolViolation(AssertionError):
    """The daemon wrote something that is not a well-framed JSON-RPC message."""


class FrameParser:
    """Splits the daemon's output into message bodies, strictly.

    The daemon writes only `Content-Length` headers, so any other header, a bad
    length or a body that is not a JSON object or array is a violation (it would
    corrupt an editor's stream).
    """

    PREFIX = b"Content-Length: "

    def __init__(self) -> None:
        self.buffer = bytearray()

    @classmethod
    def _could_be_header(cls, head: bytes) -> bool:
        """Whether `head` may be the start of a `Content-Length: N` header section."""
        if len(head) <= len(cls.PREFIX):
            return cls.PREFIX.startswith(head)
        rest = head[len(cls.PREFIX):]
        return head.startswith(cls.PREFIX) and re.fullmatch(rb"\d*(\r(\n(\r)?)?)?", rest) is not None

    def feed(self, data: bytes) -> list[Any]:
        self.buffer += data
        messages = []
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                if not self._could_be_header(bytes(self.buffer)):
                    raise ProtocolViolation(f"stray bytes on the protocol stream: {bytes(self.buffer[:200])!r}")
                return messages
            header = bytes(self.buffer[:end]).decode("ascii", "replace")
            lines = header.split("\r\n")
            if len(lines) != 1 or not lines[0].startswith("Content-Length: "):
                raise ProtocolViolation(f"unexpected header section: {header[:200]!r}")
            value = lines[0][len("Content-Length: "):]
            if not value.isdigit():
                raise ProtocolViolation(f"bad Content-Length: {value!r}")
            length = int(value)
            if len(self.buffer) < end + 4 + length:
                return messages
            body = bytes(self.buffer[end + 4:end + 4 + length])
            del self.buffer[:end + 4 + length]
            try:
                message = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as error:
                raise ProtocolViolation(f"body is not JSON ({error}): {body[:200]!r}") from None
            if not isinstance(message, (dict, list)):
                raise ProtocolViolation(f"body is not a JSON-RPC message: {body[:200]!r}")
            messages.append(message)


def parse_stream(data: bytes) -> list[Any]:
    """All messages of a complete output; raises if anything else is in it."""
    parser = FrameParser()
    messages = parser.feed(data)
    if parser.buffer:
        raise ProtocolViolation(f"output ends inside a message or with stray bytes: {bytes(parser.buffer[:200])!r}")
    return messages


# ---------------------------------------------------------------------------
# Clients


class RpcError(AssertionError):
    def __init__(self, method: str, error: dict) -> None:
        super().__init__(f"{method} failed: {error}")
        self.error = error
        self.code = error.get("code")
        self.data = error.get("data")


class ClosedError(AssertionError):
    pass


def is_response(message: Any, id: Any = None) -> bool:
    return isinstance(message, dict) and "method" not in message and (id is None or message.get("id") == id)


def is_notification(message: Any, method: str | None = None, session: str | None = None) -> bool:
    if not isinstance(message, dict) or "id" in message or "method" not in message:
        return False
    if method is not None and message["method"] != method:
        return False
    if session is not None and message.get("params", {}).get("session") != session:
        return False
    return True


class Client:
    """One framed JSON-RPC connection. Messages that arrive are kept in `inbox` (in
    order) until a test takes them; each gets its arrival time in `message["_at"]`
    (time.monotonic())."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.parser = FrameParser()
        self.inbox: list[Any] = []
        self.eof = False
        self.next_id = 1
        self.bytes_received = 0

    # transport, implemented by subclasses
    def fileno(self) -> int:
        raise NotImplementedError

    def _read(self) -> bytes:
        raise NotImplementedError

    def send_bytes(self, data: bytes) -> None:
        raise NotImplementedError

    # sending
    def send(self, message: Any) -> None:
        self.send_bytes(frame(message))

    def request(self, method: str, params: Any = None, id: Any = None) -> Any:
        if id is None:
            id = self.next_id
            self.next_id += 1
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def notify(self, method: str, params: Any = None) -> None:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    # receiving
    def pump(self, timeout: float) -> bool:
        """Waits up to `timeout` for bytes and parses what came; False when nothing did."""
        if self.eof:
            return False
        ready, _, _ = select.select([self.fileno()], [], [], max(0.0, timeout))
        if not ready:
            return False
        data = self._read()
        if not data:
            self.eof = True
            if self.parser.buffer:
                raise ProtocolViolation(
                    f"{self.name}: stream ended inside a message: {bytes(self.parser.buffer[:200])!r}")
            return True
        self.bytes_received += len(data)
        now = time.monotonic()
        for message in self.parser.feed(data):
            if isinstance(message, dict):
                message["_at"] = now
            self.inbox.append(message)
        return True

    def drain(self, duration: float = 0.0) -> None:
        """Reads whatever arrives within `duration` seconds (at least what is ready)."""
        deadline = time.monotonic() + duration
        while True:
            remaining = deadline - time.monotonic()
            if not self.pump(max(0.0, remaining)) and remaining <= 0:
                return
            if self.eof:
                return

    def wait_for(self, predicate: Callable[[Any], bool], timeout: float = DEFAULT_TIMEOUT,
                 what: str = "the awaited message") -> Any:
        """Removes and returns the first message in the inbox matching `predicate`,
        reading until one arrives."""
        index = self._find(predicate, timeout, what)
        return self.inbox.pop(index)

    def peek_for(self, predicate: Callable[[Any], bool], timeout: float = DEFAULT_TIMEOUT,
                 what: str = "the awaited message") -> Any:
        """Like `wait_for`, but leaves the message in the inbox."""
        return self.inbox[self._find(predicate, timeout, what)]

    def _find(self, predicate: Callable[[Any], bool], timeout: float, what: str) -> int:
        deadline = time.monotonic() + timeout
        scanned = 0
        while True:
            for i in range(scanned, len(self.inbox)):
                if predicate(self.inbox[i]):
                    return i
            scanned = len(self.inbox)
            remaining = deadline - time.monotonic()
            if self.eof:
                raise ClosedError(f"{self.name}: connection closed while waiting for {what}")
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: {what} did not arrive within {timeout} s")
            self.pump(remaining)

    def response(self, id: Any, timeout: float = DEFAULT_TIMEOUT) -> dict:
        return self.wait_for(lambda m: is_response(m, id), timeout, f"the response to id {id!r}")

    def notification(self, method: str, session: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> dict:
        return self.wait_for(lambda m: is_notification(m, method, session), timeout, f"a {method} notification")

    def call(self, method: str, params: Any = None, timeout: float = DEFAULT_TIMEOUT) -> Any:
        response = self.response(self.request(method, params), timeout)
        if "error" in response:
            raise RpcError(method, response["error"])
        assert "result" in response, response
        return response["result"]

    def call_error(self, method: str, params: Any = None, timeout: float = DEFAULT_TIMEOUT) -> dict:
        response = self.response(self.request(method, params), timeout)
        assert "error" in response, f"{method} should have failed, got {response}"
        assert "result" not in response
        return response["error"]

    def until_end(self, session: str, timeout: float = DEFAULT_TIMEOUT, settle: float = 0.3) -> list[dict]:
        """Takes the session's notifications up to `settle` seconds after its first didEnd
        arrived, in order."""
        self.peek_for(lambda m: is_notification(m, "transition/didEnd", session), timeout,
                      f"transition/didEnd of {session}")
        self.drain(settle)
        return self.take(session=session)

    def take(self, method: str | None = None, session: str | None = None) -> list[dict]:
        """Removes and returns the notifications already received (optionally filtered)."""
        taken = [m for m in self.inbox if is_notification(m, method, session)]
        self.inbox = [m for m in self.inbox if not is_notification(m, method, session)]
        return taken

    def wait_eof(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.eof:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: still open after {timeout} s")
            self.pump(remaining)

    def initialize(self) -> dict:
        result = self.call("initialize", {"processId": None, "clientInfo": {"name": "e2e", "version": "1"},
                                          "capabilities": {}})
        self.notify("initialized", {})
        return result


class SocketClient(Client):
    def __init__(self, path: str | Path, name: str = "socket client") -> None:
        super().__init__(name)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(DEFAULT_TIMEOUT)
        self.sock.connect(str(path))
        self.sock.settimeout(None)

    def fileno(self) -> int:
        return self.sock.fileno()

    def _read(self) -> bytes:
        try:
            return self.sock.recv(1 << 20)
        except ConnectionResetError:
            return b""

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def close(self) -> None:
        if self.sock.fileno() >= 0:
            self.sock.close()


class ProcessClient(Client):
    """A client on a daemon's stdin/stdout pipes."""

    def __init__(self, daemon: "Daemon") -> None:
        super().__init__("stdio client")
        self.daemon = daemon
        self.proc = daemon.proc
        assert self.proc.stdin is not None and self.proc.stdout is not None

    def fileno(self) -> int:
        return self.proc.stdout.fileno()

    def _read(self) -> bytes:
        return os.read(self.proc.stdout.fileno(), 1 << 20)

    def send_bytes(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            n = os.write(self.proc.stdin.fileno(), view)
            view = view[n:]

    def close_stdin(self) -> None:
        if not self.proc.stdin.closed:
            self.proc.stdin.close()

    def finish(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Reads stdout to its end (strictly framed) and returns the exit code."""
        self.wait_eof(timeout)
        return self.daemon.wait(timeout)


# ---------------------------------------------------------------------------
# Processes


class Daemon:
    """A transitiond process; stderr goes to a file (`log`)."""

    def __init__(self, args: Iterable[str], log_path: Path, stdin: Any = subprocess.PIPE,
                 stdout: Any = subprocess.PIPE, env: dict | None = None) -> None:
        self.args = [str(binary_path()), *args]
        self.log_path = log_path
        self._log = open(log_path, "wb")
        self.proc = subprocess.Popen(self.args, stdin=stdin, stdout=stdout, stderr=self._log, env=env)
        self.pid = self.proc.pid

    def wait(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        return self.proc.wait(timeout)

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def stderr(self) -> str:
        self._log.flush()
        return self.log_path.read_text("utf-8", "replace")

    def rss_kb(self) -> int | None:
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_seconds(self) -> float:
        """User plus system CPU time the process has used so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None and not stream.closed:
                try:
                    stream.close()
                except OSError:
                    pass
        self._log.close()


def wait_for_socket(path: Path, daemon: Daemon, timeout: float = DEFAULT_TIMEOUT) -> None:
    """Waits until something accepts connections on `path` (or the daemon died)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not daemon.running:
            raise AssertionError(f"daemon exited with {daemon.proc.returncode}: {daemon.stderr()}")
        if path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(path))
                return
            except OSError:
                pass
            finally:
                probe.close()
        time.sleep(0.02)
    raise TimeoutError(f"no socket at {path} after {timeout} s: {daemon.stderr()}")


# ---------------------------------------------------------------------------
# Protocol values used throughout the tests


def insets(v: float) -> dict:
    return {"top": v, "left": v, "bottom": v, "right": v}


VIEWPORT = {"width": 375, "height": 667}
# The classmethod article's two layouts (`docs/semantics.md` §2 and 6).
LIST_FLOW = {"type": "flow", "itemSize": {"width": 375, "height": 60}, "minimumLineSpacing": 0,
             "minimumInteritemSpacing": 0}
LIST = {"type": "list", "rowHeight": 60}
GRID = {"type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5, "inset": insets(10)}


def create_params(**overrides: Any) -> dict:
    params = {"viewport": dict(VIEWPORT), "sections": [{"items": 100}], "layout": dict(LIST_FLOW)}
    params.update(overrides)
    return params


def frame_tuple(frame: dict) -> tuple[float, float, float, float]:
    return (frame["x"], frame["y"], frame["width"], frame["height"])


def by_item(attributes: list[dict]) -> dict[tuple[str, int, int], dict]:
    return {(a["kind"], a["section"], a["item"]): a for a in attributes}


def close_to(a: float, b: float, tol: float = 1e-9) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def strip(message: dict) -> dict:
    """A message without the client's bookkeeping (`_at`)."""
    return {k: v for k, v in message.items() if k != "_at"}


def descriptors(pid: int) -> list[str]:
    """What each open descriptor of the process is (`3 -> socket:[inode]`, a path ...)."""
    found = []
    for fd in sorted(os.listdir(f"/proc/{pid}/fd"), key=int):
        try:
            found.append(f"{fd} -> {os.readlink(f'/proc/{pid}/fd/{fd}')}")
        except OSError:
            pass
    return found
