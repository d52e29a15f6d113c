"""Python client of transitiond, the animated layout-transition daemon.

    from transitiond import Client, spec

    with Client.spawn() as client:
        session = client.create_session((375, 667), spec.list_layout(60), 100)
        session.start(spec.grid_layout(2, spacing=10), duration=0.3)
        for tick in session.ticks():
            print(tick.seq, tick.progress, len(tick.attributes))
"""

from . import binary, spec
from .aio import AsyncClient, AsyncSession, AsyncTickIterator
from .client import Client, Session, TickIterator
from .errors import (
    INVALID_PARAMS,
    LIMIT_REACHED,
    NO_TRANSITION,
    NOT_MANUAL_CLOCK,
    TRANSITION_IN_FLIGHT,
    UNKNOWN_SESSION,
    ConnectionClosed,
    InternalError,
    InvalidParams,
    InvalidRequest,
    LimitReached,
    MethodNotFound,
    NoTransition,
    NotManualClock,
    ParseError,
    ProtocolError,
    RequestCancelled,
    ServerNotInitialized,
    TransitiondError,
    TransitiondException,
    TransitiondTimeout,
    TransitionInFlight,
    UnknownSession,
)
from .spec import (
    display_switch_layout,
    explicit_layout,
    flow_layout,
    grid_layout,
    insets,
    list_layout,
    placement,
)
from .types import (
    Attribute,
    CancelInPlaceResult,
    DidEnd,
    Idle,
    InitializeResult,
    LayoutAttributes,
    Point,
    RateChange,
    Rect,
    Sample,
    ServerInfo,
    SessionGeometry,
    SessionInfo,
    Size,
    Status,
    SubscribeResult,
    Tick,
    TickBrief,
    TransitionInfo,
)

__version__ = "0.2.0"

__all__ = [
    "AsyncClient", "AsyncSession", "AsyncTickIterator", "Client", "Session", "TickIterator", "spec",
    "TransitiondException", "TransitiondError", "ConnectionClosed", "TransitiondTimeout", "ProtocolError",
    "ParseError", "InvalidRequest", "MethodNotFound", "InvalidParams", "InternalError", "ServerNotInitialized", "RequestCancelled",
    "UnknownSession", "NoTransition", "TransitionInFlight", "NotManualClock", "LimitReached",
    "INVALID_PARAMS", "UNKNOWN_SESSION", "NO_TRANSITION", "TRANSITION_IN_FLIGHT", "NOT_MANUAL_CLOCK", "LIMIT_REACHED",
    "list_layout", "grid_layout", "flow_layout", "display_switch_layout", "explicit_layout", "insets", "placement",
    "Attribute", "CancelInPlaceResult", "DidEnd", "Idle", "InitializeResult", "LayoutAttributes", "Point", "RateChange", "Rect",
    "Sample", "ServerInfo", "SessionGeometry", "SessionInfo", "Size", "Status", "SubscribeResult", "Tick",
    "TickBrief", "TransitionInfo",
]
