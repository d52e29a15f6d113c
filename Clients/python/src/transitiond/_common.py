"""What the synchronous and the asyncio clients share: request params, result
parsing, the per-session event buffer and the tick selection logic.

The typed helpers are written once, in ``SessionMethods`` and ``ClientMethods``: each
calls ``self._call(method, params, parse, timeout)``, which returns the parsed result
in the synchronous client and a coroutine in the asyncio client.
"""

from __future__ import annotations

import collections
import os
import shutil
from typing import Any, Callable, Deque, Dict, List, Mapping, Optional, Union

from . import spec
from .types import (
    CancelInPlaceResult,
    DidEnd,
    Idle,
    LayoutAttributes,
    Point,
    Sample,
    SessionGeometry,
    SessionInfo,
    RateChange,
    Status,
    SubscribeResult,
    Tick,
    TickBrief,
    TransitionInfo,
)

#: Seconds a request waits for its answer unless told otherwise.
DEFAULT_TIMEOUT = 10.0
#: Ticks a session keeps for its iterators before dropping the oldest.
DEFAULT_MAX_BUFFERED_TICKS = 1024
#: How this process reports itself to the daemon.
CLIENT_INFO = {"name": "transitiond-python"}

#: Called with every message received: (message, method). ``method`` is the
#: notification's method, or for a response the method of the request it answers.
MessageHook = Callable[[Dict[str, Any], Optional[str]], None]
#: Called with every notification: (method, params).
NotificationHook = Callable[[str, Any], None]


def resolve_binary(path: Optional[Union[str, "os.PathLike[str]"]] = None) -> str:
    """The daemon to spawn: ``path``, else ``$TRANSITIOND``, else ``transitiond`` on PATH."""
    candidate = os.fspath(path) if path is not None else os.environ.get("TRANSITIOND")
    if candidate:
        if os.sep in candidate or (os.altsep and os.altsep in candidate):
            if not os.path.exists(candidate):
                raise FileNotFoundError("transitiond not found at %s" % candidate)
            return candidate
        found = shutil.which(candidate)
        if found is None:
            raise FileNotFoundError("transitiond: %r is not on PATH" % candidate)
        return found
    found = shutil.which("transitiond")
    if found is None:
        raise FileNotFoundError(
            "transitiond not found: pass its path, set TRANSITIOND, or put it on PATH "
            "(swift build --product transitiond)"
        )
    return found


def spawn_argv(binary: str, args: Any, shared: bool = False) -> List[str]:
    """``transitiond --stdio --clientProcessId <pid>``, or with ``shared`` the forwarder
    to the per-user shared daemon, ``transitiond --remote=auto`` (which watches the
    ``processId`` of ``initialize`` instead)."""
    if shared:
        return [binary, "--remote=auto", *[str(a) for a in args]]
    return [binary, "--stdio", "--clientProcessId", str(os.getpid()), *[str(a) for a in args]]


def initialize_params() -> Dict[str, Any]:
    return {"processId": os.getpid(), "clientInfo": dict(CLIENT_INFO)}


def classify(message: Any) -> str:
    """``"response"``, ``"notification"``, ``"request"`` (from the daemon) or ``"invalid"``."""
    if not isinstance(message, dict):
        return "invalid"
    if "method" in message:
        return "request" if "id" in message else "notification"
    if "id" in message and ("result" in message or "error" in message):
        return "response"
    return "invalid"


def parse_notification(method: str, params: Any) -> Any:
    """A Tick or DidEnd for the notifications the client understands, else None."""
    if method == "transition/tick":
        return Tick.from_json(params)
    if method == "transition/didEnd":
        return DidEnd.from_json(params)
    return None


def _put(params: Dict[str, Any], key: str, value: Any, convert: Optional[Callable[[Any], Any]] = None) -> None:
    if value is not None:
        params[key] = convert(value) if convert is not None else value


def transition_params(
    to: Any,
    *,
    duration: Optional[float] = None,
    timing: Any = None,
    interactive: Optional[bool] = None,
    content_offset: Any = None,
    sections: Any = None,
    viewport: Any = None,
    content_inset: Any = None,
    stagger: Any = None,
    appear: Optional[str] = None,
    disappear: Optional[str] = None,
    color_space: Optional[str] = None,
    keyframes: Any = None,
    path: Any = None,
    motion: Optional[str] = None,
    reduced_duration: Optional[float] = None,
    extra: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    """The destination and options shared by start, retarget and hypothetical samples."""
    p: Dict[str, Any] = {}
    _put(p, "to", to)
    _put(p, "sections", sections, spec.sections)
    _put(p, "viewport", viewport, spec.size)
    _put(p, "contentInset", content_inset, spec.insets)
    _put(p, "interactive", interactive)
    _put(p, "duration", duration)
    _put(p, "timing", timing)
    _put(p, "contentOffset", content_offset)
    _put(p, "stagger", stagger)
    _put(p, "appear", appear)
    _put(p, "disappear", disappear)
    _put(p, "colorSpace", color_space)
    _put(p, "keyframes", keyframes, list)
    _put(p, "path", path)
    _put(p, "motion", motion)
    _put(p, "reducedDuration", reduced_duration)
    if extra:
        p.update(extra)
    return p


def parse_advance(result: Dict[str, Any]) -> Union[Tick, TickBrief, Idle]:
    if "seq" not in result:
        return Idle.from_json(result)
    if "attributes" not in result:
        return TickBrief.from_json(result)
    return Tick.from_json(result)


class EventBuffer:
    """A session's ticks and didEnds, in arrival order, for its iterators.

    At most ``max_ticks`` ticks wait; past that the oldest tick goes (``dropped``
    counts them). DidEnds are never dropped. Not thread-safe: the owner locks.
    """

    def __init__(self, max_ticks: int) -> None:
        self.events: Deque[Any] = collections.deque()
        self.max_ticks = max(1, max_ticks)
        self.tick_count = 0
        self.dropped = 0
        self.ended: "collections.OrderedDict[str, DidEnd]" = collections.OrderedDict()
        self.disposed = False
        self.closed: Optional[BaseException] = None

    def push(self, event: Any) -> None:
        self.events.append(event)
        if isinstance(event, Tick):
            self.tick_count += 1
            if self.tick_count > self.max_ticks:
                for i, e in enumerate(self.events):
                    if isinstance(e, Tick):
                        del self.events[i]
                        self.tick_count -= 1
                        self.dropped += 1
                        break
        elif isinstance(event, DidEnd):
            self.ended[event.transition] = event
            while len(self.ended) > 256:
                self.ended.popitem(last=False)

    def pop(self) -> Any:
        event = self.events.popleft()
        if isinstance(event, Tick):
            self.tick_count -= 1
        return event

    def holds(self, transition: str) -> bool:
        return any(getattr(e, "transition", None) == transition for e in self.events)

    def clear(self) -> None:
        self.events.clear()
        self.tick_count = 0


class TickSelector:
    """Which buffered events an iterator yields, and when it stops.

    ``until_end=True``: the ticks of one transition (``transition``, else the last one
    this client started in the session, else the first one seen), stopping at its
    didEnd, kept in ``end``; events of other transitions are discarded.
    ``until_end=False``: every tick, across transitions; each didEnd lands in ``end``
    (and ``ends``); stops when the session is disposed.
    """

    def __init__(self, until_end: bool, transition: Optional[str]) -> None:
        self.until_end = until_end
        self.target = transition
        self.end: Optional[DidEnd] = None
        self.ends: List[DidEnd] = []
        self.done = False

    def check_already_ended(self, buffer: EventBuffer) -> None:
        """Stops at once when the target ended and its events were consumed before."""
        if self.until_end and self.target is not None and self.target in buffer.ended and not buffer.holds(self.target):
            self.end = buffer.ended[self.target]
            self.done = True

    def accept(self, event: Any) -> Optional[Tick]:
        """The tick to yield for ``event``, or None (then look at ``done``)."""
        if isinstance(event, Tick):
            if self.until_end:
                if self.target is None:
                    self.target = event.transition
                if event.transition != self.target:
                    return None
            return event
        if isinstance(event, DidEnd):
            if self.until_end:
                if self.target is None or event.transition == self.target:
                    self.end = event
                    self.ends.append(event)
                    self.done = True
                return None
            self.end = event
            self.ends.append(event)
            if event.reason == "disposed":
                self.done = True
            return None
        return None


class SessionMethods:
    """The typed helpers of a session (shared by ``Session`` and ``AsyncSession``).

    Every method takes an optional ``timeout`` (seconds) for its request.
    """

    id: str
    clock: Optional[str]
    encoding: Optional[str]
    #: The transition this client last started or retargeted in the session.
    transition: Optional[str]
    content_size: Any
    content_offset: Any

    def _call(self, method: str, params: Any, parse: Callable[[Any], Any], timeout: Optional[float]) -> Any:
        raise NotImplementedError

    def _forget(self) -> None:
        raise NotImplementedError

    def _track(self, value: Any) -> Any:
        """Keeps ``content_size``/``content_offset`` at the latest values seen."""
        size = getattr(value, "content_size", None)
        offset = getattr(value, "content_offset", None)
        if size is not None:
            self.content_size = size
        if offset is not None:
            self.content_offset = offset
        return value

    def _status(self, result: Dict[str, Any]) -> Status:
        return self._track(Status.from_json(result))

    # Transitions --------------------------------------------------------------------

    def _started(self, result: Dict[str, Any]) -> TransitionInfo:
        info = TransitionInfo.from_json(result)
        self.transition = info.transition
        return info

    def start(self, to: Any, *, duration: Optional[float] = None, timing: Any = None,
              interactive: Optional[bool] = None, content_offset: Any = None, sections: Any = None,
              viewport: Any = None, content_inset: Any = None, stagger: Any = None, appear: Optional[str] = None,
              disappear: Optional[str] = None, color_space: Optional[str] = None, keyframes: Any = None,
              path: Any = None, motion: Optional[str] = None, reduced_duration: Optional[float] = None,
              timeout: Optional[float] = None, **extra: Any) -> Any:
        """``transition/start``: animate to the layout ``to``; returns a ``TransitionInfo``.

        ``content_offset`` is a target such as ``spec.placement("center", [(0, 20)])``;
        ``timing`` a curve (``"quarticEaseInOut"``, ``spec.spring(...)`` ...);
        ``keyframes`` stops such as ``[spec.keyframe(0.5, alpha=0.2, scale=0.5)]`` and
        ``path`` ``spec.arc()``; ``motion`` ``"auto"`` (default: reduced when the session
        was created with ``reduced_motion=True``), ``"full"`` or ``"reduced"`` (a fade
        lasting ``reduced_duration`` seconds, default 0.2); extra keyword arguments are
        sent as they are.
        """
        params = {"session": self.id}
        params.update(transition_params(
            to, duration=duration, timing=timing, interactive=interactive, content_offset=content_offset,
            sections=sections, viewport=viewport, content_inset=content_inset, stagger=stagger, appear=appear,
            disappear=disappear, color_space=color_space, keyframes=keyframes, path=path, motion=motion,
            reduced_duration=reduced_duration, extra=extra))
        return self._call("transition/start", params, self._started, timeout)

    def retarget(self, to: Any, *, duration: Optional[float] = None, timing: Any = None,
                 interactive: Optional[bool] = None, content_offset: Any = None, sections: Any = None,
                 viewport: Any = None, content_inset: Any = None, stagger: Any = None, appear: Optional[str] = None,
                 disappear: Optional[str] = None, color_space: Optional[str] = None, keyframes: Any = None,
                 path: Any = None, motion: Optional[str] = None, reduced_duration: Optional[float] = None,
                 timeout: Optional[float] = None, **extra: Any) -> Any:
        """``transition/retarget``: head for another layout from where the transition is."""
        params = {"session": self.id}
        params.update(transition_params(
            to, duration=duration, timing=timing, interactive=interactive, content_offset=content_offset,
            sections=sections, viewport=viewport, content_inset=content_inset, stagger=stagger, appear=appear,
            disappear=disappear, color_space=color_space, keyframes=keyframes, path=path, motion=motion,
            reduced_duration=reduced_duration, extra=extra))
        return self._call("transition/retarget", params, self._started, timeout)

    def scrub(self, progress: float, *, timeout: Optional[float] = None) -> Any:
        """``transition/scrub``: pause at ``progress``; returns a ``Status``."""
        return self._call("transition/scrub", {"session": self.id, "progress": progress}, self._status, timeout)

    def _leg(self, method: str, duration: Optional[float], timing: Any, velocity: Optional[float],
             timeout: Optional[float]) -> Any:
        params: Dict[str, Any] = {"session": self.id}
        _put(params, "duration", duration)
        _put(params, "timing", timing)
        _put(params, "velocity", velocity)
        return self._call(method, params, self._status, timeout)

    def finish(self, *, duration: Optional[float] = None, timing: Any = None, velocity: Optional[float] = None,
               timeout: Optional[float] = None) -> Any:
        """``transition/finish``: animate to the end; returns a ``Status``."""
        return self._leg("transition/finish", duration, timing, velocity, timeout)

    def cancel(self, *, duration: Optional[float] = None, timing: Any = None, velocity: Optional[float] = None,
               timeout: Optional[float] = None) -> Any:
        """``transition/cancel``: animate back to the start; returns a ``Status``."""
        return self._leg("transition/cancel", duration, timing, velocity, timeout)

    def cancel_in_place(self, *, timeout: Optional[float] = None) -> Any:
        """``transition/cancelInPlace``: stop where it is; returns a ``CancelInPlaceResult``."""
        return self._call(
            "transition/cancelInPlace", {"session": self.id}, lambda r: self._track(CancelInPlaceResult.from_json(r)), timeout
        )

    def status(self, *, timeout: Optional[float] = None) -> Any:
        """``transition/status``: returns a ``Status``."""
        return self._call("transition/status", {"session": self.id}, self._status, timeout)

    def sample(self, progress: Optional[float] = None, *, time: Optional[float] = None, rect: Any = None,
               all: Optional[bool] = None, to: Any = None, timeout: Optional[float] = None, **options: Any) -> Any:
        """``transition/sample``: the transition in flight at ``progress`` (or ``time``),
        or, with ``to`` (and the options of ``start``: ``duration``, ``content_offset``
        ...), a hypothetical one. Returns a ``Sample``."""
        params: Dict[str, Any] = {"session": self.id}
        _put(params, "progress", progress)
        _put(params, "time", time)
        _put(params, "rect", rect, spec.rect)
        _put(params, "all", all)
        known = {k: options.pop(k) for k in list(options) if k in _TRANSITION_OPTIONS}
        params.update(transition_params(to, extra=options, **known))
        return self._call("transition/sample", params, Sample.from_json, timeout)

    # Time ---------------------------------------------------------------------------

    def advance(self, by: Optional[float] = None, *, to: Optional[float] = None,
                brief: bool = False, timeout: Optional[float] = None) -> Any:
        """``clock/advance`` (manual clock): move time ``by`` seconds or ``to`` a time.
        Returns the ``Tick`` it emitted, or ``Idle`` when nothing animates. With
        ``brief=True`` it returns a ``TickBrief`` instead of the ``Tick``: the tick's
        attributes then arrive once, in the notification the session's ticks give."""
        params: Dict[str, Any] = {"session": self.id}
        _put(params, "by", by)
        _put(params, "to", to)
        if brief:
            params["reply"] = "brief"
        return self._call("clock/advance", params, lambda r: self._track(parse_advance(r)), timeout)

    def set_rate(self, rate: float, *, timeout: Optional[float] = None) -> Any:
        """``clock/setRate``: run the session's time at ``rate`` times its clock from now
        on (1 is normal speed, 0.25 a quarter of it). Returns a ``RateChange``."""
        return self._call("clock/setRate", {"session": self.id, "rate": rate}, RateChange.from_json, timeout)

    # Layout -------------------------------------------------------------------------

    def attributes(self, rect: Any = None, *, all: Optional[bool] = None, timeout: Optional[float] = None) -> Any:
        """``layout/attributes``: the resting layout in ``rect`` (default: the visible
        rect), or everything with ``all=True``. Returns ``LayoutAttributes``."""
        params: Dict[str, Any] = {"session": self.id}
        _put(params, "rect", rect, spec.rect)
        _put(params, "all", all)
        return self._call("layout/attributes", params, lambda r: self._track(LayoutAttributes.from_json(r)), timeout)

    def _geometry(self, result: Dict[str, Any]) -> SessionGeometry:
        return self._track(SessionGeometry.from_json(result))

    def update(self, *, viewport: Any = None, content_inset: Any = None, sections: Any = None, layout: Any = None,
               reduced_motion: Optional[bool] = None, timeout: Optional[float] = None, **extra: Any) -> Any:
        """``session/update``: change viewport, insets, items or layout at rest, or whether
        the user asks for reduced motion (at any time). Returns ``SessionGeometry``."""
        params: Dict[str, Any] = {"session": self.id}
        _put(params, "viewport", viewport, spec.size)
        _put(params, "contentInset", content_inset, spec.insets)
        _put(params, "sections", sections, spec.sections)
        _put(params, "layout", layout)
        _put(params, "reducedMotion", reduced_motion)
        params.update(extra)
        return self._call("session/update", params, self._geometry, timeout)

    def _scrolled(self, result: Dict[str, Any]) -> Point:
        self.content_offset = Point.from_json(result["contentOffset"])
        return self.content_offset

    def scroll(self, content_offset: Any, *, timeout: Optional[float] = None) -> Any:
        """``session/scroll``: returns the (clamped) content offset as a ``Point``."""
        params = {"session": self.id, "contentOffset": spec.point(content_offset)}
        return self._call("session/scroll", params, self._scrolled, timeout)

    # Membership ---------------------------------------------------------------------

    def _disposed(self, result: Any) -> None:
        self._forget()
        return None

    def dispose(self, *, timeout: Optional[float] = None) -> Any:
        """``session/dispose`` (a transition in flight ends with reason ``disposed``)."""
        return self._call("session/dispose", {"session": self.id}, self._disposed, timeout)

    def subscribe(self, *, timeout: Optional[float] = None) -> Any:
        """``session/subscribe``: receive this session's ticks on this connection too.
        Returns a ``SubscribeResult``."""
        return self._call(
            "session/subscribe", {"session": self.id}, lambda r: self._track(SubscribeResult.from_json(r)), timeout
        )

    def unsubscribe(self, *, timeout: Optional[float] = None) -> Any:
        """``session/unsubscribe``."""
        return self._call("session/unsubscribe", {"session": self.id}, lambda r: None, timeout)


_TRANSITION_OPTIONS = {
    "duration", "timing", "interactive", "content_offset", "sections", "viewport", "content_inset", "stagger",
    "appear", "disappear", "color_space", "keyframes", "path", "motion", "reduced_duration",
}


def create_params(
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
    extra: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    p: Dict[str, Any] = {"viewport": spec.size(viewport), "sections": spec.sections(sections), "layout": layout}
    _put(p, "contentInset", content_inset, spec.insets)
    _put(p, "contentOffset", content_offset, spec.point)
    _put(p, "clock", clock)
    _put(p, "fps", fps)
    _put(p, "encoding", encoding)
    _put(p, "precision", precision)
    _put(p, "keepAlive", keep_alive)
    _put(p, "name", name)
    _put(p, "reducedMotion", reduced_motion)
    if extra:
        p.update(extra)
    return p


def parse_list(result: Dict[str, Any]) -> List[SessionInfo]:
    return [SessionInfo.from_json(s) for s in result.get("sessions", [])]
