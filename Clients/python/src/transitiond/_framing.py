"""LSP-style framing: ``Content-Length: N\\r\\n\\r\\n`` followed by N bytes of UTF-8 JSON."""

from __future__ import annotations

import json
from typing import Any, List

from .errors import ProtocolError

#: Largest body accepted from the daemon (replies may be far larger than the 1 MiB
#: its requests may be by default).
DEFAULT_MAX_BODY = 256 * 1024 * 1024
_MAX_HEADER = 8 * 1024


def encode_message(message: Any) -> bytes:
    """Frames one JSON value. Content-Length counts the UTF-8 bytes of the body."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FrameDecoder:
    """Turns a byte stream, in chunks of any size, into decoded JSON messages."""

    def __init__(self, max_body: int = DEFAULT_MAX_BODY) -> None:
        self._buffer = bytearray()
        self._body_length: int | None = None
        self._max_body = max_body

    @property
    def pending_bytes(self) -> int:
        """Bytes received that do not make a complete message yet."""
        return len(self._buffer)

    def feed(self, data: bytes) -> List[Any]:
        """Adds ``data`` and returns every message it completes, in order."""
        if data:
            self._buffer += data
        messages: List[Any] = []
        while True:
            if self._body_length is None:
                end = self._buffer.find(b"\r\n\r\n")
                if end < 0:
                    if len(self._buffer) > _MAX_HEADER:
                        raise ProtocolError("header section longer than %d bytes" % _MAX_HEADER)
                    return messages
                header = bytes(self._buffer[:end])
                del self._buffer[: end + 4]
                self._body_length = self._parse_header(header)
            if len(self._buffer) < self._body_length:
                return messages
            body = bytes(self._buffer[: self._body_length])
            del self._buffer[: self._body_length]
            self._body_length = None
            try:
                messages.append(json.loads(body.decode("utf-8")))
            except (UnicodeDecodeError, ValueError) as error:
                raise ProtocolError("message body is not UTF-8 JSON: %s" % error) from error

    def _parse_header(self, header: bytes) -> int:
        length = None
        try:
            text = header.decode("ascii")
        except UnicodeDecodeError as error:
            raise ProtocolError("header is not ASCII") from error
        for line in text.split("\r\n"):
            name, sep, value = line.partition(":")
            if not sep:
                raise ProtocolError("malformed header line %r" % line)
            if name.strip().lower() == "content-length":
                try:
                    length = int(value.strip())
                except ValueError as error:
                    raise ProtocolError("bad Content-Length %r" % value.strip()) from error
        if length is None:
            raise ProtocolError("header without Content-Length: %r" % text)
        if length < 0 or length > self._max_body:
            raise ProtocolError("Content-Length %d out of range" % length)
        return length

    def finish(self) -> None:
        """Call at end of input: raises when the input ended inside a message."""
        if self._buffer or self._body_length is not None:
            raise ProtocolError("input ended inside a message (%d bytes pending)" % len(self._buffer))
