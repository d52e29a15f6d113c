"""Supplementary elements of any kind (badges, section backgrounds) streamed by the daemon:
matched by kind and index path, appearing and disappearing like cells, named in the
objects encoding and coded, with a kinds table, in the compact one."""

from __future__ import annotations

import pytest

from e2e_harness import close_to


def near(a, b) -> bool:
    return len(a) == len(b) and all(close_to(x, y) for x, y in zip(a, b))

BADGE = {"kind": "badge", "attach": "item", "size": {"width": 20, "height": 20}, "anchor": {"x": 1, "y": 0},
         "zIndex": 2}
BAND = {"kind": "band", "attach": "section", "zIndex": -1, "values": {"tint": "#ff0000"}}
LIST_WITH_BADGES = {"type": "list", "rowHeight": 50, "supplementary": [BADGE, BAND]}
# Only item 1 keeps its badge; no section band.
GRID_ONE_BADGE = {"type": "grid", "columns": 2, "supplementary": [dict(BADGE, items=[[0, 1]])]}


def session(client, encoding="objects", sections=None, layout=None) -> str:
    params = {"viewport": {"width": 200, "height": 300}, "sections": sections or [{"items": 3}],
              "layout": layout or LIST_WITH_BADGES, "clock": "manual", "encoding": encoding}
    return client.call("session/create", params)["session"]


def objects(attributes, kinds=None):
    """Attribute objects from either encoding, keyed by (kind, section, item)."""
    if isinstance(attributes, list):
        return {(a["kind"], a["section"], a["item"]): a for a in attributes}
    names = ["cell", "header", "footer"] + attributes.get("kinds", [])
    result = {}
    for i in range(attributes["count"]):
        key = (names[attributes["kind"][i]], attributes["section"][i], attributes["item"][i])
        result[key] = {"frame": attributes["frame"][4 * i:4 * i + 4], "alpha": attributes["alpha"][i],
                       "zIndex": attributes["zIndex"][i]}
    return result


def rect(a):
    f = a["frame"]
    return (f["x"], f["y"], f["width"], f["height"]) if isinstance(f, dict) else tuple(f)


def test_badges_and_section_bands_at_rest(connect):
    client = connect()
    s = session(client)
    at_rest = objects(client.call("layout/attributes", {"session": s})["attributes"])
    assert sorted(at_rest) == [("badge", 0, 0), ("badge", 0, 1), ("badge", 0, 2), ("band", 0, 0),
                               ("cell", 0, 0), ("cell", 0, 1), ("cell", 0, 2)]
    # A badge's centre on its row's top right corner.
    assert [rect(at_rest[("badge", 0, i)]) for i in range(3)] == [
        (190, -10, 20, 20), (190, 40, 20, 20), (190, 90, 20, 20)]
    assert at_rest[("badge", 0, 1)]["zIndex"] == 2
    # The band covers the section's items; it carries its own values, not the cells'.
    band = at_rest[("band", 0, 0)]
    assert rect(band) == (0, 0, 200, 150) and band["zIndex"] == -1
    assert band["values"] == {"tint": "#ff0000ff"}


@pytest.mark.parametrize("encoding", ["objects", "compact"])
def test_a_badge_moves_with_its_item_and_unmatched_ones_disappear(connect, encoding):
    client = connect()
    s = session(client, encoding)
    client.call("transition/start", {"session": s, "to": GRID_ONE_BADGE, "duration": 1,
                                     "appear": "scale", "disappear": "fade"})
    tick = client.call("clock/advance", {"session": s, "to": 0.5})
    if encoding == "compact":
        assert tick["attributes"]["kinds"] == ["badge", "band"]
        assert sorted(set(tick["attributes"]["kind"])) == [0, 3, 4]
    got = objects(tick["attributes"])
    # Item 1's badge: from the list row's corner (190, 40) to the grid cell's (190, -10).
    moving = got[("badge", 0, 1)]
    assert near(rect(moving), (190, 15, 20, 20)) and moving["alpha"] == 1
    # Badges of items 0 and 2 and the band exist only in the list: they fade out in place.
    for key, frame in [(("badge", 0, 0), (190, -10, 20, 20)), (("badge", 0, 2), (190, 90, 20, 20)),
                       (("band", 0, 0), (0, 0, 200, 150))]:
        assert near(rect(got[key]), frame) and got[key]["alpha"] == 0.5, key
    # Cells move as usual: item 2 from (0, 100, 200, 50) to (0, 100, 100, 100).
    assert near(rect(got[("cell", 0, 2)]), (0, 100, 150, 75))
    end = client.call("transition/sample", {"session": s, "progress": 1, "all": True})
    assert sorted(k for k in objects(end["attributes"]) if k[0] != "cell") == [("badge", 0, 1)]


def test_new_items_bring_their_badges_in(connect):
    """Destination sections with more items: the elements are all listed (no bands) and
    the badges of the new items appear with the scale effect."""
    client = connect()
    s = session(client, sections=[{"items": 2}])
    client.call("transition/start", {"session": s, "to": {"type": "list", "rowHeight": 50, "supplementary": [BADGE]},
                                     "sections": [{"items": 3}], "duration": 1, "appear": "scale"})
    tick = client.call("clock/advance", {"session": s, "to": 0.25})
    got = objects(tick["attributes"])
    assert near(rect(got[("badge", 0, 2)]), (190, 90, 20, 20))
    assert got[("badge", 0, 2)]["transform"] == [0.25, 0, 0, 0.25, 0, 0]
    assert got[("badge", 0, 0)]["alpha"] == 1 and "transform" not in got[("badge", 0, 0)]


def test_item_styles_reach_supplementary_elements(connect):
    client = connect()
    half_turn = {"kind": "badge", "items": [[0, 1]], "alpha": 0.5, "transform": {"rotation": 3.141592653589793}}
    s = session(client, layout=dict(LIST_WITH_BADGES, itemStyles=[half_turn]))
    at_rest = objects(client.call("layout/attributes", {"session": s})["attributes"])
    assert [at_rest[("badge", 0, i)]["alpha"] for i in range(3)] == [1, 0.5, 1]
    assert near(at_rest[("badge", 0, 1)]["transform"], [-1, 0, 0, -1, 0, 0])
    assert at_rest[("cell", 0, 1)]["alpha"] == 1 and "transform" not in at_rest[("cell", 0, 1)]
    client.call("transition/start", {"session": s, "to": GRID_ONE_BADGE, "duration": 1})
    mid = objects(client.call("clock/advance", {"session": s, "to": 0.5})["attributes"])
    # The half-turn unwinds by its components: a quarter turn half way, not a collapse.
    assert near(mid[("badge", 0, 1)]["transform"], [0, 1, -1, 0, 0, 0]) and mid[("badge", 0, 1)]["alpha"] == 0.75
    for rule, field, reason in [
        ({"kind": "ribbon", "items": [[0, 0]], "alpha": 0}, "params.layout.itemStyles[0].kind", "the layout has no ribbon elements"),
        ({"kind": "badge", "items": [[0, 7]], "alpha": 0}, "params.layout.itemStyles[0].items[0]", "no badge at [0, 7]"),
        ({"kind": "band", "items": [[0, 1]], "alpha": 0}, "params.layout.itemStyles[0].items[0]", "no band at [0, 1]"),
    ]:
        error = client.call_error("session/create", {"viewport": {"width": 200, "height": 300},
                                                     "sections": [{"items": 3}],
                                                     "layout": dict(LIST_WITH_BADGES, itemStyles=[rule])})
        assert (error["data"]["field"], error["data"]["reason"]) == (field, reason)


def test_kind_names_are_checked(connect):
    client = connect()
    for kind, reason in [("cell", "cell is not a supplementary kind"), ("two words", "kind name"), ("", "kind name")]:
        layout = {"type": "explicit", "frames": [[0, 0, 10, 10]],
                  "supplementary": [{"kind": kind, "indexPath": [0, 0], "frame": [0, 0, 1, 1]}]}
        error = client.call_error("session/create", {"viewport": {"width": 100, "height": 100},
                                                     "sections": [{"items": 1}], "layout": layout})
        assert error["code"] == -32602
        assert error["data"]["field"] == "params.layout.supplementary[0].kind"
        assert reason in error["data"]["reason"]
    error = client.call_error("session/create", {
        "viewport": {"width": 100, "height": 100}, "sections": [{"items": 1}],
        "layout": {"type": "list", "rowHeight": 10, "supplementary": [{"kind": "footer", "attach": "section"}]}})
    assert error["data"]["field"] == "params.layout.supplementary[0].kind"


def test_a_session_holds_at_most_64_kinds(connect):
    client = connect()
    def explicit(names):
        return {"type": "explicit", "frames": [[0, 0, 10, 10]], "supplementary": [
            {"kind": name, "indexPath": [0, 0], "frame": [0, 0, 1, 1]} for name in names]}
    s = client.call("session/create", {"viewport": {"width": 100, "height": 100}, "sections": [{"items": 1}],
                                       "layout": explicit([f"k{i}" for i in range(64)]), "clock": "manual",
                                       "encoding": "compact"})["session"]
    # Known names cost nothing; one more is refused naming it, and the session is unchanged.
    client.call("session/update", {"session": s, "layout": explicit(["k63", "k0", "header"])})
    error = client.call_error("session/update", {"session": s, "layout": explicit(["k1", "k64"])})
    assert error["code"] == -32014 and error["data"]["field"] == "params.layout.supplementary[1].kind"
    attributes = client.call("layout/attributes", {"session": s})["attributes"]
    # Codes keep their first use: k63 is 3 + 63, k0 is 3, header 1.
    assert attributes["kind"] == [0, 1, 3, 66] and attributes["kinds"][-1] == "k63"


def test_export_selects_badges_apart_from_their_cells(connect):
    client = connect()
    s = session(client)
    css = client.call("transition/export", {"session": s, "to": GRID_ONE_BADGE, "duration": 1, "format": "css"})
    content = css["content"]
    assert '[data-kind="badge"][data-section="0"][data-item="1"] {' in content
    assert '[data-kind="badge"][data-section="0"][data-item="0"][data-presence="disappear"] {' in content
    assert '[data-kind="band"][data-section="0"][data-item="0"][data-presence="disappear"] {' in content
    assert '[data-section="0"][data-item="1"]:not([data-kind="badge"]):not([data-kind="band"]) {' in content
    assert css["elementCount"] == 7
