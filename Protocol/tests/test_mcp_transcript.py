"""Replays the golden MCP transcripts of Protocol/examples/mcp against `transitiond --mcp`.

Each `{"send": ...}` line is written as one line; each `{"expect": ...}` line must be
the next line the server writes, compared as in test_transcripts.py (numbers within
1e-9). After the last line the input is closed: the server must write nothing more and
exit 0. `python3 Protocol/tests/test_mcp_transcript.py --record FILE` rewrites a
transcript's expectations from a run (check them against Protocol/README.md 19 before
they count as golden).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lsp_stdio import EXAMPLES_DIR, daemon_path, read_transcript
from test_transcripts import differences

TRANSCRIPTS = sorted((EXAMPLES_DIR / "mcp").glob("*.jsonl"))


def run(messages):
    """The lines `transitiond --mcp` writes for `messages`, and its exit code."""
    text = "".join(json.dumps(m, separators=(",", ":")) + "\n" for m in messages)
    done = subprocess.run([str(daemon_path()), "--mcp"], input=text.encode(), capture_output=True, timeout=60)
    return [json.loads(line) for line in done.stdout.decode().splitlines()], done.returncode


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.name for p in TRANSCRIPTS])
def test_transcript(path):
    steps = read_transcript(path)
    received, code = run([message for kind, message in steps if kind == "send"])
    expected = [message for kind, message in steps if kind == "expect"]
    assert len(received) == len(expected), f"{len(received)} lines, {len(expected)} expected"
    for number, (got, want) in enumerate(zip(received, expected), 1):
        found = differences(want, got, f"line {number}")
        assert not found, f"{path.name}: " + "\n".join(found[:10])
    assert code == 0


def test_there_is_a_transcript():
    assert TRANSCRIPTS


if __name__ == "__main__" and sys.argv[1:2] == ["--record"]:
    target = Path(sys.argv[2])
    sends = [message for kind, message in read_transcript(target) if kind == "send"]
    received, _ = run(sends)
    replies = iter(received)
    lines = []
    for message in sends:
        lines.append({"send": message})
        if "id" in message:
            lines.append({"expect": next(replies)})
    target.write_text("".join(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n" for line in lines))
    print(f"recorded {target}")
