"""The asyncio client: the same surface as ``transitiond.Client``, with coroutines.

    async with AsyncClient.spawn() as client:
        session = await client.create_session((375, 667), list_layout(60), 100)
        await session.start(grid_layout(2), duration=0.3)
        async for tick in session.ticks():
            ...
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import subprocess
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, List, Optional, Sequence, Union

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


class _Opening:
    """What ``AsyncClient.spawn``/``connect`` return: await it for the client, or use
    it directly with ``async with``."""

    def __init__(self, opener: Callable[[], Awaitable["AsyncClient"]]) -> None:
        self._opener = opener
        self._client: Optional[AsyncClient] = None

    def __await__(self) -> Generator[Any, None, "AsyncClient"]:
        return self._opener().__await__()

    async def __aenter__(self) -> "AsyncClient":
        self._client = await self._opener()
        return self._client

    async def __aexit__(self, *exc: Any) -> None:
        if self._client is not None:
            await self._client.close()


class AsyncClient:
    """A connection to transitiond for asyncio programs (see ``Client`` for the
    lifecycle). All methods that talk to the daemon are coroutines."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: Any,
        *,
        process: "Optional[asyncio.subprocess.Process]" = None,
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
        self.initialize_result: Optional[InitializeResult] = None
        self._reader = reader
        self._writer = writer
        self._decoder = FrameDecoder()
        self._ids = itertools.count(1)
        self._pending: Dict[Any, "asyncio.Future[Dict[str, Any]]"] = {}
        self._methods: Dict[Any, str] = {}
        self._sessions: Dict[str, "AsyncSession"] = {}
        self._closed: Optional[BaseException] = None
        self._closing: Optional["asyncio.Future[None]"] = None
        self._shutdown_sent = False
        self._drain_lock = asyncio.Lock()
        self._read_task = asyncio.ensure_future(self._read_loop())

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
    ) -> _Opening:
        """Starts ``transitiond --stdio --clientProcessId <this pid> *args`` (with
        ``shared=True``, ``transitiond --remote=auto *args``: see ``Client.spawn``);
        ``await`` the result, or ``async with`` it."""

        async def open_() -> "AsyncClient":
            argv = spawn_argv(resolve_binary(path), args, shared)
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, env=env
            )
            assert process.stdout is not None
            client = cls(
                process.stdout, process.stdin, process=process, timeout=timeout, on_message=on_message,
                on_notification=on_notification, max_buffered_ticks=max_buffered_ticks,
            )
            await client._open(initialize)
            return client

        return _Opening(open_)

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
    ) -> _Opening:
        """Connects to ``transitiond --listen socket_path``; ``await`` the result, or
        ``async with`` it."""

        async def open_() -> "AsyncClient":
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_unix_connection(os.fspath(socket_path), limit=_READ_SIZE), timeout
                )
            except asyncio.TimeoutError as error:
                raise TransitiondTimeout("connecting to %s timed out" % os.fspath(socket_path)) from error
            client = cls(
                reader, writer, timeout=timeout, on_message=on_message, on_notification=on_notification,
                max_buffered_ticks=max_buffered_ticks,
            )
            await client._open(initialize)
            return client

        return _Opening(open_)

    async def _open(self, initialize: bool) -> None:
        if not initialize:
            return
        try:
            await self.initialize()
        except BaseException:
            await self.close(timeout=1.0)
            raise

    async def initialize(self, params: Optional[Dict[str, Any]] = None, *,
                         timeout: Optional[float] = None) -> InitializeResult:
        """``initialize`` then ``initialized``."""
        result = await self.request("initialize", params if params is not None else initialize_params(), timeout=timeout)
        self.initialize_result = InitializeResult.from_json(result)
        await self.notify("initialized", {})
        return self.initialize_result

    @property
    def capabilities(self) -> Dict[str, Any]:
        return self.initialize_result.capabilities if self.initialize_result else {}

    # Closing ------------------------------------------------------------------------

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._closed is not None

    @property
    def returncode(self) -> Optional[int]:
        return self.process.returncode if self.process is not None else None

    async def shutdown(self, *, timeout: Optional[float] = None) -> None:
        self._shutdown_sent = True
        await self.request("shutdown", None, timeout=timeout)

    async def close(self, timeout: Optional[float] = None) -> None:
        """``shutdown`` and ``exit`` (when still connected), then waits for a spawned
        daemon to exit (terminating it after ``timeout``). Safe to call more than once."""
        if self._closing is not None:
            await asyncio.shield(self._closing)
            return
        self._closing = asyncio.get_running_loop().create_future()
        try:
            await self._close(self.timeout if timeout is None else timeout)
        finally:
            self._closing.set_result(None)

    async def _close(self, limit: float) -> None:
        if self._closed is None:
            try:
                if not self._shutdown_sent and self.initialize_result is not None:
                    await self.shutdown(timeout=limit)
            except TransitiondException as error:
                log.debug("shutdown failed: %s", error)
            try:
                await self.notify("exit", timeout=limit)
            except TransitiondException as error:
                log.debug("exit failed: %s", error)
        if self.process is not None:
            # Closing stdin is also "exit" for the daemon.
            self._close_writer(eof_only=False)
            try:
                await asyncio.wait_for(self.process.wait(), limit)
            except asyncio.TimeoutError:
                log.warning("transitiond did not exit within %.1fs; terminating it", limit)
                try:
                    self.process.terminate()
                    await asyncio.wait_for(self.process.wait(), 2.0)
                except (asyncio.TimeoutError, ProcessLookupError):
                    try:
                        self.process.kill()
                    except ProcessLookupError:
                        pass
                    await self.process.wait()
        else:
            self._close_writer(eof_only=True)
        # Read what is left until the daemon closes its side.
        try:
            await asyncio.wait_for(asyncio.shield(self._read_task), limit)
        except asyncio.TimeoutError:
            self._read_task.cancel()
            try:
                await self._read_task
            except asyncio.CancelledError:
                pass
        if self.process is None:
            self._close_writer(eof_only=False)
            try:
                await asyncio.wait_for(self._writer.wait_closed(), limit)
            except (asyncio.TimeoutError, OSError):
                pass
        self._connection_lost(ConnectionClosed("the client closed the connection"))

    def _close_writer(self, eof_only: bool) -> None:
        try:
            if eof_only:
                if self._writer.can_write_eof():
                    self._writer.write_eof()
            else:
                self._writer.close()
        except (OSError, RuntimeError):
            pass

    # Messages -----------------------------------------------------------------------

    async def _write(self, message: Dict[str, Any], timeout: float) -> None:
        if self._closed is not None:
            raise ConnectionClosed("connection to transitiond is closed") from self._closed
        data = encode_message(message)
        try:
            self._writer.write(data)
            async with self._drain_lock:
                await asyncio.wait_for(self._writer.drain(), timeout)
        except asyncio.TimeoutError:
            raise TransitiondTimeout("writing %s to transitiond timed out" % message.get("method")) from None
        except (ConnectionError, OSError, RuntimeError) as error:
            closed = ConnectionClosed("cannot write to transitiond: %s" % error)
            self._connection_lost(closed)
            raise closed from error

    async def notify(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> None:
        """Sends a notification."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        await self._write(message, self.timeout if timeout is None else timeout)

    async def request(self, method: str, params: Any = None, *, timeout: Optional[float] = None) -> Any:
        """Sends a request and returns its result; raises like ``Client.request``."""
        limit = self.timeout if timeout is None else timeout
        if self._closed is not None:
            raise ConnectionClosed("connection to transitiond is closed") from self._closed
        request_id = next(self._ids)
        future: "asyncio.Future[Dict[str, Any]]" = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        self._methods[request_id] = method
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        try:
            await self._write(message, limit)
            response = await asyncio.wait_for(future, max(0.0, deadline - loop.time()))
        except TransitiondTimeout:
            raise
        except asyncio.TimeoutError:
            raise TransitiondTimeout("no answer to %s within %.3gs" % (method, limit)) from None
        except BaseException:
            self._methods.pop(request_id, None)
            raise
        finally:
            self._pending.pop(request_id, None)
        if response.get("_closed"):
            raise ConnectionClosed("connection closed before %s was answered" % method) from self._closed
        if "error" in response:
            raise error_from_response(response["error"], method)
        return response.get("result")

    # Reading ------------------------------------------------------------------------

    async def _read_loop(self) -> None:
        reason: BaseException = ConnectionClosed("transitiond closed the connection")
        try:
            while True:
                data = await self._reader.read(_READ_SIZE)
                if not data:
                    self._decoder.finish()
                    break
                for message in self._decoder.feed(data):
                    self._dispatch(message)
        except ProtocolError as error:
            log.error("transitiond: %s", error)
            reason = ConnectionClosed("protocol error: %s" % error)
            reason.__cause__ = error
        except (ConnectionError, OSError) as error:
            reason = ConnectionClosed("reading from transitiond failed: %s" % error)
        except asyncio.CancelledError:
            reason = ConnectionClosed("the client closed the connection")
            self._connection_lost(reason)
            raise
        self._connection_lost(reason)

    def _connection_lost(self, reason: BaseException) -> None:
        if self._closed is not None:
            return
        self._closed = reason
        pending = list(self._pending.values())
        self._pending.clear()
        for future in pending:
            if not future.done():
                future.set_result({"_closed": True})
        for session in list(self._sessions.values()):
            session._connection_lost(reason)

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
            method = self._methods.pop(request_id, None)
            self._hook(message, method)
            if method == "session/subscribe" and isinstance(message.get("result"), dict):
                # The handle exists before the ticks that follow the reply are read.
                self.session(message["result"]["session"])
            future = self._pending.pop(request_id, None)
            if future is not None and not future.done():
                future.set_result(message)
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
            asyncio.ensure_future(self._reply_quietly(reply))
        else:
            self._hook(message if isinstance(message, dict) else {"invalid": message}, None)
            log.warning("transitiond sent an invalid message: %r", message)

    async def _reply_quietly(self, reply: Dict[str, Any]) -> None:
        try:
            await self._write(reply, 1.0)
        except TransitiondException:
            pass

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
        session = self._sessions.get(event.session)
        if session is not None:
            session._push(event)

    # Sessions -----------------------------------------------------------------------

    async def _call(self, method: str, params: Any, parse: Any, timeout: Optional[float]) -> Any:
        return parse(await self.request(method, params, timeout=timeout))

    def session(self, session_id: str) -> "AsyncSession":
        """A handle on an existing session (see ``Client.session``)."""
        existing = self._sessions.get(session_id)
        if existing is None:
            existing = AsyncSession(self, session_id)
            self._sessions[session_id] = existing
        return existing

    def _forget(self, session_id: str) -> None:
        self._sessions.pop(session_id, None)

    async def create_session(
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
    ) -> "AsyncSession":
        """``session/create``: returns an ``AsyncSession`` (see ``Client.create_session``)."""
        params = create_params(
            viewport, layout, sections, content_inset=content_inset, content_offset=content_offset, clock=clock,
            fps=fps, encoding=encoding, precision=precision, keep_alive=keep_alive, name=name,
            reduced_motion=reduced_motion, extra=extra,
        )
        result = await self.request("session/create", params, timeout=timeout)
        session = self.session(result["session"])
        session._created(result, clock or "realtime", encoding or "objects", fps or 60)
        return session

    async def list_sessions(self, *, timeout: Optional[float] = None) -> List[Any]:
        """``session/list``: a list of ``SessionInfo``."""
        return parse_list(await self.request("session/list", {}, timeout=timeout))

    async def subscribe_by_name(self, name: str, *, timeout: Optional[float] = None) -> "AsyncSession":
        """``session/subscribe {name}`` (see ``Client.subscribe_by_name``)."""
        result = SubscribeResult.from_json(await self.request("session/subscribe", {"name": name}, timeout=timeout))
        session = self.session(result.session)
        session._track(result)
        return session


class AsyncSession(SessionMethods):
    """A session seen from an ``AsyncClient``: its methods are coroutines."""

    def __init__(self, client: AsyncClient, session_id: str) -> None:
        self.client = client
        self.id = session_id
        self.clock: Optional[str] = None
        self.encoding: Optional[str] = None
        self.fps: Optional[int] = None
        self.transition: Optional[str] = None
        self.content_size: Optional[Size] = None
        self.content_offset: Optional[Point] = None
        self._buffer = EventBuffer(client.max_buffered_ticks)
        self._changed = asyncio.Event()

    def __repr__(self) -> str:
        return "AsyncSession(%r, transition=%r)" % (self.id, self.transition)

    def _created(self, result: Dict[str, Any], clock: str, encoding: str, fps: int) -> None:
        self.clock, self.encoding, self.fps = clock, encoding, fps
        self.content_size = Size.from_json(result["contentSize"])
        self.content_offset = Point.from_json(result["contentOffset"])

    def _call(self, method: str, params: Any, parse: Any, timeout: Optional[float]) -> Any:
        return self.client._call(method, params, parse, timeout)

    def _forget(self) -> None:
        self._buffer.disposed = True
        self._changed.set()
        self.client._forget(self.id)

    def _push(self, event: Any) -> None:
        self.content_offset = event.content_offset
        self._buffer.push(event)
        self._changed.set()

    def _connection_lost(self, reason: BaseException) -> None:
        self._buffer.closed = reason
        self._changed.set()

    async def __aenter__(self) -> "AsyncSession":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if not self.client.closed:
            try:
                await self.dispose()
            except (UnknownSession, ConnectionClosed):
                pass

    @property
    def dropped_ticks(self) -> int:
        return self._buffer.dropped

    def clear_events(self) -> None:
        self._buffer.clear()

    def ticks(self, until_end: bool = True, timeout: Optional[float] = None,
              transition: Optional[str] = None) -> "AsyncTickIterator":
        """``async for tick in session.ticks(): ...`` (see ``Session.ticks``)."""
        target = transition if transition is not None else (self.transition if until_end else None)
        return AsyncTickIterator(self, TickSelector(until_end, target), self.client.timeout if timeout is None else timeout)

    async def wait_for_end(self, timeout: Optional[float] = None, transition: Optional[str] = None) -> DidEnd:
        """Consumes the ticks of the transition and returns its ``DidEnd``."""
        iterator = self.ticks(True, timeout, transition)
        async for _ in iterator:
            pass
        assert iterator.end is not None
        return iterator.end


class AsyncTickIterator(AsyncIterator[Tick]):
    """What ``AsyncSession.ticks()`` returns; ``end`` is the didEnd that stopped it."""

    def __init__(self, session: AsyncSession, selector: TickSelector, timeout: float) -> None:
        self.session = session
        self.timeout = timeout
        self._selector = selector
        self.count = 0
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

    def __aiter__(self) -> "AsyncTickIterator":
        return self

    async def __anext__(self) -> Tick:
        selector = self._selector
        buffer = self.session._buffer
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
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
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TransitiondTimeout("no tick or didEnd for session %s within %.3gs" % (self.session.id, self.timeout))
            self.session._changed.clear()
            try:
                await asyncio.wait_for(self.session._changed.wait(), remaining)
            except asyncio.TimeoutError:
                pass
        raise StopAsyncIteration
