#!/usr/bin/env python3
"""Writes a deterministic workload for `transitiond --stdio` to standard output, framed,
for counting the daemon's instructions (which, unlike wall-clock figures, do not move
with the machine's load):

    python3 scripts/workload.py ticks > /tmp/ticks.lsp
    valgrind --tool=callgrind --callgrind-out-file=/tmp/ticks.out \\
        .build/release/transitiond --stdio < /tmp/ticks.lsp > /dev/null

- `ticks`: the benchmark's tick scene (`TickPathBenchmarks.swift`: 8-column grids in a
  375 x 1200 viewport, manual clock, compact encoding, 216 visible attributes), two
  transitions there and back, each of 1,000 `clock/advance` with brief replies and one
  advance to its end: 2,002 ticks. `--precision N` rounds to N places; `--transitions N`
  makes N transitions instead of 2 (20 for the daemon CPU figure: 20,020 ticks, timed
  with `perf stat -e task-clock`). `--reply tick` gives each advance the default
  reply, the whole tick again, instead of the brief one.
- `requests`: `initialize`, then 35,000 `session/list` requests. `--method NAME` calls
  NAME instead (`bench/unknownMethod` is the benchmark's pipelined workload, each
  answered with -32601).
"""

import json
import sys

FROM = {"type": "grid", "columns": 8, "spacing": 0}
TO = {"type": "grid", "columns": 8, "spacing": 2, "inset": {"top": 4, "left": 4, "bottom": 4, "right": 4}}
ADVANCES = 1000
REQUESTS = 35_000


def frame(message: dict) -> bytes:
    body = json.dumps(message, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def ticks(precision: int | None, transitions: int, reply: str) -> list[dict]:
    create = {"viewport": {"width": 375, "height": 1200}, "sections": [{"items": 100000}], "layout": FROM,
              "contentOffset": {"x": 0, "y": 50000}, "clock": "manual", "fps": 60, "encoding": "compact"}
    if precision is not None:
        create["precision"] = precision
    messages = [{"method": "initialize", "params": {"processId": None, "capabilities": {}}},
                {"method": "session/create", "params": create}]
    for k in range(transitions):
        to = TO if k % 2 == 0 else FROM
        messages.append({"method": "transition/start", "params": {"session": "s1", "to": to, "duration": 1}})
        step = 1 / (ADVANCES + 1)
        messages += [{"method": "clock/advance", "params": {"session": "s1", "by": step, "reply": reply}}] * ADVANCES
        messages.append({"method": "clock/advance", "params": {"session": "s1", "by": 1}})
    return messages


def requests(method: str) -> list[dict]:
    return [{"method": "initialize", "params": {"processId": None, "capabilities": {}}}] + \
        [{"method": method, "params": {}}] * REQUESTS


def main() -> None:
    args = sys.argv[1:]
    options = dict(zip(args[1::2], args[2::2]))
    if args[:1] == ["ticks"] and len(args) % 2 == 1 and set(options) <= {"--precision", "--transitions", "--reply"}:
        precision = int(options["--precision"]) if "--precision" in options else None
        messages = ticks(precision, int(options.get("--transitions", 2)), options.get("--reply", "brief"))
    elif args[:1] == ["requests"] and len(args) % 2 == 1 and set(options) <= {"--method"}:
        messages = requests(options.get("--method", "session/list"))
    else:
        sys.exit("usage: workload.py ticks [--precision N] [--transitions N] [--reply brief|tick] | requests [--method NAME]")
    out = sys.stdout.buffer
    for id, message in enumerate(messages):
        out.write(frame({"jsonrpc": "2.0", "id": id, **message}))


if __name__ == "__main__":
    main()
