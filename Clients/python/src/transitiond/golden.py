"""Golden motion tests: the same as ``transitionctl record`` and ``transitionctl check``,
for a test suite.

    from transitiond.golden import assert_motion

    def test_list_to_grid_moves_as_designed():
        assert_motion("list-to-grid.transition.json", "list-to-grid.golden.json")

``assert_motion`` records (or rewrites) the golden file only when
``TRANSITIOND_UPDATE_GOLDEN=1`` is set; without the file it fails, naming it, so that a
golden test cannot pass because its file was never committed. Otherwise it fails with
the input that changed since the recording (duration, the document's members), on one
line, then one line per element and sample out of bounds. The files are the ones
``transitionctl`` reads and writes, byte for byte (numbers as the daemon writes them:
:func:`json_text`); the rules (points within ``tolerance`` for frames, ``nextFrame``,
the content offset and a transform's translation, other numbers within 0.01, the rest
equal, elements matched by kind, index path and id) are those of
``transitionctl check`` (``man transitionctl``).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

FORMAT_VERSION = 1
DEFAULT_FRAMES = 30
DEFAULT_TOLERANCE = 0.5
UNIT_TOLERANCE = 0.01
_POINT_MEMBERS = ("frame", "nextFrame", "contentOffset")
_REPORTED_LINES = 50
_REPORTED_INPUT_CHANGES = 4
UPDATE_VARIABLE = "TRANSITIOND_UPDATE_GOLDEN"

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


DocumentLike = Union[str, Dict[str, Any], "os.PathLike[str]"]


def _document_source(document: DocumentLike, name: Optional[str]) -> Tuple[Union[str, Dict[str, Any]], str]:
    """A document's text or value, and the name its errors give it: a path's own."""
    if isinstance(document, os.PathLike):
        return Path(document).read_text(encoding="utf-8"), name or os.fspath(document)
    return document, name or "document"


def check_document(client: Any, document: DocumentLike, name: Optional[str] = None) -> Dict[str, Any]:
    """``document/check`` of a document's text, value or file (a path); raises
    DocumentError when it is not valid, its lines named ``name`` (else the path, else
    ``document``), else returns the result (``document``, ``summary``)."""
    document, name = _document_source(document, name)
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


def record(client: Any, document: DocumentLike, frames: int = DEFAULT_FRAMES, name: Optional[str] = None) -> Dict[str, Any]:
    """A golden motion value: the document as checked, and its transition sampled at
    ``frames + 1`` evenly spaced times."""
    checked = check_document(client, document, name)
    duration = checked["summary"]["duration"]
    times = [_json_number(duration * k / frames) for k in range(frames + 1)]
    return {"transitiondGolden": FORMAT_VERSION, "frames": frames, "duration": _json_number(duration),
            "document": _recorded_document(checked),
            "samples": sample(client, checked["document"], times)}


def _recorded_document(checked: Dict[str, Any]) -> Dict[str, Any]:
    return {"session": checked["document"]["session"], "transition": checked["document"]["transition"]}


def _json_number(value: float) -> Union[int, float]:
    """A whole number as an integer, as the daemon and transitionctl write it."""
    return int(value) if float(value).is_integer() and abs(value) < 2 ** 53 else value


def _number_text(value: float) -> str:
    """A double as the daemon's JSON writer writes it (``JSONByteWriter`` in
    Sources/JSONRPC): a whole number below 2^53 as an integer; else the shortest text
    that reads back as the same double, plain from 10^-4 up to 2^53, with an exponent of
    at least two digits outside (``1e-08``, ``1e+16``), except that from 10^-7 up to
    10^-4 a number of at most 15 significant digits is plain (``0.00000987654222222226``,
    where Python's ``repr`` has ``9.87654222222226e-06``)."""
    if not math.isfinite(value):
        return "null"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    magnitude = abs(value)
    if magnitude < 2 ** 53 and magnitude.is_integer():
        return sign + str(int(magnitude))
    # The shortest round-trip digits (repr's), as an integer significand and a power of ten.
    mantissa, _, power = repr(magnitude).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    exponent = int(power or 0) - len(fraction)
    stripped = digits.rstrip("0")
    exponent += len(digits) - len(stripped)
    digits = stripped
    scientific = exponent + len(digits) - 1
    plain_below_ten_thousandth = scientific >= -7 and len(digits) <= 15
    if (scientific < -4 and not plain_below_ten_thousandth) or magnitude > 2 ** 53:
        head = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{head}e{'-' if scientific < 0 else '+'}{abs(scientific):02d}"
    if scientific < 0:
        return sign + "0." + "0" * (-scientific - 1) + digits
    if exponent < 0:
        return sign + digits[:exponent] + "." + digits[exponent:]
    return sign + digits + "0" * exponent


def json_text(value: Any) -> str:
    """Compact JSON text as the daemon and transitionctl write it: members in order,
    numbers by :func:`_number_text`, strings in UTF-8 with only ``"``, ``\\`` and the
    control characters escaped."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _number_text(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k), ensure_ascii=False)}:{json_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(json_text(v) for v in value) + "]"
    raise TypeError(f"not a JSON value: {value!r}")


def golden_text(golden: Dict[str, Any]) -> str:
    """A golden value as ``transitionctl record`` lays it out, byte for byte: one line per
    element."""
    parts = []
    for s in golden["samples"]:
        head = ", ".join(f"{json_text(k)}: {json_text(v)}" for k, v in s.items() if k != "attributes")
        elements = ",\n".join("      " + json_text(a) for a in s["attributes"])
        parts.append("    {" + head + ', "attributes": [' + (f"\n{elements}\n    ]}}" if elements else "]}"))
    document = f'  "document": {json_text(golden["document"])},\n' if "document" in golden else ""
    return ("{\n" f'  "transitiondGolden": {golden["transitiondGolden"]},\n  "frames": {golden["frames"]},\n'
            f'  "duration": {json_text(golden["duration"])},\n' + document
            + '  "samples": [' + ("\n" + ",\n".join(parts) if parts else "") + "\n  ]\n}\n")


def _input_changes(a: Any, b: Any, path: str, out: List[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key, value in a.items():
            _input_changes(value, b.get(key, _ABSENT), f"{path}.{key}" if path else key, out)
        for key, value in b.items():
            if key not in a:
                _input_changes(_ABSENT, value, f"{path}.{key}" if path else key, out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            _input_changes(x, y, f"{path}[{index}]", out)
        return
    before, after = _input_text(a), _input_text(b)
    if before != after:
        out.append(f"{path} changed: {before} -> {after}")


_ABSENT = object()


def _input_text(value: Any) -> str:
    return "nothing" if value is _ABSENT else json_text(value)


def changed_input(golden: Dict[str, Any], checked: Dict[str, Any]) -> Optional[str]:
    """What changed in the input since the golden value was recorded, as one line
    (``duration changed: 0.4 -> 0.45; transition.timing changed: "linear" -> ...``),
    or None: the duration, then every member of the recorded document that differs from
    the one ``document/check`` gave now (``checked``); the same line as
    ``transitionctl check`` prints first."""
    changes: List[str] = []
    before, after = json_text(golden["duration"]), json_text(_json_number(checked["summary"]["duration"]))
    if before != after:
        changes.append(f"duration changed: {before} -> {after}")
    if "document" in golden:
        members: List[str] = []
        _input_changes(golden["document"], _recorded_document(checked), "", members)
        if changes:
            members = [m for m in members if not m.startswith("transition.duration changed:")]
        changes += members
    if not changes:
        return None
    if len(changes) > _REPORTED_INPUT_CHANGES + 1:
        more = len(changes) - _REPORTED_INPUT_CHANGES
        changes = changes[:_REPORTED_INPUT_CHANGES] + [f"and {more} more changes"]
    return "; ".join(changes)


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


def _is_golden(golden: Any) -> bool:
    return (isinstance(golden, dict) and golden.get("transitiondGolden") == FORMAT_VERSION
            and isinstance(golden.get("frames"), int) and isinstance(golden.get("duration"), (int, float))
            and isinstance(golden.get("samples"), list))


def check(client: Any, document: DocumentLike, golden: Dict[str, Any],
          tolerance: float = DEFAULT_TOLERANCE, name: Optional[str] = None) -> List[Difference]:
    """The document's transition sampled at the golden value's times, compared with it."""
    return _check(client, document, golden, tolerance, name)[1]


def _check(client: Any, document: DocumentLike, golden: Dict[str, Any], tolerance: float,
           name: Optional[str]) -> Tuple[Optional[str], List[Difference]]:
    if not _is_golden(golden):
        raise ValueError(f"not a golden motion value of version {FORMAT_VERSION}")
    checked = check_document(client, document, name)
    times = [s["time"] for s in golden["samples"]]
    found = sample(client, checked["document"], times)
    return changed_input(golden, checked), compare(golden["samples"], found, tolerance)


def read_golden(path: PathLike) -> Dict[str, Any]:
    """A golden file's value; ValueError naming the file when it is not one."""
    try:
        value = json.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        value = None
    if not _is_golden(value):
        raise ValueError(f"{os.fspath(path)}: not a golden motion file of version {FORMAT_VERSION} "
                         "(made by transitionctl record)")
    return value


def assert_motion(document_path: PathLike, golden_path: PathLike, *, tolerance: float = DEFAULT_TOLERANCE,
                  frames: int = DEFAULT_FRAMES, client: Any = None) -> None:
    """Fails (AssertionError) when the document's transition strays from the golden file,
    or when there is no golden file.

    With ``TRANSITIOND_UPDATE_GOLDEN=1`` records the golden file instead (``frames``
    intervals), whether it exists or not. ``client`` defaults to a daemon started for the
    call (``$TRANSITIOND``). Every error names its file: a refused document raises
    DocumentError with ``path:line:column`` lines."""
    document_file, golden_file = Path(document_path), Path(golden_path)
    update = os.environ.get(UPDATE_VARIABLE) == "1"
    if not update and not golden_file.exists():
        raise AssertionError(
            f"golden file '{os.fspath(golden_path)}' does not exist: record it with {UPDATE_VARIABLE}=1 "
            f"or 'transitionctl record {os.fspath(document_path)} --out {os.fspath(golden_path)}'")
    if client is None:
        from .client import Client

        with Client.spawn() as own:
            return assert_motion(document_path, golden_path, tolerance=tolerance, frames=frames, client=own)
    if update:
        golden_file.write_text(golden_text(record(client, document_file, frames)), encoding="utf-8")
        return
    golden = read_golden(golden_file)
    changed, differences = _check(client, document_file, golden, tolerance, None)
    if differences:
        lines = [changed] if changed else []
        lines.append(f"{os.fspath(document_path)} strays from {os.fspath(golden_path)} by more than {tolerance} points:")
        lines += [str(d) for d in differences[:_REPORTED_LINES]]
        if len(differences) > _REPORTED_LINES:
            lines.append(f"... and {len(differences) - _REPORTED_LINES} more")
        raise AssertionError("\n".join(lines))
