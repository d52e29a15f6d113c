"""The five-minute tour of README.md, run as written.

The code blocks of the tour are read from README.md and run from the repository root
with bash (and Python), with two substitutions a test needs: `T` names the build under
test (the directory of $TRANSITIOND, else .build/debug) instead of .build/release, and
the socket path is a temporary one instead of /tmp/transitiond.sock, so that the test
cannot meet a daemon of the user's (and the shared daemon's block runs with a private
XDG_RUNTIME_DIR for the same reason). Everything else is the README's text.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import urllib.request
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytestmark = pytest.mark.native_only("the README's tour runs the native tools (transitionctl, --remote, --ws)")

ROOT = Path(__file__).resolve().parents[2]
DAEMON = Path(os.environ.get("TRANSITIOND") or ROOT / ".build" / "debug" / "transitiond").resolve()
BUILD = DAEMON.parent
README_BUILD = ".build/release"
README_SOCKET = "/tmp/transitiond.sock"


def tour_blocks() -> list[tuple[str, str]]:
    text = (ROOT / "README.md").read_text()
    tour = text[text.index("## Five-minute tour"): text.index("## The protocol")]
    return re.findall(r"```(\w+)\n(.*?)```", tour, re.S)


def block(language: str, containing: str) -> str:
    found = [code for lang, code in tour_blocks() if lang == language and containing in code]
    assert len(found) == 1, f"README's tour has {len(found)} {language} blocks with {containing!r}"
    return found[0]


def with_build(code: str) -> str:
    """The block with T set to the build under test (the README's first block sets it)."""
    prelude = f"T={BUILD}\n"
    return prelude + code.replace(f"T={README_BUILD}\n", prelude)


def bash(code: str, tmp_path: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    # Background jobs (the socket daemon) are ended with the script.
    script = "set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + code
    return subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "TMPDIR": str(tmp_path)})


def json_lines(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_the_tour_sets_T_to_the_release_build():
    assert f"T={README_BUILD}\n" in block("sh", "transitionctl call session/list")


def test_over_stdio(tmp_path):
    r = bash(with_build(block("sh", "transitionctl call session/list")), tmp_path)
    assert r.returncode == 0, r.stderr
    first, *rest = json_lines(r.stdout)
    assert first == {"sessions": []}  # as the comment in the README says
    messages = rest
    created, started = messages[0]["result"], messages[1]["result"]
    assert created["session"] == "s1"
    assert started["toContentOffset"] == {"x": 0, "y": 1537.75}  # the README's figure
    ticks = [m for m in messages if m.get("method") == "transition/tick"]
    ends = [m for m in messages if m.get("method") == "transition/didEnd"]
    assert [t["params"]["time"] for t in ticks] == [0.25, 0.5]
    assert len(ends) == 1 and ends[0]["params"]["reason"] == "finished"


def test_over_a_unix_socket_follow_gets_the_ticks(tmp_path):
    code = block("sh", f"--listen {README_SOCKET}")
    assert README_SOCKET in code
    socket = tmp_path / "td.sock"
    code = with_build(code.replace(README_SOCKET, str(socket)))
    # The daemon is started in the background: the next command must not race it.
    code = code.replace(" &", f" &\nwhile [ ! -S {socket} ]; do sleep 0.02; done", 1)
    r = bash(code, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "stopped following" not in r.stderr
    created, started, *notifications = json_lines(r.stdout)
    assert created["session"] == "s1" and "transition" in started
    assert notifications[-1]["method"] == "transition/didEnd"
    assert notifications[-1]["params"]["reason"] == "finished"
    ticks = notifications[:-1]
    assert len(ticks) >= 2 and all(n["method"] == "transition/tick" for n in ticks)
    assert ticks[-1]["params"]["progress"] == 1


def test_sharing_one_daemon_a_named_session_is_found_by_name(tmp_path):
    code = with_build(block("sh", "--shared sessions"))
    # A private runtime directory: the shared daemon the block starts is this test's.
    runtime = Path(tempfile.mkdtemp(prefix="tdt-", dir="/tmp"))
    os.chmod(runtime, 0o700)
    socket = str(runtime / "transitiond" / "transitiond.sock")
    try:
        r = subprocess.run(["bash", "-c", "set -euo pipefail\n" + code], cwd=ROOT, capture_output=True, text=True,
                           timeout=60, env={**os.environ, "TMPDIR": str(tmp_path), "XDG_RUNTIME_DIR": str(runtime)})
        assert r.returncode == 0, r.stderr
        created, header, row, subscribed = r.stdout.splitlines()
        assert json.loads(created)["name"] == "gallery"
        assert header.split() == ["SESSION", "NAME", "OWNER", "PID", "SUBSCRIBERS", "STATE", "ITEMS", "LAYOUT",
                                  "CLOCK", "KEEPALIVE"]
        assert row.split() == ["s1", "gallery", "-", "0", "idle", "100", "list", "realtime", "yes"]
        assert json.loads(subscribed)["session"] == "s1"
    finally:
        for entry in Path("/proc").iterdir():
            try:
                args = (entry / "cmdline").read_bytes().split(b"\0") if entry.name.isdigit() else []
            except OSError:
                continue
            if b"--listen" in args and socket.encode() in args:
                os.kill(int(entry.name), 9)
        shutil.rmtree(runtime, ignore_errors=True)


def test_in_the_browser_the_url_serves_the_viewer(tmp_path):
    code = block("sh", "--ws 0")
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    # The block ends once it printed the URL; keep the daemon until the page is fetched.
    code = with_build(code) + "\nread -r _\n"
    proc = subprocess.Popen(["bash", "-c", "set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n" + code],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "XDG_RUNTIME_DIR": str(runtime), "TMPDIR": str(tmp_path)})
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and "token=" in url, proc.stderr.read() if not url else url
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200
            assert page.headers.get_content_type() == "text/html"
            assert b"<canvas" in page.read()
    finally:
        proc.communicate("\n", timeout=30)
    assert proc.returncode == 0


def test_from_python_after_installing_the_client(tmp_path):
    install = block("sh", "pip install")
    assert install.strip() == "python3 -m pip install ./Clients/python"
    site = tmp_path / "site"
    if importlib.util.find_spec("setuptools") is not None:
        # The README's command, into a directory of its own, offline.
        r = subprocess.run([*install.split()[:4], "--no-build-isolation", "--no-deps", "--quiet",
                            "--target", str(site), install.split()[-1]],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    else:
        site = ROOT / "Clients" / "python" / "src"  # the README's other way
    code = block("python", "from transitiond import Client")
    assert f'"{README_BUILD}/transitiond"' in code
    code = code.replace(f'"{README_BUILD}/transitiond"', json.dumps(str(DAEMON)))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(site)})
    assert r.returncode == 0, r.stderr
    rows = [line.split() for line in r.stdout.splitlines()]
    seqs = [int(seq) for seq, _, _ in rows]
    assert len(rows) >= 2 and seqs == sorted(seqs)
    assert float(rows[-1][1]) == 1 and all(int(count) > 0 for _, _, count in rows)


def test_drawing_a_transition(tmp_path):
    code = block("sh", "transitionctl render")
    assert code.strip().startswith("$T/transitionctl render")
    # Run where the film may be written: the README's relative --out lands in tmp_path.
    script = f"T={BUILD}\ncd {tmp_path}\n" + code
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    svg = ET.parse(tmp_path / "film.svg").getroot()
    frames = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "frame"]
    assert len(frames) == 8
