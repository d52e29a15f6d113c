"""Replays the golden language-server transcripts of Protocol/examples/language-server
against the daemon over stdio (LSP framing), as test_transcripts.py does for the
protocol's own: each `{"expect": ...}` must be the next message the daemon writes
(numbers within 1e-9); after the last line the input is closed and nothing more may
arrive. These are apart because the WebAssembly module, which replays the others, has
no language server. `python3 Protocol/tests/test_language_server_transcript.py
--record FILE` rewrites a transcript's expectations from a run: golden only once they
are checked against Protocol/README.md section 20.
"""

import json
import sys
from pathlib import Path

import pytest

from lsp_stdio import EXAMPLES_DIR, Daemon, daemon_path, read_transcript
from test_transcripts import differences

TRANSCRIPTS = sorted((EXAMPLES_DIR / "language-server").glob("*.jsonl"))


def replies(sends, count_after):
    """Sends each message and reads what comes back before the next: `count_after[i]`
    messages after the i-th send."""
    daemon = Daemon(daemon_path())
    received = []
    try:
        for message, count in zip(sends, count_after):
            daemon.send(message)
            received.append([daemon.read() for _ in range(count)])
        daemon.close_input()
        # At the end of its input (after exit) the daemon writes nothing more.
        assert daemon.read() is None
        code = daemon.wait()
    finally:
        daemon.kill()
    return received, code


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_transcript(path):
    steps = read_transcript(path)
    sends, expected, counts = [], [], []
    for kind, message in steps:
        if kind == "send":
            sends.append(message)
            counts.append(0)
        else:
            expected.append(message)
            counts[-1] += 1
    received, code = replies(sends, counts)
    flat = [m for group in received for m in group]
    assert len(flat) == len(expected)
    for number, (got, want) in enumerate(zip(flat, expected), 1):
        found = differences(want, got, f"message {number}")
        assert not found, f"{path.name}: " + "\n".join(found[:10])
    assert code == 0


def test_there_is_a_transcript():
    assert TRANSCRIPTS


if __name__ == "__main__" and sys.argv[1:2] == ["--record"]:
    # Each send is followed by what arrives before the next send: the recorder waits
    # for the replies a request expects and for the diagnostics a change publishes.
    target = Path(sys.argv[2])
    sends = [m for kind, m in read_transcript(target) if kind == "send"]
    daemon = Daemon(daemon_path())
    lines = []
    for message in sends:
        lines.append({"send": message})
        daemon.send(message)
        method = message.get("method", "")
        wanted = (1 if "id" in message else 0) + (
            1 if method in ("textDocument/didOpen", "textDocument/didChange", "textDocument/didClose") else 0)
        for _ in range(wanted):
            lines.append({"expect": daemon.read()})
        # Notifications a command caused (the preview's ticks and didEnd), if any: the
        # recorder alone waits on a quiet moment; the replay counts what was recorded.
        while True:
            try:
                lines.append({"expect": daemon.read(timeout=0.5)})
            except TimeoutError:
                break
            if lines[-1]["expect"] is None:
                lines.pop()
                break
    daemon.close_input()
    daemon.wait()
    target.write_text("".join(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n" for line in lines))
    print(f"recorded {target}")
