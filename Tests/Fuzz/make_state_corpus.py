#!/usr/bin/env python3
"""Writes the seed corpus of FuzzStateFile into Tests/Fuzz/corpus/FuzzStateFile/: real
state files, written by a daemon (TRANSITIOND, default .build/debug/transitiond).

Each session/create of Protocol/examples/*.jsonl is made again as a named keepAlive
session (so the daemon keeps its state), and a few of them are then moved to rest in
another layout: a transition finished (the destination at rest), and one cancelled in
place (a frozen layout, written as an `explicit` one). The state files are copied with
content-hash names, so running it again is idempotent.
"""
import glob
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "Fuzz", "corpus", "FuzzStateFile")
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))
from e2e_harness import SocketClient  # noqa: E402

DESTINATIONS = [
    {"type": "grid", "columns": 3},
    {"type": "flow"},
    {"type": "list", "rowHeight": 30},
]


def creates() -> list[dict]:
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Protocol", "examples", "*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            entry = json.loads(line)
            message = entry.get("send")
            if isinstance(message, dict) and message.get("method") == "session/create":
                params = message.get("params")
                if isinstance(params, dict) and params not in found:
                    found.append(params)
    return found


def main() -> None:
    binary = os.environ.get("TRANSITIOND", os.path.join(ROOT, ".build", "debug", "transitiond"))
    work = tempfile.mkdtemp(prefix="state-corpus-", dir="/tmp")
    state = os.path.join(work, "state")
    path = os.path.join(work, "d.sock")
    daemon = subprocess.Popen([binary, "--listen", path, "--state-dir", state],
                              stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(path):
            time.sleep(0.02)
        client = SocketClient(path, "corpus")
        client.initialize()
        made = 0
        for index, params in enumerate(creates()):
            params = dict(params, name=f"seed-{index}", keepAlive=True)
            response = client.request("session/create", params)
            created = client.response(response)
            if "error" in created:
                continue
            session = created["result"]["session"]
            made += 1
            if index % 3 == 0 or params.get("clock") != "manual":
                continue
            started = client.response(client.request("transition/start", {
                "session": session, "to": DESTINATIONS[(index // 3) % len(DESTINATIONS)], "duration": 1}))
            if "error" in started:
                print(f"seed-{index}: {started['error']['message']}", file=sys.stderr)
                continue
            advance = {"session": session, "to": 0.4}
            client.response(client.request("clock/advance", advance))
            if index % 3 == 1:
                ended = client.response(client.request("transition/cancelInPlace", {"session": session}))
            else:
                ended = client.response(client.request("transition/finish", {"session": session, "duration": 0}))
            if "error" in ended:
                print(f"seed-{index}: {ended['error']['message']}", file=sys.stderr)
            client.response(client.request("clock/advance", {"session": session, "to": 2}))
        client.request("shutdown")
        client.close()
    finally:
        daemon.terminate()
        daemon.wait()
    os.makedirs(OUT, exist_ok=True)
    written = 0
    for name in sorted(os.listdir(state)):
        if not name.endswith(".json"):
            continue
        data = open(os.path.join(state, name), "rb").read()
        digest = hashlib.sha1(data).hexdigest()[:16]
        with open(os.path.join(OUT, f"state-{digest}"), "wb") as f:
            f.write(data)
        written += 1
    print(f"{made} sessions made, {written} state files written to {OUT}")


if __name__ == "__main__":
    main()
