#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into Tests/Fuzz/corpus/<target>/.

FuzzFraming (a control byte, then the client's byte stream; see FuzzFraming.swift):
  - each Protocol/examples/*.jsonl conversation: its `send` messages framed one after
    another, read whole (control 0x00) and in small pieces (0x02, 0x0e);
  - each `send` message alone, after the built-in initialize (control 0x01);
  - each Tests/Conformance/JSONTestSuite/test_parsing/*.json file as one message body,
    after the built-in initialize (files over 16 KiB are left to the regression inputs,
    so the fuzzer's inputs stay small);
  - a few framing edge cases (bad headers, split CRLF, huge Content-Length ...).
FuzzSessionParams:
  - {"create": ..., "start": ..., "steps": [...]} from each session of the examples: its
    session/create params, its first transition/start, and the methods that follow;
  - a few byte patterns for the structured builder.
Big JSONTestSuite files go to Tests/Fuzz/regressions/FuzzFraming/ instead.

Run again after the examples change; file names are content hashes, so it is idempotent.
"""
import glob
import hashlib
import json
import os
import random

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FUZZ = os.path.join(ROOT, "Tests", "Fuzz")
MAX_SEED = 16 * 1024


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def compact(message) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def write(directory: str, data: bytes, prefix: str = "seed") -> None:
    os.makedirs(directory, exist_ok=True)
    name = "%s-%s" % (prefix, hashlib.sha1(data).hexdigest()[:16])
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def conversations():
    for path in sorted(glob.glob(os.path.join(ROOT, "Protocol", "examples", "*.jsonl"))):
        sends = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    entry = json.loads(line)
                    if "send" in entry:
                        sends.append(entry["send"])
        yield os.path.basename(path), sends


def framing_seeds():
    out = os.path.join(FUZZ, "corpus", "FuzzFraming")
    for _, sends in conversations():
        stream = b"".join(frame(compact(m)) for m in sends)
        for control in (0x00, 0x02, 0x0E):
            write(out, bytes([control]) + stream, "example")
        for m in sends:
            if isinstance(m, dict) and m.get("method") in ("initialize", "initialized"):
                continue
            write(out, b"\x01" + frame(compact(m)), "message")
    suite = os.path.join(ROOT, "Tests", "Conformance", "JSONTestSuite", "test_parsing")
    big = os.path.join(FUZZ, "regressions", "FuzzFraming")
    for path in sorted(glob.glob(os.path.join(suite, "*.json"))):
        with open(path, "rb") as f:
            body = f.read()
        if len(body) <= MAX_SEED:
            write(out, b"\x01" + frame(body), "jsontestsuite")
        else:
            write(big, b"\x01" + frame(body), "jsontestsuite-big")
    edge = [
        b"Content-Length: 2\r\n\r\n{}",
        b"content-length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf8\n\n[]",
        b"Content-Length: 99999999999\r\n\r\n{}",
        b"Content-Length: 99999999999999999999999\r\n\r\n",
        b"Content-Length: -1\r\n\r\n",
        b"Content-Length: a\r\n\r\n{}",
        b"Content-Length 2\r\n\r\n{}",
        b"Content-Length: 5\r\n\r\n{}Content-Length: 2\r\n\r\n{}",
        b"Content-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
        b"Content-Type: text/plain; charset=latin1\r\nContent-Length: 2\r\n\r\n{}",
        b"\r\n\r\nContent-Length: 2\r\n\r\n{}",
        b"Content-Length: 10\r\n\r\n{\"a\":",
        b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc",
        b"X: " + b"a" * 9000 + b"\r\nContent-Length: 2\r\n\r\n{}",
        frame(b'{"jsonrpc":"2.0","id":1,"method":"shutdown"}') + frame(b'{"jsonrpc":"2.0","method":"exit"}'),
        frame(b'[{"jsonrpc":"2.0","id":1,"method":"session/list"},{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}]'),
    ]
    for data in edge:
        for control in (0x00, 0x01, 0x03):
            write(out, bytes([control]) + data, "edge")


STEP_METHODS = {
    "clock/advance", "transition/sample", "transition/start", "transition/retarget", "transition/scrub",
    "transition/finish", "transition/cancel", "transition/cancelInPlace", "transition/status",
    "session/update", "session/scroll", "layout/attributes",
}


def session_seeds():
    out = os.path.join(FUZZ, "corpus", "FuzzSessionParams")
    for _, sends in conversations():
        # Sessions are numbered s1, s2 ... in creation order; follow each one.
        sessions = {}
        for m in sends:
            if not isinstance(m, dict):
                continue
            params = m.get("params") or {}
            if m.get("method") == "session/create":
                sessions["s%d" % (len(sessions) + 1)] = {"create": params, "ops": []}
            elif m.get("method") in STEP_METHODS and params.get("session") in sessions:
                rest = {k: v for k, v in params.items() if k != "session"}
                sessions[params["session"]]["ops"].append((m["method"], rest))
        for session in sessions.values():
            write(out, compact({"create": session["create"]}), "example")
            ops = session["ops"]
            starts = [i for i, (method, _) in enumerate(ops) if method == "transition/start"]
            if not starts:
                continue
            first = starts[0]
            write(out, compact({"create": session["create"], "start": ops[first][1]}), "example")
            steps = [[method, params] for method, params in ops[first + 1:]]
            if steps:
                write(out, compact({"create": session["create"], "start": ops[first][1], "steps": steps}), "example")
    rng = random.Random(9)
    for fill in (0x00, 0x01, 0x02, 0x03, 0x07, 0x55, 0x80, 0xAA, 0xFF):
        write(out, bytes([fill]) * 96, "pattern")
    for _ in range(24):
        write(out, bytes(rng.randrange(256) for _ in range(rng.randrange(32, 256))), "random")


if __name__ == "__main__":
    framing_seeds()
    session_seeds()
    for target in ("FuzzFraming", "FuzzSessionParams"):
        d = os.path.join(FUZZ, "corpus", target)
        print("%s: %d seeds" % (target, len(os.listdir(d))))
