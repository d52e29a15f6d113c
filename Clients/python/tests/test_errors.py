"""Errors: JSON-RPC error responses become exceptions with their code, message and
data; a closed connection and a silent daemon never block forever."""

import os
import socket
import tempfile
import threading
import time

import pytest

import transitiond
from transitiond import (
    Client,
    ConnectionClosed,
    InvalidParams,
    MethodNotFound,
    NoTransition,
    NotManualClock,
    TransitiondError,
    TransitiondTimeout,
    TransitionInFlight,
    UnknownSession,
    spec,
)

VIEWPORT = (375, 667)
LIST = spec.list_layout(60)
GRID = spec.grid_layout(2, spacing=10, line_spacing=5, inset=10)


def test_invalid_params_names_the_field(client):
    with pytest.raises(InvalidParams) as caught:
        client.create_session((-1, 667), LIST, 100)
    error = caught.value
    assert isinstance(error, TransitiondError)
    assert error.code == transitiond.INVALID_PARAMS == -32602
    assert error.field == "params.viewport.width"
    assert error.path == ["params", "viewport", "width"]
    assert error.reason == "must be a number > 0 and at most 1e9, got -1.0"
    assert error.expected is None and error.found is None
    assert error.method == "session/create"
    assert "viewport.width" in error.message and "-32602" in str(error)

    with pytest.raises(InvalidParams) as caught:
        client.create_session(VIEWPORT, {"type": "hexagons"}, 100)
    assert caught.value.field == "params.layout.type"
    assert caught.value.path == ["params", "layout", "type"]
    assert caught.value.expected == "one of flow, list, grid, displaySwitch, explicit"
    assert caught.value.found == '"hexagons"'
    assert caught.value.reason == "expected one of flow, list, grid, displaySwitch, explicit"


def test_unknown_session(client):
    with pytest.raises(UnknownSession) as caught:
        client.session("s999").status()
    assert caught.value.code == transitiond.UNKNOWN_SESSION == -32010
    assert caught.value.data == {"session": "s999"}


def test_no_transition_in_flight(client):
    session = client.create_session(VIEWPORT, LIST, 10)
    for call in (lambda: session.scrub(0.5), session.finish, session.cancel, session.cancel_in_place,
                 lambda: session.sample(0.5)):
        with pytest.raises(NoTransition) as caught:
            call()
        assert caught.value.code == transitiond.NO_TRANSITION == -32011


def test_transition_in_flight(client):
    session = client.create_session(VIEWPORT, LIST, 10, clock="manual")
    session.start(GRID, duration=1)
    with pytest.raises(TransitionInFlight) as caught:
        session.update(viewport=(320, 480))
    assert caught.value.code == transitiond.TRANSITION_IN_FLIGHT == -32012


def test_advance_on_a_realtime_session(client):
    session = client.create_session(VIEWPORT, LIST, 10)
    with pytest.raises(NotManualClock) as caught:
        session.advance(0.1)
    assert caught.value.code == transitiond.NOT_MANUAL_CLOCK == -32013


def test_time_only_moves_forward(client):
    session = client.create_session(VIEWPORT, LIST, 10, clock="manual")
    session.advance(to=1.0)
    with pytest.raises(InvalidParams) as caught:
        session.advance(to=0.5)
    assert caught.value.field == "params.to"


def test_method_not_found_and_generic_codes(client):
    with pytest.raises(MethodNotFound) as caught:
        client.request("session/frobnicate", {})
    assert caught.value.code == -32601
    assert caught.value.data == {"method": "session/frobnicate"}
    error = transitiond.errors.error_from_response({"code": -32099, "message": "new", "data": [1]}, "x")
    assert type(error) is TransitiondError and (error.code, error.data, error.method) == (-32099, [1], "x")


def test_daemon_killed_mid_session(open_client):
    client = open_client()
    session = client.create_session(VIEWPORT, LIST, 100)
    session.start(GRID, duration=10)
    ticks = session.ticks(timeout=5)
    next(ticks)
    client.process.kill()
    begun = time.monotonic()
    with pytest.raises(ConnectionClosed):
        for _ in ticks:
            pass
    with pytest.raises(ConnectionClosed):
        session.status()
    assert time.monotonic() - begun < 5
    client.close(timeout=2)
    assert client.closed and client.returncode is not None


def test_tick_iterator_times_out(client):
    session = client.create_session(VIEWPORT, LIST, 10)
    begun = time.monotonic()
    with pytest.raises(TransitiondTimeout):
        next(session.ticks(timeout=0.2))
    assert 0.15 < time.monotonic() - begun < 2


class SilentServer:
    """A Unix socket that accepts connections and reads, but never answers."""

    def __init__(self) -> None:
        self.directory = tempfile.mkdtemp(prefix="td-silent-")
        self.path = os.path.join(self.directory, "silent.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(1)
        self.received = bytearray()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        with connection:
            while True:
                data = connection.recv(4096)
                if not data:
                    return
                self.received += data

    def close(self) -> None:
        self.listener.close()
        self.thread.join(2)
        os.unlink(self.path)
        os.rmdir(self.directory)


def test_silent_daemon_times_out_instead_of_hanging():
    server = SilentServer()
    try:
        begun = time.monotonic()
        with pytest.raises(TransitiondTimeout):
            Client.connect(server.path, timeout=0.3)
        assert time.monotonic() - begun < 3  # initialize timed out, close did not hang
        assert b'"method":"initialize"' in bytes(server.received)
    finally:
        server.close()


def test_connect_to_a_missing_socket():
    with pytest.raises(OSError):
        Client.connect("/nonexistent/transitiond.sock", timeout=1)


def test_missing_binary_is_a_clear_error():
    with pytest.raises(FileNotFoundError, match="transitiond not found"):
        Client.spawn("/nonexistent/transitiond")


def test_codes_come_from_the_protocol_table():
    from transitiond import _protocol, errors

    for name, code in _protocol.ERROR_CODES.items():
        assert getattr(errors, name).CODE == code
    # The client's own conditions: codes outside JSON-RPC's reserved range, none the daemon uses.
    assert errors.TransitiondTimeout.CODE == _protocol.CLIENT_ERROR_CODES["RequestTimeout"] == -31001
    assert errors.ConnectionClosed.CODE == _protocol.CLIENT_ERROR_CODES["ConnectionClosed"] == -31002
    assert errors.RequestCancelled.CODE == -32800
    assert not set(_protocol.CLIENT_ERROR_CODES.values()) & set(_protocol.ERROR_CODES.values())
