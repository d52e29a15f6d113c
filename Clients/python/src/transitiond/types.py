"""Small immutable value types for what the daemon sends back.

Every result type keeps the message it was made from in ``raw`` (a ``dict``), so
members that a newer daemon adds stay reachable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

Number = Union[int, float]


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    @classmethod
    def from_json(cls, value: Any) -> "Point":
        return cls(value["x"], value["y"])

    def to_json(self) -> Dict[str, float]:
        return {"x": self.x, "y": self.y}


@dataclass(frozen=True)
class Size:
    width: float
    height: float

    @classmethod
    def from_json(cls, value: Any) -> "Size":
        return cls(value["width"], value["height"])

    def to_json(self) -> Dict[str, float]:
        return {"width": self.width, "height": self.height}


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @classmethod
    def from_json(cls, value: Any) -> "Rect":
        return cls(value["x"], value["y"], value["width"], value["height"])

    def to_json(self) -> Dict[str, float]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height}

    def offset(self, dx: float, dy: float) -> "Rect":
        """This rect moved by (dx, dy): ``frame.offset(-o.x, -o.y)`` gives viewport coordinates."""
        return Rect(self.x + dx, self.y + dy, self.width, self.height)


@dataclass(frozen=True)
class Attribute:
    """The layout attributes of one element (cell, header or footer) at one moment.

    ``frame`` is in content coordinates. ``next_frame`` is where the element is
    heading during a transition (None when it has none; the ``compact`` encoding
    cannot tell a next frame equal to the frame from none, and decodes both as None).
    """

    kind: str
    section: int
    item: int
    frame: Rect
    alpha: float = 1.0
    z_index: int = 0
    transition_progress: float = 0.0
    layout_state: str = ""
    id: Any = None
    hidden: bool = False
    transform: Optional[Tuple[float, float, float, float, float, float]] = None
    next_frame: Optional[Rect] = None
    values: Dict[str, Any] = field(default_factory=dict)
    #: Corner radii (top left, top right, bottom right, bottom left), when it has them.
    corner_radius: Optional[Tuple[float, float, float, float]] = None
    #: ``{"width", "color"}`` and ``{"radius", "opacity", "offset": {"x", "y"}, "color"}``.
    border: Optional[Dict[str, Any]] = None
    shadow: Optional[Dict[str, Any]] = None
    #: In flight, on elements both layouts have: (outgoing, incoming) opacities of the
    #: source's and destination's content (``contentFade``), and their ((sx, sy),
    #: (sx, sy)) scales (``contentResize: "scale"``).
    content_alpha: Optional[Tuple[float, float]] = None
    content_scale: Optional[Tuple[Tuple[float, float], Tuple[float, float]]] = None

    @property
    def index_path(self) -> Tuple[int, int]:
        return (self.section, self.item)

    @classmethod
    def from_json(cls, value: Dict[str, Any]) -> "Attribute":
        transform = value.get("transform")
        next_frame = value.get("nextFrame")
        return cls(
            kind=value["kind"],
            section=value["section"],
            item=value["item"],
            frame=Rect.from_json(value["frame"]),
            alpha=value.get("alpha", 1.0),
            z_index=value.get("zIndex", 0),
            transition_progress=value.get("transitionProgress", 0.0),
            layout_state=value.get("layoutState", ""),
            id=value.get("id"),
            hidden=bool(value.get("hidden", False)),
            transform=tuple(transform) if transform is not None else None,  # type: ignore[arg-type]
            next_frame=Rect.from_json(next_frame) if next_frame is not None else None,
            values=dict(value.get("values") or {}),
            **_shape_of(value),
        )


def _shape_of(value: Dict[str, Any]) -> Dict[str, Any]:
    """The shape and content members of an attribute object, as ``Attribute`` fields."""
    shape: Dict[str, Any] = {}
    radius = value.get("cornerRadius")
    if radius is not None:
        shape["corner_radius"] = tuple(radius) if isinstance(radius, list) else (radius,) * 4
    for name in ("border", "shadow"):
        if value.get(name) is not None:
            shape[name] = value[name]
    if value.get("contentAlpha") is not None:
        shape["content_alpha"] = tuple(value["contentAlpha"])
    if value.get("contentScale") is not None:
        shape["content_scale"] = tuple(tuple(pair) for pair in value["contentScale"])
    return shape


def _shape_at(c: Dict[str, Any], i: int) -> Dict[str, Any]:
    """Element i's shape and content members from the compact columns (null: none)."""
    obj: Dict[str, Any] = {}
    radii = c.get("cornerRadius")
    if radii is not None and radii[4 * i] is not None:
        obj["cornerRadius"] = radii[4 * i : 4 * i + 4]
    border = c.get("border")
    if border is not None and border["color"][i] is not None:
        obj["border"] = {"width": border["width"][i], "color": border["color"][i]}
    shadow = c.get("shadow")
    if shadow is not None and shadow["color"][i] is not None:
        obj["shadow"] = {"radius": shadow["radius"][i], "opacity": shadow["opacity"][i],
                         "offset": {"x": shadow["offset"][2 * i], "y": shadow["offset"][2 * i + 1]},
                         "color": shadow["color"][i]}
    alpha = c.get("contentAlpha")
    if alpha is not None and alpha[2 * i] is not None:
        obj["contentAlpha"] = alpha[2 * i : 2 * i + 2]
    scale = c.get("contentScale")
    if scale is not None and scale[4 * i] is not None:
        obj["contentScale"] = [scale[4 * i : 4 * i + 2], scale[4 * i + 2 : 4 * i + 4]]
    return _shape_of(obj)


_KINDS = ("cell", "header", "footer")
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def decode_attributes(value: Any) -> List[Attribute]:
    """Attributes from either encoding: a list of objects, or the ``compact`` columns."""
    if value is None:
        return []
    if isinstance(value, list):
        return [Attribute.from_json(a) for a in value]
    return _decode_columns(value)


def _decode_columns(c: Dict[str, Any]) -> List[Attribute]:
    count = c["count"]
    states = c.get("states", [])
    hidden = set(c.get("hidden", []))
    ids = c.get("id")
    transforms = c.get("transform")
    values = c.get("values") or {}
    frames = c["frame"]
    next_frames = c.get("nextFrame")
    # Codes 0-2 are fixed; 3 and up name the kinds of the list's `kinds` table.
    kinds = _KINDS + tuple(c.get("kinds") or ())
    result = []
    for i in range(count):
        frame = Rect(*frames[4 * i : 4 * i + 4])
        next_frame = Rect(*next_frames[4 * i : 4 * i + 4]) if next_frames is not None else None
        transform = None
        if transforms is not None:
            t = tuple(transforms[6 * i : 6 * i + 6])
            transform = None if t == _IDENTITY else t
        kind = c["kind"][i]
        result.append(
            Attribute(
                kind=kinds[kind] if isinstance(kind, int) and 0 <= kind < len(kinds) else str(kind),
                section=c["section"][i],
                item=c["item"][i],
                frame=frame,
                alpha=c["alpha"][i],
                z_index=c["zIndex"][i],
                transition_progress=c["transitionProgress"][i],
                layout_state=states[c["layoutState"][i]] if "layoutState" in c else "",
                id=ids[i] if ids is not None else None,
                hidden=i in hidden,
                transform=transform,  # type: ignore[arg-type]
                next_frame=None if next_frame == frame else next_frame,
                values={name: column[i] for name, column in values.items() if column[i] is not None},
                **_shape_at(c, i),
            )
        )
    return result


@dataclass(frozen=True)
class Tick:
    """``transition/tick``: one frame of a transition (also what ``clock/advance`` returns).

    ``attributes`` (the elements visible at that moment) are decoded from ``raw`` when
    first read, so that ticks nobody looks at cost little.
    """

    session: str
    transition: str
    seq: int
    time: float
    fraction: float
    progress: float
    velocity: float
    content_offset: Point
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @property
    def attributes(self) -> List[Attribute]:
        cached = self.__dict__.get("_attributes")
        if cached is None:
            cached = decode_attributes(self.raw.get("attributes"))
            object.__setattr__(self, "_attributes", cached)
        return cached

    def attribute(self, section: int, item: int, kind: str = "cell") -> Optional[Attribute]:
        """The attributes of one element, when it is in this tick."""
        for a in self.attributes:
            if a.section == section and a.item == item and a.kind == kind:
                return a
        return None

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "Tick":
        return cls(
            session=p["session"],
            transition=p["transition"],
            seq=p["seq"],
            time=p["time"],
            fraction=p["fraction"],
            progress=p["progress"],
            velocity=p["velocity"],
            content_offset=Point.from_json(p["contentOffset"]),
            raw=p,
        )


@dataclass(frozen=True)
class DidEnd:
    """``transition/didEnd``: sent once per transition, after its last tick."""

    session: str
    transition: str
    completed: bool
    finished: bool
    reason: str
    progress: float
    content_offset: Point
    time: float
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "DidEnd":
        return cls(
            session=p["session"],
            transition=p["transition"],
            completed=p["completed"],
            finished=p["finished"],
            reason=p["reason"],
            progress=p["progress"],
            content_offset=Point.from_json(p["contentOffset"]),
            time=p["time"],
            raw=p,
        )


@dataclass(frozen=True)
class TickBrief:
    """What ``clock/advance`` with ``brief=True`` returns: the tick it made, without the
    attributes (the caller reads those in the ``transition/tick`` notification)."""

    session: str
    transition: str
    seq: int
    time: float
    fraction: float
    progress: float
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "TickBrief":
        return cls(
            session=p["session"], transition=p["transition"], seq=p["seq"], time=p["time"],
            fraction=p["fraction"], progress=p["progress"], raw=p,
        )


@dataclass(frozen=True)
class Idle:
    """What ``clock/advance`` returns when no transition is in flight."""

    session: str
    time: float
    state: str = "idle"
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "Idle":
        return cls(session=p["session"], time=p["time"], state=p.get("state", "idle"), raw=p)


@dataclass(frozen=True)
class RateChange:
    """The result of ``clock/setRate``: the new rate and the session's time at the change."""

    session: str
    rate: float
    time: float
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "RateChange":
        return cls(session=p["session"], rate=p["rate"], time=p["time"], raw=p)


@dataclass(frozen=True)
class ServerInfo:
    name: str
    version: str


@dataclass(frozen=True)
class SessionGeometry:
    """``contentSize`` and ``contentOffset`` (results of ``session/update`` ...)."""

    content_size: Size
    content_offset: Point
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "SessionGeometry":
        return cls(Size.from_json(p["contentSize"]), Point.from_json(p["contentOffset"]), p)


@dataclass(frozen=True)
class SubscribeResult:
    session: str
    state: str
    content_size: Size
    content_offset: Point
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)
    #: The session's name, when it has one.
    name: Optional[str] = None

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "SubscribeResult":
        return cls(
            p["session"], p["state"], Size.from_json(p["contentSize"]), Point.from_json(p["contentOffset"]), p,
            p.get("name"),
        )


@dataclass(frozen=True)
class SessionInfo:
    """One entry of ``session/list``."""

    session: str
    clock: str
    fps: int
    encoding: str
    #: How fast its time runs against its clock (``clock/setRate``).
    rate: float
    state: str
    items: int
    layout_state: str
    owned: bool
    subscribed: bool
    keep_alive: bool
    precision: Optional[int] = None
    #: Its name (``session/create`` ``name``), or None.
    name: Optional[str] = None
    #: The ``processId`` its owner connection gave in ``initialize``, or None.
    owner_process_id: Optional[int] = None
    #: Connections subscribed to it.
    subscribers: int = 0
    #: Whether its client's user asked for reduced motion.
    reduced_motion: bool = False
    #: The URI of the transition document whose preview it is, or None.
    document: Optional[str] = None
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "SessionInfo":
        return cls(
            session=p["session"],
            clock=p["clock"],
            rate=p["rate"],
            fps=p["fps"],
            encoding=p["encoding"],
            state=p["state"],
            items=p["items"],
            layout_state=p["layoutState"],
            owned=p["owned"],
            subscribed=p["subscribed"],
            keep_alive=p["keepAlive"],
            precision=p.get("precision"),
            name=p.get("name"),
            owner_process_id=p.get("ownerProcessId"),
            subscribers=p.get("subscribers", 0),
            reduced_motion=p.get("reducedMotion", False),
            document=p.get("document"),
            raw=p,
        )


@dataclass(frozen=True)
class TransitionInfo:
    """The result of ``transition/start`` and ``transition/retarget``."""

    transition: str
    to_content_offset: Point
    to_content_size: Size
    duration: float
    #: ``"full"`` or ``"reduced"``: the version it plays.
    motion: str = "full"
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "TransitionInfo":
        return cls(
            transition=p["transition"],
            to_content_offset=Point.from_json(p["toContentOffset"]),
            to_content_size=Size.from_json(p["toContentSize"]),
            duration=p["duration"],
            motion=p.get("motion", "full"),
            raw=p,
        )


@dataclass(frozen=True)
class Status:
    """``transition/status`` (also the result of scrub, finish and cancel)."""

    session: str
    state: str
    time: float
    content_offset: Point
    #: How fast the session's time runs against its clock (``clock/setRate``).
    rate: float = 1.0
    transition: Optional[str] = None
    fraction: Optional[float] = None
    progress: Optional[float] = None
    velocity: Optional[float] = None
    #: ``"full"`` or ``"reduced"`` in flight; None at rest.
    motion: Optional[str] = None
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @property
    def idle(self) -> bool:
        return self.state == "idle"

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "Status":
        return cls(
            session=p["session"],
            state=p["state"],
            time=p["time"],
            content_offset=Point.from_json(p["contentOffset"]),
            rate=p["rate"],
            transition=p.get("transition"),
            fraction=p.get("fraction"),
            progress=p.get("progress"),
            velocity=p.get("velocity"),
            motion=p.get("motion"),
            raw=p,
        )


@dataclass(frozen=True)
class CancelInPlaceResult:
    content_size: Size
    content_offset: Point
    progress: float
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "CancelInPlaceResult":
        return cls(Size.from_json(p["contentSize"]), Point.from_json(p["contentOffset"]), p["progress"], p)


@dataclass(frozen=True)
class LayoutAttributes:
    """The result of ``layout/attributes``: the resting layout."""

    content_size: Size
    content_offset: Point
    state: str
    attributes: List[Attribute]
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def attribute(self, section: int, item: int, kind: str = "cell") -> Optional[Attribute]:
        for a in self.attributes:
            if a.section == section and a.item == item and a.kind == kind:
                return a
        return None

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "LayoutAttributes":
        return cls(
            Size.from_json(p["contentSize"]),
            Point.from_json(p["contentOffset"]),
            p["state"],
            decode_attributes(p.get("attributes")),
            p,
        )


@dataclass(frozen=True)
class Sample:
    """The result of ``transition/sample``: a transition at one progress or time.

    ``transition`` is None for a hypothetical transition (one that was never started).
    """

    transition: Optional[str]
    fraction: float
    progress: float
    content_offset: Point
    content_size: Size
    attributes: List[Attribute]
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def attribute(self, section: int, item: int, kind: str = "cell") -> Optional[Attribute]:
        for a in self.attributes:
            if a.section == section and a.item == item and a.kind == kind:
                return a
        return None

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "Sample":
        return cls(
            transition=p.get("transition"),
            fraction=p["fraction"],
            progress=p["progress"],
            content_offset=Point.from_json(p["contentOffset"]),
            content_size=Size.from_json(p["contentSize"]),
            attributes=decode_attributes(p.get("attributes")),
            raw=p,
        )


@dataclass(frozen=True)
class InitializeResult:
    capabilities: Dict[str, Any]
    server_info: ServerInfo
    raw: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def from_json(cls, p: Dict[str, Any]) -> "InitializeResult":
        info = p.get("serverInfo") or {}
        return cls(dict(p.get("capabilities") or {}), ServerInfo(info.get("name", ""), info.get("version", "")), p)
