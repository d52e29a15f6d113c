"""A seeded workload of transition/sample requests over many layouts, curves and
moments, as LSP-framed bytes: the same input is given to the native daemon and to the
WebAssembly module, and their answers compared number by number."""

import json
import random

EASINGS = [
    "linear", "quadraticEaseIn", "quadraticEaseOut", "quadraticEaseInOut", "cubicEaseIn",
    "cubicEaseOut", "cubicEaseInOut", "quarticEaseIn", "quarticEaseOut", "quarticEaseInOut",
    "quinticEaseIn", "quinticEaseOut", "quinticEaseInOut", "sineEaseIn", "sineEaseOut",
    "sineEaseInOut", "circularEaseIn", "circularEaseOut", "circularEaseInOut",
    "exponentialEaseIn", "exponentialEaseOut", "exponentialEaseInOut", "elasticEaseIn",
    "elasticEaseOut", "elasticEaseInOut", "backEaseIn", "backEaseOut", "backEaseInOut",
    "bounceEaseIn", "bounceEaseOut", "bounceEaseInOut",
]


def layout(rng, mode=None):
    kind = rng.choice(["list", "grid", "flow", "displaySwitch"])
    if kind == "list":
        return {"type": "list", "rowHeight": rng.uniform(20, 90), "headerHeight": rng.choice([0, 24])}
    if kind == "grid":
        return {"type": "grid", "columns": rng.randint(1, 5), "spacing": rng.uniform(0, 12),
                "lineSpacing": rng.uniform(0, 12), "aspectRatio": rng.uniform(0.5, 2)}
    if kind == "flow":
        return {"type": "flow", "itemSize": {"width": rng.uniform(30, 160), "height": rng.uniform(30, 120)},
                "minimumLineSpacing": rng.uniform(0, 20), "minimumInteritemSpacing": rng.uniform(0, 20),
                "scrollDirection": rng.choice(["vertical", "horizontal"])}
    return {"type": "displaySwitch", "mode": rng.choice(["list", "grid"]),
            "staticCellHeight": rng.uniform(40, 120), "columns": rng.randint(1, 4), "padding": rng.uniform(0, 8)}


def timing(rng):
    form = rng.choice(["easing", "cubicBezier", "spring"])
    if form == "easing":
        return {"easing": rng.choice(EASINGS)}
    if form == "cubicBezier":
        return {"cubicBezier": [rng.uniform(0, 1), rng.uniform(-1, 2), rng.uniform(0, 1), rng.uniform(-1, 2)]}
    return {"spring": {"response": rng.uniform(0.1, 1), "dampingFraction": rng.uniform(0.2, 1.2)}}


def frame(message):
    body = json.dumps(message, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def workload(seed, sessions=50, samples_per_session=200):
    """The LSP-framed input and the number of transition/sample requests in it."""
    rng = random.Random(seed)
    out = [frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None, "capabilities": {}}}),
           frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})]
    next_id = 1
    samples = 0
    for s in range(sessions):
        sections = [{"items": rng.randint(0, 30)} for _ in range(rng.randint(1, 3))]
        out.append(frame({"jsonrpc": "2.0", "id": next_id, "method": "session/create", "params": {
            "viewport": {"width": rng.uniform(200, 800), "height": rng.uniform(200, 900)},
            "sections": sections, "layout": layout(rng), "clock": "manual",
            "contentOffset": {"x": 0, "y": rng.uniform(0, 200)}}}))
        next_id += 1
        session = f"s{s + 1}"
        duration = rng.uniform(0.2, 1.5)
        spec = {"session": session, "to": layout(rng), "duration": duration, "timing": timing(rng)}
        if rng.random() < 0.3:
            spec["stagger"] = {"delay": rng.uniform(0, 0.05)}
        for _ in range(samples_per_session):
            params = dict(spec, time=rng.uniform(0, duration * 1.3), all=True)
            out.append(frame({"jsonrpc": "2.0", "id": next_id, "method": "transition/sample", "params": params}))
            next_id += 1
            samples += 1
        out.append(frame({"jsonrpc": "2.0", "id": next_id, "method": "session/dispose", "params": {"session": session}}))
        next_id += 1
    out.append(frame({"jsonrpc": "2.0", "id": next_id, "method": "shutdown"}))
    out.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    return b"".join(out), samples


def messages(stream):
    """The JSON messages of an LSP-framed output."""
    result = []
    position = 0
    while position < len(stream):
        end = stream.index(b"\r\n\r\n", position)
        header = stream[position:end].decode()
        length = int(header.split(":")[1])
        result.append(json.loads(stream[end + 4:end + 4 + length]))
        position = end + 4 + length
    return result


def differences(a, b, tolerance, path="$"):
    """Where two JSON values differ beyond `tolerance` (numbers) or at all (the rest)."""
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        if type(a) is not type(b) and not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
            return [f"{path}: {a!r} != {b!r}"]
        if isinstance(a, dict):
            if a.keys() != b.keys():
                return [f"{path}: members {sorted(a)} != {sorted(b)}"]
            return [d for k in a for d in differences(a[k], b[k], tolerance, f"{path}.{k}")]
        if isinstance(a, list):
            if len(a) != len(b):
                return [f"{path}: {len(a)} elements != {len(b)}"]
            return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, tolerance, f"{path}[{i}]")]
        return [] if a == b else [f"{path}: {a!r} != {b!r}"]
    return [] if abs(a - b) <= tolerance * max(1.0, abs(a), abs(b)) else [f"{path}: {a!r} != {b!r}"]
