"""Golden motion tests: the same as ``transitionctl record`` and ``transitionctl check``,
for a test suite.

    from transitiond.golden import assert_motion

    def test_list_to_grid_moves_as_designed():
        assert_motion("list-to-grid.transition.json", "list-to-grid.golden.json")

``assert_motion`` records the golden file when it does not exist yet (or when
``TRANSITIOND_UPDATE_GOLDEN=1`` is set) and otherwise fails with one line per element
and sample out of bounds. The files are the ones ``transitionctl`` reads and writes;
the rules (points within ``tolerance`` for frames, ``nextFrame``, the content offset and a
transform's translation, other numbers within 0.01, the rest equal, elements matched by
kind, index path and id) are those of ``transitionctl check`` (``man transitionctl``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

FORMAT_VERSION = 1
DEFAULT_FRAMES = 30
DEFAULT_TOLERANCE = 0.5
UNIT_TOLERANCE = 0.01
_POINT_MEMBERS = ("frame", "nextFrame", "contentOffset")

PathLike = Union[str, "os.PathLike[str]"]


class DocumentError(ValueError):
    """A transition document the daemon refused: ``diagnostics`` as ``document/check``
    returned them; the message has one ``line:column: field: reason`` per error."""

    def __init__(self, name: str, diagnostics: List[Dict[str, Any]]) -> None:
        self.diagnostics = diagnostics
        lines = [f"{name}: not a valid transition document"]
        for d in diagnostics:
            if d["severity"] == 1:
                start = d["range"]["start"]
                field = d.get("data", {}).get("field")
                lines.append(f"{name}:{start['line'] + 1}:{start['character'] + 1}: error: "
                             + (f"{field}: " if field else "") + d["message"])
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class Difference:
    """One element (or the content offset) out of bounds at one sample."""

    sample: int
    time: float
    element: str
    member: str
    expected: str
    found: str

    def __str__(self) -> str:
        return (f"t={self.time:.3f} s (sample {self.sample}): {self.element}: {self.member} "
                f"expected {self.expected}, found {self.found}")


def check_document(client: Any, document: Union[str, Dict[str, Any]], name: str = "document") -> Dict[str, Any]:
    """``document/check`` of a document's text (or value); raises DocumentError when it
    is not valid, else returns the result (``document``, ``summary``)."""
    params = {"text": document} if isinstance(document, str) else {"document": document}
    result = client.request("document/check", params)
    if not result["valid"]:
        raise DocumentError(name, result["diagnostics"])
    return result


def sample(client: Any, document: Dict[str, Any], times: Sequence[float]) -> List[Dict[str, Any]]:
    """The document's transition at each time (seconds from its start), every element,
    in the objects encoding."""
    session = {**document["session"], "encoding": "objects"}
    session.pop("precision", None)
    created = client.request("session/create", session)
    try:
        samples = []
        for time in times:
            params = {**document["transition"], "session": created["session"], "time": time, "all": True}
            result = client.request("transition/sample", params)
            samples.append({"time": time, "progress": result["progress"],
                            "contentOffset": result["contentOffset"], "attributes": result["attributes"]})
        return samples
    finally:
        client.request("session/dispose", {"session": created["session"]})


def record(client: Any, document: Union[str, Dict[str, Any]], frames: int = DEFAULT_FRAMES) -> Dict[str, Any]:
    """A golden motion value: the transition sampled at ``frames + 1`` evenly spaced times."""
    checked = check_document(client, document)
    duration = checked["summary"]["duration"]
    times = [_json_number(duration * k / frames) for k in range(frames + 1)]
    return {"transitiondGolden": FORMAT_VERSION, "frames": frames, "duration": _json_number(duration),
            "samples": sample(client, checked["document"], times)}


def _json_number(value: float) -> Union[int, float]:
    """A whole number as an integer, as the daemon and transitionctl write it."""
    return int(value) if float(value).is_integer() else value


def golden_text(golden: Dict[str, Any]) -> str:
    """A golden value as ``transitionctl record`` lays it out: one line per element."""
    dump = lambda value: json.dumps(value, separators=(",", ":"))  # noqa: E731
    parts = []
    for s in golden["samples"]:
        head = ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in s.items() if k != "attributes")
        elements = ",\n".join("      " + dump(a) for a in s["attributes"])
        parts.append("    {" + head + ', "attributes": [' + (f"\n{elements}\n    ]}}" if elements else "]}"))
    return ("{\n" f'  "transitiondGolden": {golden["transitiondGolden"]},\n  "frames": {golden["frames"]},\n'
            f'  "duration": {dump(golden["duration"])},\n  "samples": [\n' + ",\n".join(parts) + "\n  ]\n}\n")


def _key(element: Dict[str, Any]) -> str:
    key = f"{element.get('kind', 'cell')} {element.get('section', 0)}.{element.get('item', 0)}"
    if "id" in element:
        key += f" #{json.dumps(element['id'])}"
    return key


def _keyed(attributes: Sequence[Dict[str, Any]]) -> Dict[str, Dict[str, Any]]:
    out: Dict[str, Dict[str, Any]] = {}
    for element in attributes:
        key = unique = _key(element)
        occurrence = 1
        while unique in out:
            occurrence += 1
            unique = f"{key} ({occurrence})"
        out[unique] = element
    return out


def _text(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".")
    return json.dumps(value, separators=(",", ":"))


def _first_difference(a: Any, b: Any, path: str, points: bool, tolerance: float) -> Optional[Tuple[str, str, str]]:
    if isinstance(a, dict) and isinstance(b, dict):
        for key, value in a.items():
            inner = f"{path}.{key}" if path else key
            found = _first_difference(value, b.get(key), inner, points or key in _POINT_MEMBERS, tolerance)
            if found:
                return found
        for key, value in b.items():
            if key not in a:
                return (f"{path}.{key}" if path else key, "nothing", _text(value))
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            translation = path.endswith("transform") and index >= 4
            found = _first_difference(x, y, f"{path}[{index}]", points or translation, tolerance)
            if found:
                return found
        return None
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (a, b))
    if numbers and (points or isinstance(a, float) or isinstance(b, float)):
        bound = tolerance if points else UNIT_TOLERANCE
        return None if abs(a - b) <= bound else (path, _text(float(a)), _text(float(b)))
    return None if a == b else (path, _text(a), _text(b))


def compare(expected: Sequence[Dict[str, Any]], found: Sequence[Dict[str, Any]],
            tolerance: float = DEFAULT_TOLERANCE) -> List[Difference]:
    """The differences of sampled ``found`` from recorded ``expected``, at most one per
    element and sample."""
    out: List[Difference] = []
    for index, (old, new) in enumerate(zip(expected, found)):
        time = old["time"]
        offset = _first_difference(old["contentOffset"], new["contentOffset"], "", True, tolerance)
        if offset:
            out.append(Difference(index, time, "contentOffset", offset[0] or "contentOffset", offset[1], offset[2]))
        before, after = _keyed(old["attributes"]), _keyed(new["attributes"])
        for key, element in before.items():
            if key not in after:
                out.append(Difference(index, time, key, "presence", "present", "absent"))
                continue
            found_difference = _first_difference(element, after[key], "", False, tolerance)
            if found_difference:
                out.append(Difference(index, time, key, *found_difference))
        for key in after:
            if key not in before:
                out.append(Difference(index, time, key, "presence", "absent", "present"))
    return out


def check(client: Any, document: Union[str, Dict[str, Any]], golden: Dict[str, Any],
          tolerance: float = DEFAULT_TOLERANCE) -> List[Difference]:
    """The document's transition sampled at the golden value's times, compared with it."""
    if golden.get("transitiondGolden") != FORMAT_VERSION:
        raise ValueError(f"not a golden motion value of version {FORMAT_VERSION}")
    checked = check_document(client, document)
    times = [s["time"] for s in golden["samples"]]
    return compare(golden["samples"], sample(client, checked["document"], times), tolerance)


def assert_motion(document_path: PathLike, golden_path: PathLike, *, tolerance: float = DEFAULT_TOLERANCE,
                  frames: int = DEFAULT_FRAMES, client: Any = None) -> None:
    """Fails (AssertionError) when the document's transition strays from the golden file.

    Without the golden file, or with ``TRANSITIOND_UPDATE_GOLDEN=1``, records it instead.
    ``client`` defaults to a daemon started for the call (``$TRANSITIOND``)."""
    if client is None:
        from .client import Client

        with Client.spawn() as own:
            return assert_motion(document_path, golden_path, tolerance=tolerance, frames=frames, client=own)
    document_text = Path(document_path).read_text(encoding="utf-8")
    golden_file = Path(golden_path)
    if not golden_file.exists() or os.environ.get("TRANSITIOND_UPDATE_GOLDEN") == "1":
        golden_file.write_text(golden_text(record(client, document_text, frames)), encoding="utf-8")
        return
    golden = json.loads(golden_file.read_text(encoding="utf-8"))
    differences = check(client, document_text, golden, tolerance)
    if differences:
        lines = [str(d) for d in differences[:50]]
        if len(differences) > 50:
            lines.append(f"... and {len(differences) - 50} more")
        raise AssertionError(f"{document_path} strays from {golden_path} by more than {tolerance} points:\n"
                             + "\n".join(lines))
