"""A minimal client for transitiond over stdio: LSP framing, one reader thread.

Used by the transcript tests and by `record_transcript.py`. Standard library only.
"""

import json
import os
import queue
import subprocess
import threading
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_DIR = REPO_ROOT / "Protocol"
EXAMPLES_DIR = PROTOCOL_DIR / "examples"
SCHEMA_DIR = PROTOCOL_DIR / "schema"


def daemon_path():
    """The binary under test: $TRANSITIOND, else .build/debug/transitiond."""
    configured = os.environ.get("TRANSITIOND")
    if configured:
        return Path(configured)
    return REPO_ROOT / ".build" / "debug" / "transitiond"


def encode(message):
    """The framed bytes of one message (a JSON value)."""
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FramingProblem(Exception):
    """The daemon wrote something that is not a well-framed message."""


class Daemon:
    """One transitiond process on stdio; messages are read by a background thread."""

    def __init__(self, binary=None, args=()):
        self.binary = Path(binary) if binary else daemon_path()
        self.process = subprocess.Popen(
            [str(self.binary), "--stdio", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.messages = queue.Queue()
        self.raw_bodies = []
        self.stderr_chunks = []
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        self._err_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._err_reader.start()

    # -- output ---------------------------------------------------------------

    def _read_stdout(self):
        stream = self.process.stdout
        try:
            while True:
                headers = {}
                line = stream.readline()
                if not line:
                    self.messages.put(("eof", None))
                    return
                while line not in (b"\r\n", b""):
                    if not line.endswith(b"\r\n") or b":" not in line:
                        raise FramingProblem("bad header line %r" % line)
                    name, _, value = line[:-2].partition(b":")
                    headers[name.strip().lower()] = value.strip()
                    line = stream.readline()
                if set(headers) != {b"content-length"}:
                    raise FramingProblem("headers other than Content-Length: %r" % headers)
                length = int(headers[b"content-length"])
                body = stream.read(length)
                if len(body) != length:
                    raise FramingProblem("stream ended inside a body")
                self.raw_bodies.append(body)
                self.messages.put(("message", json.loads(body.decode("utf-8"))))
        except Exception as error:  # reported to the test through the queue
            self.messages.put(("error", error))

    def _read_stderr(self):
        for chunk in iter(lambda: self.process.stderr.read(4096), b""):
            self.stderr_chunks.append(chunk)

    @property
    def stderr(self):
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")

    def read(self, timeout=10.0):
        """The next message, or None at the end of the output (EOF).

        Raises TimeoutError when nothing arrives within `timeout` seconds.
        """
        try:
            kind, value = self.messages.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError("no message from the daemon within %.1f s" % timeout) from None
        if kind == "error":
            raise value
        if kind == "eof":
            self.messages.put((kind, value))  # stays at EOF
            return None
        return value

    # -- input ----------------------------------------------------------------

    def send(self, message):
        self.process.stdin.write(encode(message))
        self.process.stdin.flush()

    def close_input(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass

    def wait(self, timeout=10.0):
        return self.process.wait(timeout=timeout)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def expects_reply(message):
    """Whether the daemon answers this message (JSON-RPC 2.0 rules as implemented).

    A valid notification (an object with "jsonrpc": "2.0", a string method, no id,
    and params that are absent, an object, an array or null) is never answered;
    neither is a batch made only of valid notifications. Everything else gets a
    response (or a response array).
    """

    def is_notification(m):
        return (
            isinstance(m, dict)
            and m.get("jsonrpc") == "2.0"
            and isinstance(m.get("method"), str)
            and "id" not in m
            and (m.get("params") is None or isinstance(m["params"], (dict, list)))
        )

    if isinstance(message, list):
        return len(message) == 0 or not all(is_notification(m) for m in message)
    return not is_notification(message)


def read_transcript(path):
    """The (kind, message) pairs of a .jsonl transcript, kind "send" or "expect"."""
    steps = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            entry = json.loads(line)
            if not isinstance(entry, dict) or len(entry) != 1 or next(iter(entry)) not in ("send", "expect"):
                raise ValueError("%s:%d: expected {\"send\": ...} or {\"expect\": ...}" % (path, number))
            kind = next(iter(entry))
            steps.append((kind, entry[kind]))
    return steps
