"""Exceptions raised by the client.

``TransitiondError`` carries a JSON-RPC error answered by the daemon (``code``,
``message``, ``data``); its subclasses name the codes a program usually handles.
``ConnectionClosed``, ``TransitiondTimeout`` and ``ProtocolError`` are about the
connection itself. All derive from ``TransitiondException``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Type, Union

from ._protocol import CLIENT_ERROR_CODES, ERROR_CODES


class TransitiondException(Exception):
    """Base of every exception of this package."""


class ConnectionClosed(TransitiondException, ConnectionError):
    """The connection to the daemon is closed (or the daemon exited)."""

    #: The client-side code of this condition (never sent by the daemon).
    CODE = CLIENT_ERROR_CODES["ConnectionClosed"]


class TransitiondTimeout(TransitiondException, TimeoutError):
    """No answer (or no tick) came within the timeout."""

    #: The client-side code of this condition (never sent by the daemon).
    CODE = CLIENT_ERROR_CODES["RequestTimeout"]


class ProtocolError(TransitiondException):
    """The daemon sent bytes that are not a framed JSON-RPC message."""


class TransitiondError(TransitiondException):
    """A JSON-RPC error response.

    Attributes:
        code: the JSON-RPC error code (an ``int``).
        message: the daemon's message.
        data: the error's ``data`` member, or ``None``.
        method: the method of the request that failed, when known.
    """

    #: The code of a subclass (``None`` on the base class).
    CODE: Optional[int] = None

    def __init__(self, code: int, message: str, data: Any = None, method: Optional[str] = None) -> None:
        super().__init__(code, message, data)
        self.code = code
        self.message = message
        self.data = data
        self.method = method

    @property
    def field(self) -> Optional[str]:
        """``data.field`` when the daemon names a field (``"params.viewport.width"``)."""
        return self._data_text("field")

    @property
    def path(self) -> Optional[List[Union[str, int]]]:
        """``data.path`` of a field error: the field as steps, keys (``str``) and array
        indices (``int``), e.g. ``["params", "sections", 1, "items"]``."""
        if isinstance(self.data, dict):
            value = self.data.get("path")
            if isinstance(value, list):
                return value
        return None

    @property
    def reason(self) -> Optional[str]:
        """``data.reason`` of a field error: why the daemon refused the field."""
        return self._data_text("reason")

    @property
    def expected(self) -> Optional[str]:
        """``data.expected`` of a field error refused for its type or form."""
        return self._data_text("expected")

    @property
    def found(self) -> Optional[str]:
        """``data.found``, with ``expected``: what was there instead."""
        return self._data_text("found")

    def _data_text(self, key: str) -> Optional[str]:
        if isinstance(self.data, dict):
            value = self.data.get(key)
            return value if isinstance(value, str) else None
        return None

    def __str__(self) -> str:
        text = "%s (code %d" % (self.message, self.code)
        if self.method:
            text += ", method %s" % self.method
        return text + ")"

    def __repr__(self) -> str:
        return "%s(code=%r, message=%r, data=%r)" % (type(self).__name__, self.code, self.message, self.data)


class ParseError(TransitiondError):
    """-32700: the daemon could not parse what it received."""

    CODE = ERROR_CODES["ParseError"]


class InvalidRequest(TransitiondError):
    """-32600: not a valid request (also: any request after ``shutdown``)."""

    CODE = ERROR_CODES["InvalidRequest"]


class MethodNotFound(TransitiondError):
    """-32601: no such method."""

    CODE = ERROR_CODES["MethodNotFound"]


class InvalidParams(TransitiondError):
    """-32602: invalid params; ``field`` and ``path`` name the offending field,
    ``reason`` says why (with ``expected`` and ``found`` for a wrong type or form)."""

    CODE = ERROR_CODES["InvalidParams"]


class InternalError(TransitiondError):
    """-32603: the daemon failed."""

    CODE = ERROR_CODES["InternalError"]


class ServerNotInitialized(TransitiondError):
    """-32002: a request before ``initialize``."""

    CODE = ERROR_CODES["ServerNotInitialized"]


class RequestCancelled(TransitiondError):
    """-32800: the request was cancelled (``$/cancelRequest``)."""

    CODE = ERROR_CODES["RequestCancelled"]


class UnknownSession(TransitiondError):
    """-32010: no session with that id."""

    CODE = ERROR_CODES["UnknownSession"]


class NoTransition(TransitiondError):
    """-32011: the method needs a transition in flight and there is none."""

    CODE = ERROR_CODES["NoTransition"]


class TransitionInFlight(TransitiondError):
    """-32012: the method needs the session at rest and a transition runs."""

    CODE = ERROR_CODES["TransitionInFlight"]


class NotManualClock(TransitiondError):
    """-32013: ``clock/advance`` on a session that runs on the realtime clock."""

    CODE = ERROR_CODES["NotManualClock"]


class LimitReached(TransitiondError):
    """-32014: a limit of the daemon was reached (sessions per connection ...)."""

    CODE = ERROR_CODES["LimitReached"]


PARSE_ERROR = ParseError.CODE
INVALID_REQUEST = InvalidRequest.CODE
METHOD_NOT_FOUND = MethodNotFound.CODE
INVALID_PARAMS = InvalidParams.CODE
INTERNAL_ERROR = InternalError.CODE
SERVER_NOT_INITIALIZED = ServerNotInitialized.CODE
REQUEST_CANCELLED = RequestCancelled.CODE
UNKNOWN_SESSION = UnknownSession.CODE
NO_TRANSITION = NoTransition.CODE
TRANSITION_IN_FLIGHT = TransitionInFlight.CODE
NOT_MANUAL_CLOCK = NotManualClock.CODE
LIMIT_REACHED = LimitReached.CODE

_BY_CODE: Dict[int, Type[TransitiondError]] = {
    cls.CODE: cls  # type: ignore[misc]
    for cls in (
        ParseError,
        InvalidRequest,
        MethodNotFound,
        InvalidParams,
        InternalError,
        ServerNotInitialized,
        RequestCancelled,
        UnknownSession,
        NoTransition,
        TransitionInFlight,
        NotManualClock,
        LimitReached,
    )
}


def error_from_response(error: Any, method: Optional[str] = None) -> TransitiondError:
    """The exception for the ``error`` member of a response."""
    if not isinstance(error, dict):
        return TransitiondError(INTERNAL_ERROR, "malformed error member: %r" % (error,), None, method)
    code = error.get("code")
    if not isinstance(code, int) or isinstance(code, bool):
        code = INTERNAL_ERROR
    message = error.get("message")
    if not isinstance(message, str):
        message = str(message)
    cls = _BY_CODE.get(code, TransitiondError)
    return cls(code, message, error.get("data"), method)
