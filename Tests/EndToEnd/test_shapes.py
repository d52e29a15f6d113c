"""Shapes and content layers end to end (Protocol 7.3, 8.1-8.3, 10.1): corner radii,
borders and shadows from item styles and `cellStyle`, interpolated with the frames;
`contentFade` and `contentResize` giving matched elements `contentAlpha` and
`contentScale`; precise errors for bad input; unstyled elements encoded as before.
"""

from __future__ import annotations

import pytest

from e2e_harness import close_to
from test_websocket import web  # noqa: F401 (the fixture)

VIEWPORT = {"width": 200, "height": 300}
LIST = {"type": "list", "rowHeight": 40, "cellStyle": {"cornerRadius": 0}}
GRID = {"type": "grid", "columns": 2, "cellStyle": {"cornerRadius": 12}}
SHAPE_KEYS = {"cornerRadius", "border", "shadow", "contentAlpha", "contentScale"}


def session(client, layout=LIST, items=4, encoding="objects", ids=None):
    section = {"items": items, **({"ids": ids} if ids else {})}
    return client.call("session/create", {
        "viewport": VIEWPORT, "sections": [section], "layout": layout, "clock": "manual",
        "encoding": encoding})["session"]


def sample(client, s, progress, **start):
    return client.call("transition/sample", {"session": s, "progress": progress, **start})["attributes"]


def test_every_cells_corner_radius_is_half_way(connect):
    """The issue's example: list cornerRadius 0 to grid 12, linear, sampled at 0.5."""
    client = connect()
    s = session(client)
    cells = sample(client, s, 0.5, to=GRID)
    assert len(cells) == 4 and all(a["cornerRadius"] == 6 for a in cells), cells
    compact = session(client, encoding="compact")
    columns = sample(client, compact, 0.5, to=GRID)
    assert columns["cornerRadius"] == [6] * 16
    # At rest the layout's cells carry it too.
    rest = client.call("layout/attributes", {"session": s})["attributes"]
    assert [a["cornerRadius"] for a in rest] == [0] * 4


def test_borders_shadows_and_four_radii_interpolate(connect):
    client = connect()
    source = {"type": "list", "rowHeight": 40,
              "cellStyle": {"cornerRadius": [0, 4, 8, 12], "border": {"width": 1, "color": "#000"},
                            "shadow": {"radius": 2, "opacity": 0.2, "offset": {"x": 0, "y": 1}}}}
    target = {"type": "grid", "columns": 2,
              "cellStyle": {"cornerRadius": 8, "border": {"width": 3, "color": "#ffffff"},
                            "shadow": {"radius": 10, "opacity": 0.6, "offset": {"x": 0, "y": 5},
                                       "color": "#ff0000"}},
              "itemStyles": [{"items": [[0, 1]], "border": {"width": 5, "color": "#00ff00"}}]}
    s = session(client, layout=source)
    cells = sample(client, s, 0.5, to=target)
    first = cells[0]
    assert first["cornerRadius"] == [4, 6, 8, 10]
    assert first["border"] == {"width": 2, "color": "#808080ff"}
    assert first["shadow"]["radius"] == 6 and close_to(first["shadow"]["opacity"], 0.4)
    assert first["shadow"]["offset"] == {"x": 0, "y": 3} and first["shadow"]["color"] == "#800000ff"
    # A rule wins over the cell style, member by member.
    assert cells[1]["border"] == {"width": 3, "color": "#008000ff"} and cells[1]["cornerRadius"] == [4, 6, 8, 10]
    # Overshoot: numbers extrapolate, lengths stop at 0, opacity stays in 0...1, colours hold.
    under = sample(client, s, -1, to=target)[0]
    assert under["cornerRadius"] == [0, 0, 8, 16] and under["border"]["width"] == 0
    assert under["shadow"]["radius"] == 0 and under["shadow"]["opacity"] == 0
    assert under["border"]["color"] == "#000000ff"
    # Compact: columns, 0 and null where an element has none.
    compact = session(client, layout=source, encoding="compact")
    columns = sample(client, compact, 0.5, to=target)
    assert columns["border"] == {"width": [2, 3, 2, 2], "color": ["#808080ff", "#008000ff", "#808080ff", "#808080ff"]}
    assert columns["shadow"]["offset"] == [0, 3] * 4 and columns["shadow"]["radius"] == [6] * 4


@pytest.mark.parametrize("fade,expected", [
    ("in", [1, 0.25]), ("out", [0.75, 1]), ("cross", [0.75, 0.25]), ("through", [2 / 7, 0]),
])
def test_content_alpha_of_each_fade(connect, fade, expected):
    client = connect()
    s = session(client, layout={"type": "list", "rowHeight": 40})
    cells = sample(client, s, 0.25, to={"type": "grid", "columns": 2}, contentFade=fade)
    for a in cells:
        assert all(close_to(x, y) for x, y in zip(a["contentAlpha"], expected)), a
        assert "contentScale" not in a and "cornerRadius" not in a


def test_content_layers_only_on_matched_elements_and_not_at_rest(connect):
    client = connect()
    s = session(client, layout={"type": "list", "rowHeight": 40}, items=3, ids=["a", "b", "c"])
    start = {"to": {"type": "grid", "columns": 2}, "sections": [{"items": 3, "ids": ["b", "c", "d"]}],
             "contentFade": "through", "contentResize": "scale", "duration": 1}
    by_id = {a["id"]: a for a in sample(client, s, 0.5, **start)}
    assert set(by_id) == {"a", "b", "c", "d"}
    assert "contentAlpha" not in by_id["a"] and "contentAlpha" not in by_id["d"]
    assert "contentScale" not in by_id["a"] and "contentScale" not in by_id["d"]
    b = by_id["b"]
    assert b["contentAlpha"] == [0, pytest.approx(0.15 / 0.65)]
    w, h = b["frame"]["width"], b["frame"]["height"]
    assert b["contentScale"] == [[w / 200, h / 40], [w / 100, h / 100]]
    # Ticks carry them; a layout frozen in flight does not.
    client.call("transition/start", {"session": s, **start})
    tick = client.call("clock/advance", {"session": s, "to": 0.5})
    assert "contentAlpha" in {k for a in tick["attributes"] for k in a}
    client.call("transition/cancelInPlace", {"session": s})
    rest = client.call("layout/attributes", {"session": s})["attributes"]
    assert not {k for a in rest for k in a} & SHAPE_KEYS
    # Compact: null where an element has none.
    compact = session(client, layout={"type": "list", "rowHeight": 40}, items=3, ids=["a", "b", "c"],
                      encoding="compact")
    columns = sample(client, compact, 0.5, **start)
    order = columns["id"]
    alpha = dict(zip(order, zip(columns["contentAlpha"][0::2], columns["contentAlpha"][1::2])))
    assert alpha["a"] == (None, None) and alpha["d"] == (None, None) and alpha["c"][0] == 0
    assert len(columns["contentScale"]) == 4 * len(order)


def test_unstyled_elements_encode_as_before(connect):
    client = connect()
    for encoding in ("objects", "compact"):
        s = session(client, layout={"type": "list", "rowHeight": 40}, encoding=encoding)
        result = sample(client, s, 0.5, to={"type": "grid", "columns": 2})
        keys = set(result) if encoding == "compact" else {k for a in result for k in a}
        assert not keys & SHAPE_KEYS


@pytest.mark.parametrize("layout,start,field", [
    ({"type": "list", "rowHeight": 40, "cellStyle": {"cornerRadius": -1}}, {}, "params.layout.cellStyle.cornerRadius"),
    ({"type": "list", "rowHeight": 40, "cellStyle": {"cornerRadius": [1, 2, -3, 4]}}, {},
     "params.layout.cellStyle.cornerRadius[2]"),
    ({"type": "list", "rowHeight": 40, "cellStyle": {"cornerRadius": [1, 2]}}, {}, "params.layout.cellStyle.cornerRadius"),
    ({"type": "list", "rowHeight": 40, "itemStyles": [{"items": [[0, 0]], "border": {"width": -2}}]}, {},
     "params.layout.itemStyles[0].border.width"),
    ({"type": "list", "rowHeight": 40, "cellStyle": {"border": {"width": 1, "color": "red"}}}, {},
     "params.layout.cellStyle.border.color"),
    ({"type": "list", "rowHeight": 40, "cellStyle": {"shadow": {"radius": -4}}}, {},
     "params.layout.cellStyle.shadow.radius"),
    ({"type": "list", "rowHeight": 40, "cellStyle": {"shadow": {"opacity": 1.5}}}, {},
     "params.layout.cellStyle.shadow.opacity"),
    ({"type": "explicit", "frames": [{"frame": [0, 0, 10, 10], "shadow": {"opacity": -0.1}}]}, {},
     "params.layout.frames[0].shadow.opacity"),
    ({"type": "list", "rowHeight": 40}, {"to": {"type": "grid", "columns": 2, "cellStyle": {"cornerRadius": -1}}},
     "params.to.cellStyle.cornerRadius"),
    ({"type": "list", "rowHeight": 40}, {"to": {"type": "grid", "columns": 2}, "contentFade": "fade"},
     "params.contentFade"),
    ({"type": "list", "rowHeight": 40}, {"to": {"type": "grid", "columns": 2}, "contentResize": "stretch"},
     "params.contentResize"),
])
def test_bad_shapes_are_refused_naming_the_field(connect, layout, start, field):
    client = connect()
    create = {"viewport": VIEWPORT, "sections": [{"items": 1}], "layout": layout, "clock": "manual"}
    if not start:
        error = client.call_error("session/create", create)
    else:
        s = client.call("session/create", create)["session"]
        error = client.call_error("transition/start", {"session": s, **start})
    assert error["code"] == -32602 and error["data"]["field"] == field, error


@pytest.mark.native_only("WebSocket (--ws) is the native daemon's")
def test_binary_ticks_carry_shapes_and_content_layers(web):
    """A binary session's ticks decode (Python client) to the compact session's shape
    and content columns, numbers within float32, colours and gaps exactly."""
    import struct

    from test_binary_ticks import tick_of, twin_sessions

    def float32(x):
        return struct.unpack("<f", struct.pack("<f", x))[0]

    def same(got, want, where):
        if isinstance(want, dict):
            assert sorted(got) == sorted(want), where
            for k in want:
                same(got[k], want[k], f"{where}.{k}")
        elif isinstance(want, list):
            assert len(got) == len(want), where
            for i, (g, w) in enumerate(zip(got, want)):
                same(g, w, f"{where}[{i}]")
        elif isinstance(want, float) or isinstance(want, int) and not isinstance(want, bool):
            assert got == want or got == float32(want), f"{where}: {got} is neither {want} nor its float32"
        else:
            assert got == want, where

    client = web().connect()
    params = {"viewport": VIEWPORT, "sections": [{"items": 3, "ids": ["a", "b", "c"]}], "clock": "manual",
              "layout": {"type": "list", "rowHeight": 40,
                         "itemStyles": [{"ids": ["a"], "border": {"width": 1.5, "color": "#123456"},
                                         "shadow": {"radius": 3, "opacity": 0.3, "color": "#000"}}]}}
    binary, compact = twin_sessions(client, params)
    start = {"to": {"type": "grid", "columns": 2, "cellStyle": {"cornerRadius": [1, 2, 3, 4]}},
             "sections": [{"items": 3, "ids": ["b", "c", "d"]}], "duration": 1, "contentFade": "cross",
             "contentResize": "scale"}
    for s in (binary, compact):
        client.call("transition/start", {"session": s, **start})
    for t in (0.3, 0.7):
        for s in (binary, compact):
            client.call("clock/advance", {"session": s, "to": t})
        b, c = tick_of(client, binary), tick_of(client, compact)
        assert isinstance(b["binary"], bytes)
        got, want = b["params"]["attributes"], c["params"]["attributes"]
        keys = SHAPE_KEYS & set(want)
        assert keys == {"cornerRadius", "border", "shadow", "contentAlpha", "contentScale"}
        assert keys == SHAPE_KEYS & set(got)
        for k in keys:
            same(got[k], want[k], k)
        # The disappearing `a` keeps its border; only matched elements have content layers.
        assert None in want["contentAlpha"] and None in want["border"]["color"]
