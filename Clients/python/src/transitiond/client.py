"""The synchronous client: a background thread reads the daemon's messages and hands
responses to the waiting requests and ticks to the sessions' iterators."""

from __future__ import annotations

import errno
import itertools
import logging
import os
import select
import socket
import subprocess
import threading
import time
from typing import Any, Dict, Iterator, List, Optional, Sequence, Union

from ._common import (
    DEFAULT_MAX_BUFFERED_TICKS,
    DEFAULT_TIMEOUT,
    EventBuffer,
    MessageHook,
    NotificationHook,
    SessionMethods,
    TickSelector,
    classify,
    create_params,
    initialize_params,
    parse_list,
    parse_notification,
    resolve_binary,
    spawn_argv,
)
from ._framing import FrameDecoder, encode_message
from .errors import (
    METHOD_NOT_FOUND,
    ConnectionClosed,
    ProtocolError,
    TransitiondException,
    TransitiondTimeout,
    UnknownSession,
    error_from_response,
)
from .types import DidEnd, InitializeResult, Point, Size, SubscribeResult, Tick

log = logging.getLogger("transitiond")

_READ_SIZE = 1 << 16


def _wait_writable(fd: int, timeout: float) -> bool:
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return bool(poller.poll(max(0, int(timeout * 1000) + 1)))
    _, writable, _ = select.select([], [fd], [], max(0.0, timeout))
    return bool(writable)


class _Transport:
    """A byte stream to the daemon: blocking reads (from the reader thread), writes
    with a deadline."""

    def read(self) -> bytes:
        raise NotImplementedError

    def _send(self, data: memoryview) -> int:
        """Writes without blocking; raises BlockingIOError when nothing fits."""
        raise NotImplementedError

    def _fileno(self) -> int:
        raise NotImplementedError

    def write(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        written = 0
        while written < len(data):
            try:
                n = self._send(view[written:])
            except (BlockingIOError, InterruptedError):
                n = 0
            except OSError as error:
                raise ConnectionClosed("cannot write to transitiond: %s" % error) from error
            written += n
            if written >= len(data):
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not _wait_writable(self._fileno(), remaining):
                if time.monotonic() < deadline:
                    continue
                raise _WriteTimeout(written)

    def close_write(self) -> None:
        pass

    def close(self) -> None:
        raise NotImplementedError


class _WriteTimeout(Exception):
    def __init__(self, written: int) -> None:
        super().__init__(written)
        self.written = written


class _PipeTransport(_Transport):
    def __init__(self, process: "subprocess.Popen[bytes]") -> None:
        assert process.stdin is not None and process.stdout is not None
        self._stdin = process.stdin
        self._stdout = process.stdout
        self._in_fd = process.stdin.fileno()
        self._out_fd = process.stdout.fileno()
        os.set_blocking(self._in_fd, False)
        self._write_closed = False

    def read(self) -> bytes:
        try:
            return os.read(self._out_fd, _READ_SIZE)
        except OSError as error:
            if error.errno in (errno.EBADF, errno.EINVAL):
                return b""
            raise

    def _send(self, data: memoryview) -> int:
        if self._write_closed:
            raise BrokenPipeError(errno.EPIPE, "stdin closed")
        return os.write(self._in_fd, data)

    def _fileno(self) -> int:
        return self._in_fd

    def close_write(self) -> None:
        if not self._write_closed:
            self._write_closed = True
            try:
                self._stdin.close()
            except OSError:
                pass

    def close(self) -> None:
        self.close_write()
        try:
            self._stdout.close()
        except OSError:
            pass


class _SocketTransport(_Transport):
    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._closed = False

    def read(self) -> bytes:
        try:
            return self._sock.recv(_READ_SIZE)
        except OSError:
            if self._closed:
                return b""
            raise

    def _send(self, data: memoryview) -> int:
        return self._sock.send(data, getattr(socket, "MSG_DONTWAIT", 0))

    def _fileno(self) -> int:
        return self._sock.fileno()

    def close_write(self) -> None:
        try:
            self._sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()


class _Pending:
    __slots__ = ("method", "event", "message")

    def __init__(self, method: str) -> None:
        self.method = method
        self.event = threading.Event()
        self.message: Optional[Dict[str, Any]] = None


class Client:
    """A connection to transitiond.

    Open one with ``Client.spawn()`` (a private daemon on stdin/stdout) or
    ``Client.connect(path)`` (a daemon started with ``--listen path``); use it as a
    context manager, or call ``close()``. Opening performs ``initialize`` /
    ``initialized``; closing performs ``shutdown`` / ``exit`` and, for a spawned
    daemon, waits for the process to end.

    ``timeout`` (seconds) is the default for every request; ``on_message(message,
    method)`` sees every message received (``method`` is the request's method for a
    response); ``on_notification(method, params)`` every notification. Hooks run on
    the reader thread and must not block.
    """

    def __init__(
        self,
        transport: _Transport,
        *,
        process: "Optional[subprocess.Popen[bytes]]" = None,
        timeout: float = DEFAULT_TIMEOUT,
        on_message: Optional[MessageHook] = None,
        on_notification: Optional[NotificationHook] = None,
        max_buffered_ticks: int = DEFAULT_MAX_BUFFERED_TICKS,
    ) -> None:
        self.timeout = timeout
        self.on_message = on_message
        self.on_notification = on_notification
        self.max_buffered_ticks = max_buffered_ticks
        self.process = process
        #: The result of ``initialize`` (capabilities, server info), once initialized.
        self.initialize_result: Optional[InitializeResult] = None
        self._transport = transport
        self._decoder = FrameDecoder()
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending: Dict[Any, _Pending] = {}
        self._methods: Dict[Any, str] = {}
        self._sessions: Dict[str, "Session"] = {}
        self._closed: Optional[BaseException] = None
        self._closing = False
        self._shutdown_sent = False
        self._reader = threading.Thread(target=self._read_loop, name="transitiond-reader", daemon=True)
        self._reader.start()

    # Opening ------------------------------------------------------------------------

    @classmethod
    def spawn(
        cls,
        path: Optional[Union[str, "os.PathLike[str]"]] = None,
        args: Sequence[str] = (),
        *,
        timeout: float = DEFAULT_TIMEOUT,
        on_message: Optional[MessageHook] = None,
        on_notification: Optional[NotificationHook] = None,
        initialize: bool = True,
        stderr: Any = None,
        env: Optional[Dict[str, str]] = None,
        max_buffered_ticks: int = DEFAULT_MAX_BUFFERED_TICKS,
        shared: bool = False,
    ) -> "Client":
        """Starts ``transitiond --stdio --clientProcessId <this pid> *args`` and
        initializes it. ``path`` defaults to ``$TRANSITIOND``, then ``transitiond`` on
        PATH. ``stderr`` is where the daemon's log goes (default: inherited; pass
        ``subprocess.DEVNULL`` to silence it). With ``shared=True`` it starts
        ``transitiond --remote=auto *args`` instead: a forwarder to the per-user shared
        daemon (started when none runs), whose sessions other clients and editors see."""
        argv = spawn_argv(resolve_binary(path), args, shared)
        process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env, bufsize=0, close_fds=True
        )
        try:
            client = cls(
                _PipeTransport(process),
                process=process,
                timeout=timeout,
                on_message=on_message,
                on_notification=on_notification,
                max_buffered_ticks=max_buffered_ticks,
            )
        except BaseException:
            process.kill()
            process.wait()
            raise
        client._open(initialize)
        return client

    @classmethod
    def connect(
        cls,
        socket_path: Union[str, "os.PathLike[str]"],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        on_message: Optional[MessageHook] = None,
        on_notification: Optional[NotificationHook] = None,
        initialize: bool = True,
        max_buffered_ticks: int = DEFAULT_MAX_BUFFERED_TICKS,
    ) -> "Client":
        """Connects to ``transitiond --listen socket_path`` and initializes."""
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.settimeout(timeout)
            sock.connect(os.fspath(socket_path))
            sock.settimeout(None)
        except socket.timeout as error:
            sock.close()
            raise TransitiondTimeout("connecting to %s timed out" % os.fspath(socket_path)) from error
        except BaseException:
            sock.close()
            raise
        client = cls(
            _SocketTransport(sock),
            timeout=timeout,
            on_message=on_message,
            on_notification=on_notification,
            max_buffered_ticks=max_buffered_ticks,
        )
        client._open(initialize)
        return client

    def _open(self, initialize: bool) -> None:
        if not initialize:
            return
        try:
            self.initialize()
        except BaseException:
            self.close(timeout=1.0)
            raise

    def initialize(self, params: Optional[Dict[str, Any]] = None, *, timeout: Optional[float] = None) -> InitializeResult:
        """``initialize`` then ``initialized`` (done by ``spawn``/``connect`` unless
        ``initialize=False``)."""
        result = self.request("initialize", params if params is not None else initialize_params(), timeout=timeout)
        self.initialize_result = InitializeResult.from_json(result)
        self.notify("initialized", {})
        return self.initialize_result

    @property
    def capabilities(self) -> Dict[str, Any]:
        return self.initialize_result.capabilities if self.initialize_result else {}

    # Closing ------------------------------------------------------------------------

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        """Whether the connection is gone (closed, or the daemon went away)."""
        return self._closed is not None

    @property
    def returncode(self) -> Optional[int]:
        """The spawned daemon's exit status, once it exited."""
        return self.process.poll() if self.process is not None else None

    def shutdown(self, *, timeout: Optional[float] = None) -> None:
        """``shutdown``: the daemon then accepts only ``exit``."""
        self._shutdown_sent = True
        self.request("shutdown", None, timeout=timeout)

    def close(self, timeout: Optional[float] = None) -> None:
        """``shutdown`` and ``exit`` (when still connected), then waits for a spawned
        daemon to exit (terminating it after ``timeout``) and for the reader thread.
        Safe to call more than once."""
        limit = self.timeout if timeout is None else timeout
        with self._lock:
            if self._closing:
                already = True
            else:
                already = False
                self._closing = True
        on_reader = threading.current_thread() is self._reader
        if not already:
            if self._closed is None and not on_reader:
                try:
                    if not self._shutdown_sent and self.initialize_result is not None:
                        self.shutdown(timeout=limit)
                except TransitiondException as error:
                    log.debug("shutdown failed: %s", error)
                try:
                    self.notify("exit", timeout=limit)
                except TransitiondException as error:
                    log.debug("exit failed: %s", error)
                self._transport.close_write()
            if on_reader:
                # Called from a hook: no answer can be read here; just end the connection.
                self._transport.close_write()
            else:
                self._reap(limit)
                self._reader.join(limit)
            self._transport.close()
            self._connection_lost(ConnectionClosed("the client closed the connection"))
        elif not on_reader:
            self._reader.join(limit)

    def _reap(self, limit: float) -> None:
        if self.process is None:
            # Socket: wait for the daemon to close its side after exit.
            self._reader.join(limit)
            return
        try:
            self.process.wait(limit)
            return
        except subprocess.TimeoutExpired:
            log.warning("transitiond did not exit within %.1fs; terminating it", limit)
        self.process.terminate()
        try:
            self.process.wait(2.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    # Messages -----------------------------------------------------------------------

    def _deadline(self, timeout: Optional[float]) -> float:
        return time.monotonic() + (self.timeout if timeout is None else timeout)

    def _write(self, message: Dict[str, Any], deadline: float) -> None:
        data = encode_message(message)
        with self._write_lock:
            if self._closed is not None:
                raise ConnectionClosed("connection to transitiond is closed") from self._closed
            try:
                self._transport.write(data, deadline)
            except _WriteTimeout as error:
                if error.written:
                    # Part of a message went out: the stream cannot be resynchronized.
                    self._transport.close()
                    self._connection_lost(ConnectionClosed("a write timed out midway; connection closed"))
                raise TransitiondTimeout("writing %s to transitiond timed out" % message.get("method")) from None
            except ConnectionClosed as error:
                self._connection_lost(error)
                raise

    def notify(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> None:
        """Sends a notification."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._write(message, self._deadline(timeout))

    def request(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its result (a dict, a list, None ...).

        Raises ``TransitiondError`` (a subclass by code) for an error response,
        ``TransitiondTimeout`` when no answer came within ``timeout`` seconds (default:
        the client's), ``ConnectionClosed`` when the connection is gone.
        """
        deadline = self._deadline(timeout)
        with self._lock:
            if self._closed is not None:
                raise ConnectionClosed("connection to transitiond is closed") from self._closed
            request_id = next(self._ids)
            pending = _Pending(method)
            self._pending[request_id] = pending
            self._methods[request_id] = method
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self._write(message, deadline)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
                self._methods.pop(request_id, None)
            raise
        if not pending.event.wait(max(0.0, deadline - time.monotonic())):
            with self._lock:
                self._pending.pop(request_id, None)
            if pending.message is None:
                raise TransitiondTimeout("no answer to %s within %.3gs" % (method, self.timeout if timeout is None else timeout))
        response = pending.message
        assert response is not None
        if response.get("_closed"):
            raise ConnectionClosed("connection closed before %s was answered" % method) from self._closed
        if "error" in response:
            raise error_from_response(response["error"], method)
        return response.get("result")

    # Reading ------------------------------------------------------------------------

    def _read_loop(self) -> None:
        reason: BaseException = ConnectionClosed("transitiond closed the connection")
        try:
            while True:
                data = self._transport.read()
                if not data:
                    self._decoder.finish()
                    break
                for message in self._decoder.feed(data):
                    self._dispatch(message)
        except ProtocolError as error:
            log.error("transitiond: %s", error)
            reason = ConnectionClosed("protocol error: %s" % error)
            reason.__cause__ = error
        except OSError as error:
            reason = ConnectionClosed("reading from transitiond failed: %s" % error)
        except BaseException as error:  # pragma: no cover - a bug in a hook or here
            log.exception("transitiond reader stopped")
            reason = ConnectionClosed("reader stopped: %r" % error)
        self._connection_lost(reason)

    def _connection_lost(self, reason: BaseException) -> None:
        with self._lock:
            if self._closed is not None:
                return
            self._closed = reason
            pending = list(self._pending.values())
            self._pending.clear()
            sessions = list(self._sessions.values())
        for p in pending:
            p.message = {"_closed": True}
            p.event.set()
        for s in sessions:
            s._connection_lost(reason)

    def _hook(self, message: Dict[str, Any], method: Optional[str]) -> None:
        if self.on_message is not None:
            try:
                self.on_message(message, method)
            except Exception:
                log.exception("on_message hook failed")

    def _dispatch(self, message: Any) -> None:
        kind = classify(message)
        if kind == "response":
            request_id = message["id"]
            with self._lock:
                method = self._methods.pop(request_id, None)
                pending = self._pending.pop(request_id, None)
            self._hook(message, method)
            if method == "session/subscribe" and isinstance(message.get("result"), dict):
                # The handle exists before the ticks that follow the reply are read.
                self.session(message["result"]["session"])
            if pending is not None:
                pending.message = message
                pending.event.set()
            elif method is None:
                log.warning("transitiond answered an unknown request id %r: %s", request_id, message.get("error"))
        elif kind == "notification":
            method = message["method"]
            self._hook(message, method)
            self._notification(method, message.get("params"))
        elif kind == "request":
            self._hook(message, message.get("method"))
            reply = {
                "jsonrpc": "2.0",
                "id": message["id"],
                "error": {"code": METHOD_NOT_FOUND, "message": "Method not found: %s" % message.get("method")},
            }
            try:
                self._write(reply, time.monotonic() + 1.0)
            except TransitiondException:
                pass
        else:
            self._hook(message if isinstance(message, dict) else {"invalid": message}, None)
            log.warning("transitiond sent an invalid message: %r", message)

    def _notification(self, method: str, params: Any) -> None:
        if self.on_notification is not None:
            try:
                self.on_notification(method, params)
            except Exception:
                log.exception("on_notification hook failed")
        try:
            event = parse_notification(method, params)
        except (KeyError, TypeError, ValueError) as error:
            log.warning("malformed %s: %r (%s)", method, params, error)
            return
        if event is None:
            return
        with self._lock:
            session = self._sessions.get(event.session)
        if session is not None:
            session._push(event)

    # Sessions -----------------------------------------------------------------------

    def _call(self, method: str, params: Any, parse: Any, timeout: Optional[float]) -> Any:
        return parse(self.request(method, params, timeout=timeout))

    def session(self, session_id: str) -> "Session":
        """A handle on an existing session (one from ``list_sessions``, another
        connection's kept-alive session ...). Its ticks reach this connection only
        when it owns the session or after ``subscribe()``."""
        with self._lock:
            existing = self._sessions.get(session_id)
            if existing is None:
                existing = Session(self, session_id)
                self._sessions[session_id] = existing
            return existing

    def _forget(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)

    def create_session(
        self,
        viewport: Any,
        layout: Any,
        sections: Any,
        *,
        content_inset: Any = None,
        content_offset: Any = None,
        clock: Optional[str] = None,
        fps: Optional[int] = None,
        encoding: Optional[str] = None,
        precision: Optional[int] = None,
        keep_alive: Optional[bool] = None,
        name: Optional[str] = None,
        reduced_motion: Optional[bool] = None,
        timeout: Optional[float] = None,
        **extra: Any,
    ) -> "Session":
        """``session/create``: returns a ``Session``.

        ``viewport`` is ``(width, height)``; ``layout`` a layout (``spec.list_layout(60)``
        ...); ``sections`` ``100`` (one section), ``[3, 4]`` or a list of mappings;
        ``clock`` ``"realtime"`` (default) or ``"manual"``; ``precision`` rounds attribute
        numbers to that many decimals (exact by default); ``reduced_motion=True`` says
        the user asked for reduced motion (transitions then play a fade unless they say
        ``motion="full"``).
        """
        params = create_params(
            viewport, layout, sections, content_inset=content_inset, content_offset=content_offset, clock=clock,
            fps=fps, encoding=encoding, precision=precision, keep_alive=keep_alive, name=name,
            reduced_motion=reduced_motion, extra=extra,
        )
        result = self.request("session/create", params, timeout=timeout)
        session = self.session(result["session"])
        session._created(result, clock or "realtime", encoding or "objects", fps or 60)
        return session

    def list_sessions(self, *, timeout: Optional[float] = None) -> List[Any]:
        """``session/list``: a list of ``SessionInfo``."""
        return parse_list(self.request("session/list", {}, timeout=timeout))

    def subscribe_by_name(self, name: str, *, timeout: Optional[float] = None) -> "Session":
        """``session/subscribe {name}``: the session created with that ``name`` (by
        this or another client of the same daemon), its ticks reaching this
        connection from now on."""
        result = SubscribeResult.from_json(self.request("session/subscribe", {"name": name}, timeout=timeout))
        session = self.session(result.session)
        session._track(result)
        return session


class Session(SessionMethods):
    """One session of the daemon, as seen from a ``Client``.

    ``id`` is its id; ``content_size`` and ``content_offset`` are the latest values
    seen (in results, ticks and didEnds); ``transition`` is the transition last
    started or retargeted through this handle. Ticks and didEnds that reach this connection are
    buffered from the moment the handle exists; read them with ``ticks()``.
    """

    def __init__(self, client: Client, session_id: str) -> None:
        self.client = client
        self.id = session_id
        self.clock: Optional[str] = None
        self.encoding: Optional[str] = None
        self.fps: Optional[int] = None
        self.transition: Optional[str] = None
        self.content_size: Optional[Size] = None
        self.content_offset: Optional[Point] = None
        self._buffer = EventBuffer(client.max_buffered_ticks)
        self._cond = threading.Condition()

    def __repr__(self) -> str:
        return "Session(%r, transition=%r)" % (self.id, self.transition)

    def _created(self, result: Dict[str, Any], clock: str, encoding: str, fps: int) -> None:
        self.clock, self.encoding, self.fps = clock, encoding, fps
        self.content_size = Size.from_json(result["contentSize"])
        self.content_offset = Point.from_json(result["contentOffset"])

    def _call(self, method: str, params: Any, parse: Any, timeout: Optional[float]) -> Any:
        return self.client._call(method, params, parse, timeout)

    def _forget(self) -> None:
        with self._cond:
            self._buffer.disposed = True
            self._cond.notify_all()
        self.client._forget(self.id)

    def _push(self, event: Any) -> None:
        self.content_offset = event.content_offset
        with self._cond:
            self._buffer.push(event)
            self._cond.notify_all()

    def _connection_lost(self, reason: BaseException) -> None:
        with self._cond:
            self._buffer.closed = reason
            self._cond.notify_all()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: Any) -> None:
        if not self.client.closed:
            try:
                self.dispose()
            except (UnknownSession, ConnectionClosed):
                pass

    @property
    def dropped_ticks(self) -> int:
        """Ticks dropped because no iterator read them in time."""
        return self._buffer.dropped

    def clear_events(self) -> None:
        """Forgets the buffered ticks and didEnds."""
        with self._cond:
            self._buffer.clear()

    def ticks(self, until_end: bool = True, timeout: Optional[float] = None,
              transition: Optional[str] = None) -> "TickIterator":
        """Iterates over this session's ticks (``Tick`` objects).

        With ``until_end`` (default) it follows one transition (``transition``, else
        the last one started here, else the first that ticks) and stops after its
        didEnd, which is then the iterator's ``end``. Otherwise it follows every
        transition until the session is disposed. ``timeout`` bounds the wait for
        each event (default: the client's) and raises ``TransitiondTimeout``.
        """
        target = transition if transition is not None else (self.transition if until_end else None)
        return TickIterator(self, TickSelector(until_end, target), self.client.timeout if timeout is None else timeout)

    def wait_for_end(self, timeout: Optional[float] = None, transition: Optional[str] = None) -> DidEnd:
        """Consumes the ticks of the transition and returns its ``DidEnd``."""
        iterator = self.ticks(True, timeout, transition)
        for _ in iterator:
            pass
        assert iterator.end is not None
        return iterator.end


class TickIterator(Iterator[Tick]):
    """What ``Session.ticks()`` returns; ``end`` is the didEnd that stopped it."""

    def __init__(self, session: Session, selector: TickSelector, timeout: float) -> None:
        self.session = session
        self.timeout = timeout
        self._selector = selector
        self.count = 0
        with session._cond:
            selector.check_already_ended(session._buffer)

    @property
    def end(self) -> Optional[DidEnd]:
        return self._selector.end

    @property
    def ends(self) -> List[DidEnd]:
        return self._selector.ends

    @property
    def transition(self) -> Optional[str]:
        return self._selector.target

    def __iter__(self) -> "TickIterator":
        return self

    def __next__(self) -> Tick:
        selector = self._selector
        buffer = self.session._buffer
        deadline = time.monotonic() + self.timeout
        with self.session._cond:
            while not selector.done:
                if buffer.events:
                    tick = selector.accept(buffer.pop())
                    if tick is not None:
                        self.count += 1
                        return tick
                    continue
                if buffer.disposed:
                    selector.done = True
                    break
                if buffer.closed is not None:
                    raise ConnectionClosed("connection closed while waiting for ticks of %s" % self.session.id) from buffer.closed
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TransitiondTimeout(
                        "no tick or didEnd for session %s within %.3gs" % (self.session.id, self.timeout)
                    )
                self.session._cond.wait(remaining)
        raise StopIteration
