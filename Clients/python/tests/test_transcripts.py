"""The golden transcripts of ``Protocol/examples/*.jsonl``, replayed through the
client: each request goes out with ``Client.request`` (with the client's own ids),
and every message the client receives must equal the transcript's, in order (ids
aside; numbers within 1e-9 relative). Transcripts that send messages this client
cannot produce (malformed envelopes, batches, cancellations) are skipped.
"""

import os
from pathlib import Path

import pytest

from transitiond import Client, TransitiondError
from transitiond_traffic import REPO_ROOT, schema_directory


def examples_directory():
    configured = os.environ.get("TRANSITIOND_EXAMPLES_DIR")
    candidates = [Path(configured)] if configured else []
    schemas, _ = schema_directory()
    if schemas is not None:
        candidates.append(schemas.parent / "examples")
    candidates.append(REPO_ROOT / "Protocol" / "examples")
    for candidate in candidates:
        if candidate.is_dir() and any(candidate.glob("*.jsonl")):
            return candidate
    return None


EXAMPLES = examples_directory()
TRANSCRIPTS = sorted(EXAMPLES.glob("*.jsonl")) if EXAMPLES else []


def load(path):
    import json

    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def unsupported(lines):
    """Why the client cannot replay these lines, or None."""
    for line in lines:
        message = line.get("send")
        if "send" not in line:
            continue
        if not isinstance(message, dict):
            return "sends a batch or a non-object"
        if message.get("jsonrpc") != "2.0" or not isinstance(message.get("method"), str):
            return "sends a malformed envelope"
        if "id" in message and (isinstance(message["id"], bool) or not isinstance(message["id"], (int, str))):
            return "sends a malformed id"
        if message["method"] == "$/cancelRequest":
            return "cancels a request by id"
        if "id" not in message and message["method"] not in ("initialized", "exit") and not message["method"].startswith("$/"):
            return "sends a request without id"
    return None


def same(a, b, where="message"):
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        assert a is b, "%s: %r != %r" % (where, a, b)
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        assert abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b)), "%s: %r != %r" % (where, a, b)
    elif isinstance(a, dict) and isinstance(b, dict):
        assert sorted(a) == sorted(b), "%s: members %s != %s" % (where, sorted(a), sorted(b))
        for key in a:
            same(a[key], b[key], "%s.%s" % (where, key))
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), "%s: %d elements != %d" % (where, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, "%s[%d]" % (where, i))
    else:
        assert a == b, "%s: %r != %r" % (where, a, b)


def without_id(message):
    return {k: v for k, v in message.items() if k != "id"}


@pytest.mark.skipif(not TRANSCRIPTS, reason="no golden transcripts (Protocol/examples/*.jsonl; "
                                            "set TRANSITIOND_EXAMPLES_DIR)")
@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_transcript(path, transitiond_path, traffic):
    lines = load(path)
    reason = unsupported(lines)
    if reason:
        pytest.skip("%s %s" % (path.name, reason))
    received = []

    def record(message, method):
        received.append(message)
        traffic.hook(message, method)

    client = Client.spawn(transitiond_path, initialize=False, on_message=record, timeout=5)
    try:
        expected = []
        shutdown_done = False
        for number, line in enumerate(lines, 1):
            if "expect" in line:
                expected.append(line["expect"])
                continue
            # Before each send, everything expected so far must have arrived.
            same([without_id(m) for m in received], [without_id(m) for m in expected], "%s:%d" % (path.name, number))
            message = line["send"]
            if "id" in message:
                try:
                    client.request(message["method"], message.get("params"))
                    shutdown_done = shutdown_done or message["method"] == "shutdown"
                except TransitiondError:
                    pass
            else:
                client.notify(message["method"], message.get("params"))
        if lines and lines[-1].get("send", {}).get("method") == "exit":
            assert client.process.wait(5) == (0 if shutdown_done else 1)
        same([without_id(m) for m in received], [without_id(m) for m in expected], path.name)
    finally:
        client.close(timeout=5)
