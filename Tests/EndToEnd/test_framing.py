"""LSP framing as the daemon reads it: bad headers answered with -32700 (id null) and
the stream resynchronised, an oversized message refused and the connection closed,
bodies that arrive in pieces."""

from __future__ import annotations

import time

import pytest

from e2e_harness import encode_body, frame, is_response

STATUS = {"jsonrpc": "2.0", "id": 42, "method": "session/list"}


def errors_then_answer(client, probe_id=42):
    """Sends a valid request; returns the -32700 errors that came before its answer."""
    client.send({**STATUS, "id": probe_id})
    answer = client.response(probe_id)
    assert answer["result"] == {"sessions": []}, answer
    before = [m for m in client.inbox if is_response(m)]
    client.inbox = [m for m in client.inbox if not is_response(m)]
    for m in before:
        assert m["id"] is None and m["error"]["code"] == -32700, m
    return [m["error"] for m in before]


BODY = encode_body({"jsonrpc": "2.0", "id": 7, "method": "session/list"})

BAD_HEADERS = {
    "non-numeric length": (b"Content-Length: a\r\n\r\n" + BODY, "invalid Content-Length 'a'"),
    "missing length": (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + BODY,
                       "without Content-Length"),
    "header without colon": (b"Content-Length 10\r\n\r\n" + BODY, "malformed header line"),
    "zero length": (b"Content-Length: 0\r\n\r\n", "invalid Content-Length '0'"),
    "negative length": (b"Content-Length: -5\r\n\r\n", "invalid Content-Length '-5'"),
    "unsupported charset": (b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n"
                            % len(BODY) + BODY, "charset"),
}


@pytest.mark.parametrize("name", list(BAD_HEADERS))
def test_bad_header_is_answered_and_the_stream_goes_on(connect, name):
    client = connect()
    data, words = BAD_HEADERS[name]
    client.send_bytes(data)
    errors = errors_then_answer(client)
    assert len(errors) == 1, errors
    assert words in errors[0]["message"], errors
    assert "framing" in errors[0]["data"]
    # The broken message's request (id 7) was never run.
    assert not any(m.get("id") == 7 for m in client.inbox)


def test_bad_header_line_before_a_good_one_keeps_the_message(connect):
    client = connect()
    client.send_bytes(b"X-Without-Colon\r\nContent-Length: %d\r\n\r\n" % len(BODY) + BODY)
    client.response(7)
    errors = errors_then_answer(client)
    assert len(errors) == 1 and "malformed header line 'X-Without-Colon'" in errors[0]["message"]


def test_body_that_is_not_json(connect):
    client = connect()
    client.send_bytes(frame(b'{"jsonrpc": "2.0", "id": 5, "method": '))
    errors = errors_then_answer(client)
    assert len(errors) == 1 and errors[0]["message"].startswith("Parse error")


def test_content_length_shorter_than_the_json(connect):
    client = connect()
    client.send_bytes(b"Content-Length: 10\r\n\r\n" + BODY)
    errors = errors_then_answer(client)
    assert len(errors) >= 1
    assert not any(m.get("id") == 7 for m in client.inbox)


def test_header_variants_accepted(connect):
    client = connect()
    # Lower-case name, a Content-Type with charset utf8, unknown headers, a later
    # duplicate Content-Length that wins.
    client.send_bytes(b"content-length: %d\r\n\r\n" % len(BODY) + BODY)
    assert client.response(7)["result"] == {"sessions": []}
    client.send_bytes(b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n"
                      b"X-Extra: 1\r\n\r\n" % len(BODY) + BODY)
    assert client.response(7)["result"] == {"sessions": []}
    client.send_bytes(b"Content-Length: 3\r\nContent-Length: %d\r\n\r\n" % len(BODY) + BODY)
    assert client.response(7)["result"] == {"sessions": []}
    assert errors_then_answer(client) == []


def test_body_split_across_many_writes(connect):
    client = connect()
    message = frame({"jsonrpc": "2.0", "id": 8, "method": "session/create", "params": {
        "viewport": {"width": 375, "height": 667}, "sections": [{"items": 100}], "layout": {"type": "list",
                                                                                             "rowHeight": 60}}})
    for byte in message:
        client.send_bytes(bytes([byte]))
        time.sleep(0.001)
    assert client.response(8)["result"]["contentSize"] == {"width": 375, "height": 6000}


@pytest.mark.time_limit(60)
def test_chunk_boundary_at_every_byte_with_multibyte_utf8(connect):
    """Content-Length counts bytes: a session id with 2-, 3- and 4-byte characters comes
    back intact whatever byte the message is split at."""
    client = connect()
    name = "ñ€😀"
    message = frame({"jsonrpc": "2.0", "id": 9, "method": "transition/status", "params": {"session": name}})
    assert len(message) > len(message.decode("utf-8"))
    for split in range(1, len(message)):
        client.send_bytes(message[:split])
        time.sleep(0.002)
        client.send_bytes(message[split:])
        error = client.response(9)["error"]
        assert error["code"] == -32010 and error["data"] == {"session": name}, split


def test_many_messages_in_one_write(connect):
    client = connect()
    batch = b"".join(frame({"jsonrpc": "2.0", "id": 100 + k, "method": "session/list"}) for k in range(50))
    client.send_bytes(batch)
    for k in range(50):
        assert client.response(100 + k)["result"] == {"sessions": []}


def test_oversized_message_over_stdio_errors_then_exits(stdio):
    client = stdio("--max-message-bytes", "1024")
    client.initialize()
    big = frame({"jsonrpc": "2.0", "id": 3, "method": "transition/status", "params": {"session": "x" * 2000}})
    client.send_bytes(big)
    assert client.finish() == 1
    errors = [m for m in client.inbox if is_response(m)]
    assert len(errors) == 1
    assert errors[0]["id"] is None and errors[0]["error"]["code"] == -32700
    assert "exceeds the limit of 1024 bytes" in errors[0]["error"]["message"]


def test_oversized_message_over_the_socket_closes_only_that_connection(server):
    srv = server("--max-message-bytes", "1024")
    bystander = srv.connect(name="bystander")
    s = bystander.call("session/create", {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],
                                          "layout": {"type": "list", "rowHeight": 60}})["session"]
    client = srv.connect(name="offender")
    # Just under the cap is read and answered (an unknown session: -32010).
    padded = {"jsonrpc": "2.0", "id": 2, "method": "transition/status", "params": {"session": ""}}
    padded["params"]["session"] = "x" * (1024 - len(encode_body(padded)))
    assert len(encode_body(padded)) == 1024
    client.send(padded)
    assert client.response(2)["error"]["code"] == -32010
    # The header alone decides: the connection closes without waiting for the body.
    client.send_bytes(b"Content-Length: 1025\r\n\r\n")
    client.wait_eof()
    errors = [m for m in client.inbox if is_response(m)]
    assert len(errors) == 1 and errors[0]["id"] is None and errors[0]["error"]["code"] == -32700
    assert "1025" in errors[0]["error"]["message"] and "1024" in errors[0]["error"]["message"]
    assert bystander.call("transition/status", {"session": s})["state"] == "idle"


def test_overflowing_content_length_closes_the_connection(server):
    srv = server()
    client = srv.connect()
    client.send_bytes(b"Content-Length: 99999999999999999999999\r\n\r\n")
    client.wait_eof()
    errors = [m for m in client.inbox if is_response(m)]
    assert len(errors) == 1 and errors[0]["error"]["code"] == -32700
    assert srv.connect().call("session/list") == {"sessions": []}


def test_end_of_input_inside_a_body_over_stdio(stdio):
    client = stdio()
    client.initialize()
    client.send_bytes(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    client.close_stdin()
    assert client.finish() == 1


def test_lenient_header_forms(connect):
    client = connect()
    # Empty lines between messages, leading zeros, spaces and tabs around the value, a
    # bare \n for \r\n.
    client.send_bytes(b"\r\n\r\n" + b"Content-Length: 000%d\r\n\r\n" % len(BODY) + BODY)
    assert client.response(7)["result"] == {"sessions": []}
    client.send_bytes(b"Content-Length: \t %d \t\r\n\r\n" % len(BODY) + BODY)
    assert client.response(7)["result"] == {"sessions": []}
    client.send_bytes(b"Content-Length: %d\n\n" % len(BODY) + BODY + b"\n")
    assert client.response(7)["result"] == {"sessions": []}
    assert errors_then_answer(client) == []


def test_bad_line_after_a_valid_one_drops_that_message(connect):
    client = connect()
    client.send_bytes(b"Content-Length: %d\r\nNot A Header\r\n\r\n" % len(BODY) + BODY)
    errors = errors_then_answer(client)
    assert len(errors) == 1 and "malformed header line 'Not A Header'" in errors[0]["message"], errors
    assert not any(m.get("id") == 7 for m in client.inbox)


def test_header_part_too_long(connect):
    client = connect()
    client.send_bytes(b"Content-Length: %d\r\nX-Padding: " % len(BODY) + b"p" * 9000 + b"\r\n\r\n" + BODY)
    errors = errors_then_answer(client)
    assert len(errors) >= 1 and "header section longer than 8192 bytes" in errors[0]["message"], errors


@pytest.mark.parametrize("body", [b'{"jsonrpc":"2.0","id":1,"method":"session/list","params":{"x":NaN}}',
                                  b'{"jsonrpc":"2.0","id":1,"method":"session/list",}',
                                  b'\xef\xbb\xbf{"jsonrpc":"2.0","id":1,"method":"session/list"}',
                                  b'{"jsonrpc":"2.0","id":1,"method":"session/list","params":{"x":"\xff"}}'])
def test_strict_json(connect, body):
    client = connect()
    client.send_bytes(frame(body))
    errors = errors_then_answer(client)
    assert len(errors) == 1 and "offset" in errors[0]["data"], errors
    assert not any(m.get("id") == 1 for m in client.inbox)
