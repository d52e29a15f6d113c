"""Builders for the JSON values that requests take: layouts, insets, content-offset
targets, timing curves, stagger. Each returns a plain ``dict`` (or ``list``); any
method of the client accepts such plain values directly too.

    grid_layout(2, spacing=10, line_spacing=5, inset=10)
    == {"type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5,
        "inset": {"top": 10, "left": 10, "bottom": 10, "right": 10}}
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from .types import Point, Rect, Size

Number = Union[int, float]
PointLike = Union[Point, Tuple[Number, Number], Sequence[Number], Mapping[str, Number]]
SizeLike = Union[Size, Tuple[Number, Number], Sequence[Number], Mapping[str, Number]]
RectLike = Union[Rect, Tuple[Number, Number, Number, Number], Sequence[Number], Mapping[str, Number]]
InsetsLike = Union[Number, Tuple[Number, Number, Number, Number], Sequence[Number], Mapping[str, Number]]
SectionsLike = Union[int, Sequence[Union[int, Mapping[str, Any]]], Mapping[str, Any]]


def _drop_none(d: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


# Geometry ---------------------------------------------------------------------------


def point(value: PointLike) -> Dict[str, Number]:
    """``{"x", "y"}`` from a Point, an ``(x, y)`` pair or a mapping."""
    if isinstance(value, Point):
        return value.to_json()
    if isinstance(value, Mapping):
        return dict(value)
    x, y = value
    return {"x": x, "y": y}


def size(value: SizeLike) -> Dict[str, Number]:
    """``{"width", "height"}`` from a Size, a ``(width, height)`` pair or a mapping."""
    if isinstance(value, Size):
        return value.to_json()
    if isinstance(value, Mapping):
        return dict(value)
    width, height = value
    return {"width": width, "height": height}


def rect(value: RectLike) -> Dict[str, Number]:
    """``{"x", "y", "width", "height"}`` from a Rect, a 4-tuple or a mapping."""
    if isinstance(value, Rect):
        return value.to_json()
    if isinstance(value, Mapping):
        return dict(value)
    x, y, width, height = value
    return {"x": x, "y": y, "width": width, "height": height}


def insets(value: InsetsLike = 0, left: Optional[Number] = None, bottom: Optional[Number] = None,
           right: Optional[Number] = None) -> Dict[str, Number]:
    """``{"top", "left", "bottom", "right"}``.

    ``insets(10)`` is 10 on every side; ``insets(1, 2, 3, 4)`` or ``insets((1, 2, 3, 4))``
    is top, left, bottom, right; a mapping is passed through.
    """
    if left is not None or bottom is not None or right is not None:
        return {"top": value, "left": left or 0, "bottom": bottom or 0, "right": right or 0}  # type: ignore[dict-item]
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (int, float)):
        return {"top": value, "left": value, "bottom": value, "right": value}
    top, left_, bottom_, right_ = value
    return {"top": top, "left": left_, "bottom": bottom_, "right": right_}


def sections(value: SectionsLike) -> List[Dict[str, Any]]:
    """The ``sections`` list: ``100`` is one section of 100 items, ``[3, 4]`` two
    sections; mappings (``{"items": 3, "ids": [...]}``) pass through."""
    if isinstance(value, bool):
        raise TypeError("sections: expected an int, a list or a mapping")
    if isinstance(value, int):
        return [{"items": value}]
    if isinstance(value, Mapping):
        return [dict(value)]
    return [{"items": s} if isinstance(s, int) else dict(s) for s in value]


def index_paths(items: Iterable[Any]) -> List[List[int]]:
    """``[[section, item], ...]`` from pairs."""
    return [[int(s), int(i)] for s, i in items]


# Layouts ----------------------------------------------------------------------------


def _layout(kind: str, fields: Dict[str, Any], values: Optional[Mapping[str, Any]], state: Optional[str]) -> Dict[str, Any]:
    spec: Dict[str, Any] = {"type": kind}
    spec.update(_drop_none(fields))
    if values is not None:
        spec["values"] = dict(values)
    if state is not None:
        spec["state"] = state
    return spec


def list_layout(row_height: Number, *, spacing: Optional[Number] = None, inset: Optional[InsetsLike] = None,
                header_height: Optional[Number] = None, footer_height: Optional[Number] = None,
                values: Optional[Mapping[str, Any]] = None, state: Optional[str] = None) -> Dict[str, Any]:
    """A one-column list of rows ``row_height`` high."""
    return _layout("list", {
        "rowHeight": row_height, "spacing": spacing, "inset": None if inset is None else insets(inset),
        "headerHeight": header_height, "footerHeight": footer_height,
    }, values, state)


def grid_layout(columns: int, *, spacing: Optional[Number] = None, line_spacing: Optional[Number] = None,
                inset: Optional[InsetsLike] = None, aspect_ratio: Optional[Number] = None,
                item_height: Optional[Number] = None, header_height: Optional[Number] = None,
                footer_height: Optional[Number] = None, values: Optional[Mapping[str, Any]] = None,
                state: Optional[str] = None) -> Dict[str, Any]:
    """A grid of ``columns`` equal columns (square items unless ``aspect_ratio`` or ``item_height``)."""
    return _layout("grid", {
        "columns": columns, "spacing": spacing, "lineSpacing": line_spacing,
        "inset": None if inset is None else insets(inset), "aspectRatio": aspect_ratio, "itemHeight": item_height,
        "headerHeight": header_height, "footerHeight": footer_height,
    }, values, state)


def flow_layout(item_size: Optional[SizeLike] = None, *, minimum_line_spacing: Optional[Number] = None,
                minimum_interitem_spacing: Optional[Number] = None, section_inset: Optional[InsetsLike] = None,
                header_reference_size: Optional[SizeLike] = None, footer_reference_size: Optional[SizeLike] = None,
                scroll_direction: Optional[str] = None, values: Optional[Mapping[str, Any]] = None,
                state: Optional[str] = None) -> Dict[str, Any]:
    """A ``UICollectionViewFlowLayout``-like flow."""
    return _layout("flow", {
        "itemSize": None if item_size is None else size(item_size),
        "minimumLineSpacing": minimum_line_spacing, "minimumInteritemSpacing": minimum_interitem_spacing,
        "sectionInset": None if section_inset is None else insets(section_inset),
        "headerReferenceSize": None if header_reference_size is None else size(header_reference_size),
        "footerReferenceSize": None if footer_reference_size is None else size(footer_reference_size),
        "scrollDirection": scroll_direction,
    }, values, state)


def display_switch_layout(mode: str, static_cell_height: Number, *, columns: Optional[int] = None,
                          padding: Optional[Number] = None, values: Optional[Mapping[str, Any]] = None,
                          state: Optional[str] = None) -> Dict[str, Any]:
    """The DisplaySwitcher layout, ``mode`` ``"list"`` or ``"grid"``."""
    return _layout("displaySwitch", {
        "mode": mode, "staticCellHeight": static_cell_height, "columns": columns, "padding": padding,
    }, values, state)


def explicit_layout(frames: Iterable[RectLike], *, content_size: Optional[SizeLike] = None,
                    values: Optional[Mapping[str, Any]] = None, state: Optional[str] = None) -> Dict[str, Any]:
    """Frames given one by one, ``[x, y, width, height]`` each."""
    listed = []
    for f in frames:
        r = rect(f)
        listed.append([r["x"], r["y"], r["width"], r["height"]])
    return _layout("explicit", {
        "frames": listed, "contentSize": None if content_size is None else size(content_size),
    }, values, state)


# Content offset targets (the contentOffset of transition/start) ---------------------


def placement(name: str, items: Iterable[Any], *, anchor: Optional[PointLike] = None,
              inset: Optional[InsetsLike] = None) -> Dict[str, Any]:
    """Keep ``items`` (pairs ``(section, item)``) placed at ``name``: ``"center"``,
    ``"top"``, ``"bottom"``, ``"left"``, ``"right"``, ``"minimal"`` or ``"visible"``."""
    target: Dict[str, Any] = {"placement": name, "items": index_paths(items)}
    if anchor is not None:
        target["anchor"] = point(anchor)
    if inset is not None:
        target["inset"] = insets(inset)
    return target


def offset_point(value: PointLike) -> Dict[str, Any]:
    """End at this content offset: ``{"point": {"x", "y"}}``."""
    return {"point": point(value)}


def offset_strategy(name: str) -> Dict[str, Any]:
    """``{"strategy": "displaySwitch" | "automatic"}``."""
    return {"strategy": name}


# Timing -----------------------------------------------------------------------------


def easing(name: str) -> Dict[str, Any]:
    """One of the named curves (``"linear"``, ``"quarticEaseInOut"`` ...)."""
    return {"easing": name}


def cubic_bezier(x1: Number, y1: Number, x2: Number, y2: Number) -> Dict[str, Any]:
    return {"cubicBezier": [x1, y1, x2, y2]}


def spring(**parameters: Number) -> Dict[str, Any]:
    """``spring(mass=1, stiffness=100, damping=10)``, ``spring(response=0.5,
    dampingFraction=0.8)`` or ``spring(duration=0.5, bounce=0.2)``; optional
    ``initialVelocity``. Snake-case names are accepted too."""
    renamed = {"damping_fraction": "dampingFraction", "initial_velocity": "initialVelocity"}
    return {"spring": {renamed.get(k, k): v for k, v in parameters.items()}}


def steps(count: int, position: Optional[str] = None) -> Dict[str, Any]:
    return {"steps": _drop_none({"count": count, "position": position})}


def linear(*stops: Union[Number, Tuple[Number, Number]]) -> Dict[str, Any]:
    """CSS ``linear()``: values, or ``(value, input)`` pairs."""
    return {"linear": [list(s) if isinstance(s, (tuple, list)) else s for s in stops]}


def keyframe(at: Number, *, timing: Any = None, alpha: Optional[Number] = None, scale: Optional[Number] = None,
             scale_x: Optional[Number] = None, scale_y: Optional[Number] = None, rotation: Optional[Number] = None,
             translate_x: Optional[Number] = None, translate_y: Optional[Number] = None,
             offset: Optional[PointLike] = None, values: Optional[Mapping[str, Number]] = None,
             items: Optional[Iterable[Any]] = None, ids: Optional[Iterable[Any]] = None,
             kind: Optional[str] = None) -> Dict[str, Any]:
    """One keyframe stop (Protocol 7.9): the values some properties pass through at an
    element's own progress ``at`` in (0, 1), reached along ``timing``; ``offset``
    displaces the element's centre; ``items``, ``ids`` or ``kind`` limit it to those
    elements."""
    return _drop_none({
        "at": at, "timing": timing, "alpha": alpha, "scale": scale, "scaleX": scale_x, "scaleY": scale_y,
        "rotation": rotation, "translateX": translate_x, "translateY": translate_y,
        "offset": None if offset is None else point(offset),
        "values": None if values is None else dict(values),
        "items": None if items is None else index_paths(items), "ids": None if ids is None else list(ids),
        "kind": kind,
    })


def arc(direction: Optional[str] = None, *, max_angle: Optional[Number] = None) -> Dict[str, Any]:
    """An arc ``path`` (Protocol 7.10): ``"auto"``, ``"clockwise"`` or
    ``"counterclockwise"``, bending at most ``max_angle`` degrees."""
    return _drop_none({"type": "arc", "direction": direction, "maxAngle": max_angle})


def stagger(delay: Number, *, order: Optional[str] = None, origin: Optional[Tuple[int, int]] = None,
            reversed: Optional[bool] = None) -> Dict[str, Any]:
    """Start each item ``delay`` seconds after the previous, by ``"index"`` or ``"distance"``
    (from the item ``origin``)."""
    return _drop_none({
        "delay": delay, "order": order, "from": None if origin is None else [origin[0], origin[1]], "reversed": reversed,
    })
