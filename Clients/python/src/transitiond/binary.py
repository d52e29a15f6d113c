"""Binary ticks (Protocol/README.md 8.3): a session created with ``"encoding": "binary"``
on a WebSocket sends each ``transition/tick`` as one binary frame. ``decode_tick`` turns
the frame's bytes into the params of the same notification, with ``attributes`` in the
``compact`` encoding's shape (so ``decode_attributes`` and ``Tick`` read them as they
read a compact tick); ``columns`` gives the columns themselves.
"""

from __future__ import annotations

import json
import math
import struct
from typing import Any, Dict, List, Tuple, Union

MAGIC = b"tdb\x01"

# struct codes of the column types, all little-endian.
_CODES = {"u8": "B", "u16": "H", "u32": "I", "i32": "i", "f32": "f", "f64": "d", "rgba": "I"}
_RECTS = (("frame", ("x", "y", "width", "height")), ("nextFrame", ("nextX", "nextY", "nextWidth", "nextHeight")))
_TRANSFORM = ("transformA", "transformB", "transformC", "transformD", "transformTx", "transformTy")
# Shapes and content layers (NaN where an element has none): compact's member, its
# sub-member (None: the member itself) and the columns interleaved into it.
_SHAPE = (
    ("cornerRadius", None, ("cornerRadiusTopLeft", "cornerRadiusTopRight", "cornerRadiusBottomRight",
                            "cornerRadiusBottomLeft")),
    ("border", "width", ("borderWidth",)),
    ("border", "color", ("borderColor",)),
    ("shadow", "radius", ("shadowRadius",)),
    ("shadow", "opacity", ("shadowOpacity",)),
    ("shadow", "offset", ("shadowOffsetX", "shadowOffsetY")),
    ("shadow", "color", ("shadowColor",)),
    ("contentAlpha", None, ("contentAlphaOutgoing", "contentAlphaIncoming")),
    ("contentScale", None, ("contentScaleOutgoingX", "contentScaleOutgoingY", "contentScaleIncomingX",
                            "contentScaleIncomingY")),
)

Column = Union[List[Any], int, float, str]


def is_binary_tick(data: bytes) -> bool:
    """Whether ``data`` starts as a binary tick does."""
    return bytes(data[:4]) == MAGIC


def split(data: bytes) -> Tuple[Dict[str, Any], int]:
    """The header (the tick's params, ``attributes`` describing the columns) and where
    the columns start. Raises ValueError for bytes that are not a binary tick."""
    if not is_binary_tick(data):
        raise ValueError("not a binary tick: it does not start with 'tdb' and version 1")
    (length,) = struct.unpack_from("<I", data, 4)
    if 8 + length > len(data):
        raise ValueError(f"binary tick cut short: a header of {length} bytes in {len(data)}")
    header = json.loads(bytes(data[8 : 8 + length]).decode("utf-8"))
    return header, (8 + length + 7) & ~7


def _read(data: bytes, start: int, count: int, entry: Any) -> Column:
    """One column: a constant as it is, else its values."""
    if not isinstance(entry, dict):
        return entry
    kind = entry["type"]
    values = list(struct.unpack_from(f"<{count}{_CODES[kind]}", data, start + entry["offset"]))
    if kind == "rgba":
        return ["#" + struct.pack("<I", v).hex() for v in values]
    return values


def columns(data: bytes) -> Tuple[Dict[str, Any], Dict[str, Column], Dict[str, Column]]:
    """The header, the columns by name and the values by name; a column every element
    shares is its one value (a number, or a colour's ``#rrggbbaa``)."""
    header, start = split(data)
    attributes = header["attributes"]
    count = attributes["count"]
    read = {name: _read(data, start, count, entry) for name, entry in attributes["columns"].items()}
    values = {name: _read(data, start, count, entry) for name, entry in (attributes.get("values") or {}).items()}
    return header, read, values


def _expand(column: Column, count: int) -> List[Any]:
    return list(column) if isinstance(column, list) else [column] * count


def _gaps(values: List[Any]) -> List[Any]:
    """NaN (an element without the value) as None."""
    return [None if isinstance(v, float) and math.isnan(v) else v for v in values]


def decode_tick(data: bytes) -> Dict[str, Any]:
    """The ``transition/tick`` params a binary frame carries, attributes as compact."""
    header, read, values = columns(data)
    described = header["attributes"]
    count = described["count"]
    attributes: Dict[str, Any] = {"count": count}
    for name in ("kind", "section", "item", "zIndex", "layoutState"):
        attributes[name] = [int(v) for v in _expand(read[name], count)]
    for name in ("alpha", "transitionProgress"):
        attributes[name] = _expand(read[name], count)
    for key, parts in _RECTS:
        expanded = [_expand(read[part], count) for part in parts]
        attributes[key] = [expanded[p][i] for i in range(count) for p in range(4)]
    for name in ("states", "kinds", "id", "hidden"):
        if name in described:
            attributes[name] = described[name]
    if _TRANSFORM[0] in read:
        expanded = [_expand(read[part], count) for part in _TRANSFORM]
        attributes["transform"] = [expanded[p][i] for i in range(count) for p in range(6)]
    if values:
        attributes["values"] = {name: _gaps(_expand(column, count)) for name, column in values.items()}
    for member, part, names in _SHAPE:
        if names[0] not in read:
            continue
        expanded = [_gaps(_expand(read[name], count)) for name in names]
        column = [expanded[p][i] for i in range(count) for p in range(len(names))]
        if part is None:
            attributes[member] = column
        else:
            attributes.setdefault(member, {})[part] = column
    header["attributes"] = attributes
    return header
