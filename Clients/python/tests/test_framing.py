"""Framing: Content-Length in UTF-8 bytes, partial reads, malformed input."""

import json

import pytest

from transitiond._framing import FrameDecoder, encode_message
from transitiond.errors import ProtocolError


def test_content_length_counts_utf8_bytes():
    message = {"id": "caf\u00e9 \U0001F600"}
    framed = encode_message(message)
    header, body = framed.split(b"\r\n\r\n", 1)
    assert header == b"Content-Length: %d" % len(body)
    assert len(body) > len(json.dumps(message, ensure_ascii=False))  # more bytes than characters
    assert json.loads(body.decode("utf-8")) == message


def test_byte_by_byte_and_many_per_chunk():
    messages = [{"n": i, "text": "\u00fc" * i} for i in range(5)]
    stream = b"".join(encode_message(m) for m in messages)
    decoder = FrameDecoder()
    received = []
    for i in range(len(stream)):
        received += decoder.feed(stream[i : i + 1])
    assert received == messages
    assert decoder.pending_bytes == 0
    assert FrameDecoder().feed(stream) == messages


def test_split_inside_a_multibyte_character():
    framed = encode_message({"s": "\u20ac\u20ac"})
    cut = framed.index(b"\xe2") + 1
    decoder = FrameDecoder()
    assert decoder.feed(framed[:cut]) == []
    assert decoder.feed(framed[cut:]) == [{"s": "\u20ac\u20ac"}]


def test_headers_case_insensitive_and_content_type():
    body = b'{"a":1}'
    frame = b"content-length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body
    assert FrameDecoder().feed(frame) == [{"a": 1}]


@pytest.mark.parametrize(
    "frame",
    [
        b"Content-Type: x\r\n\r\n{}",
        b"Content-Length: abc\r\n\r\n{}",
        b"garbage\r\n\r\n{}",
        b"Content-Length: 2\r\n\r\n{x",
    ],
)
def test_malformed_input_raises(frame):
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(frame)


def test_end_inside_a_message():
    decoder = FrameDecoder()
    decoder.feed(b"Content-Length: 10\r\n\r\n{}")
    with pytest.raises(ProtocolError):
        decoder.finish()


def test_oversized_header_and_body_are_refused():
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(b"X" * 10000)
    with pytest.raises(ProtocolError):
        FrameDecoder(max_body=10).feed(b"Content-Length: 11\r\n\r\n")
