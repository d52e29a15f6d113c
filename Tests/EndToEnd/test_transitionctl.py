"""End-to-end tests of transitionctl, run against the real transitiond.

The binaries are $TRANSITIONCTL and $TRANSITIOND, else <repo>/.build/debug/.
Run from the repository root:  python3 -m pytest Tests/EndToEnd -q
"""

import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import termios
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRANSITIOND = os.environ.get("TRANSITIOND") or str(ROOT / ".build" / "debug" / "transitiond")
TRANSITIONCTL = os.environ.get("TRANSITIONCTL") or str(ROOT / ".build" / "debug" / "transitionctl")
SVG = "{http://www.w3.org/2000/svg}"
# The daemon on Node (the service compiled to WebAssembly): an executable script.
NODE_HOST = ROOT / "Clients" / "web" / "bin" / "transitiond.mjs"

LIST_SESSION = {
    "viewport": {"width": 375, "height": 667},
    "sections": [{"items": 100}],
    "layout": {"type": "list", "rowHeight": 60},
}
GRID = {
    "type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5,
    "inset": {"top": 10, "left": 10, "bottom": 10, "right": 10},
}


@pytest.fixture(scope="module", autouse=True)
def binaries_exist():
    for path in (TRANSITIOND, TRANSITIONCTL):
        assert os.access(path, os.X_OK), f"{path} is missing: run 'swift build' first (or set TRANSITIOND / TRANSITIONCTL)"


def with_daemon(daemon=TRANSITIOND):
    """The environment that names the daemon to start ($TRANSITIOND)."""
    return {**os.environ, "TRANSITIOND": daemon}


def ctl(*args, stdin=None, timeout=30, daemon=TRANSITIOND):
    """Runs transitionctl with $TRANSITIOND set; returns the CompletedProcess."""
    return subprocess.run(
        [TRANSITIONCTL, *args], input=stdin, capture_output=True, text=True, timeout=timeout, env=with_daemon(daemon)
    )


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def script(*lines):
    return "".join(json.dumps(line) + "\n" for line in lines)


# MARK: help, version, usage errors


def test_help_and_version():
    r = subprocess.run([TRANSITIONCTL, "--help"], capture_output=True, text=True, timeout=10)
    assert r.returncode == 0
    for heading in ("OVERVIEW:", "USAGE: transitionctl", "OPTIONS:", "-h, --help", "--version", "SUBCOMMANDS:"):
        assert heading in r.stdout
    for sub in ("call", "run", "demo", "render"):
        for form in ([sub, "--help"], [sub, "-h"], ["help", sub]):
            r = subprocess.run([TRANSITIONCTL, *form], capture_output=True, text=True, timeout=10)
            assert r.returncode == 0, form
            assert f"USAGE: transitionctl {sub}" in r.stdout
            assert "OVERVIEW:" in r.stdout and "OPTIONS:" in r.stdout
    assert "not supported" in subprocess.run(
        [TRANSITIONCTL, "render", "--help"], capture_output=True, text=True, timeout=10
    ).stdout
    r = subprocess.run([TRANSITIONCTL, "--version"], capture_output=True, text=True, timeout=10)
    assert r.returncode == 0
    assert re.fullmatch(r"transitionctl \d+\.\d+\.\d+\n", r.stdout)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["frob"],
        ["--bogus", "call", "session/list"],
        ["call"],
        ["call", "session/list", "--bogus"],
        ["call", "session/list", "{not json"],
        ["call", "session/list", "42"],
        ["call", "a", "{}", "extra"],
        ["run"],
        ["render"],
        ["render", "--out", "x.svg", "--frames", "1"],
        ["render", "--out", "x.svg", "--format", "gif"],
        ["demo", "--fps", "0"],
        ["demo", "extra"],
        ["call", "session/list", "--timeout"],
        ["call", "session/list", "--follow=yes"],
        ["--socket", "/tmp/x.sock", "--daemon", "/bin/true", "call", "session/list"],
    ],
)
def test_bad_usage_exits_64(args):
    r = subprocess.run([TRANSITIONCTL, *args], capture_output=True, text=True, timeout=10)
    assert r.returncode == 64, (args, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert lines[0].startswith("Error: ")
    assert lines[1].startswith("USAGE: transitionctl")


def test_missing_daemon_is_an_error_not_a_usage_error(tmp_path):
    r = ctl("call", "session/list", daemon=str(tmp_path / "nothing"))
    assert r.returncode == 1
    assert r.stderr.startswith("Error: TRANSITIOND=")
    r = ctl("--daemon", str(tmp_path / "nothing"), "call", "session/list")
    assert r.returncode == 1
    assert r.stderr.startswith("Error: --daemon")


# MARK: call


def test_call_session_list_prints_json():
    r = ctl("call", "session/list")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"sessions": []}
    assert len(r.stdout.splitlines()) == 1


def test_call_with_params_and_pretty():
    r = ctl("call", "session/create", json.dumps(LIST_SESSION), "--pretty")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) > 3
    result = json.loads(r.stdout)
    assert result["session"] == "s1"
    assert result["contentSize"] == {"width": 375, "height": 6000}


def test_call_params_from_stdin():
    r = ctl("call", "session/create", "-", stdin=json.dumps(LIST_SESSION))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["session"] == "s1"


def test_call_initialize_shows_the_handshake():
    r = ctl("call", "initialize")
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert result["serverInfo"]["name"] == "transitiond"
    assert "quarticEaseInOut" in result["capabilities"]["easings"]


def test_unknown_method_exits_1_with_the_error_on_stderr():
    r = ctl("call", "no/such/method", "{}")
    assert r.returncode == 1
    assert r.stdout == ""
    first, second = r.stderr.splitlines()[:2]
    assert first.startswith("Error: ") and "(code -32601)" in first
    error = json.loads(second)
    assert error["code"] == -32601
    assert "no/such/method" in error["message"]
    assert error["data"] == {"method": "no/such/method"}


def test_invalid_params_error_keeps_its_data():
    r = ctl("call", "session/create", "{}")
    assert r.returncode == 1
    error = json.loads(r.stderr.splitlines()[1])
    assert error["code"] == -32602
    assert "data" in error


# MARK: the daemon on Node


def test_daemon_option_starts_the_daemon_on_node(tmp_path):
    """--daemon Clients/web/bin/transitiond.mjs: the script is the daemon, and it answers as the native one."""
    assert (NODE_HOST.parent.parent / "transitiond.wasm").is_file(), "no module: run bash scripts/build-wasm.sh"
    assert os.access(NODE_HOST, os.X_OK)
    # No other daemon to be found: not in $TRANSITIOND, not on the PATH (which keeps node).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    os.symlink(shutil.which("node"), bin_dir / "node")
    env = {**os.environ, "TRANSITIOND": str(tmp_path / "nothing"), "PATH": str(bin_dir)}

    def on_node(*args, stdin=None):
        return subprocess.run([TRANSITIONCTL, "--daemon", str(NODE_HOST), *args], input=stdin, capture_output=True,
                              text=True, timeout=30, env=env)

    r = on_node("call", "session/list")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"sessions": []}
    r = on_node("call", "initialize")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["serverInfo"] == {
        "name": "transitiond", "version": json.loads((NODE_HOST.parent.parent / "package.json").read_text())["version"]}

    # A script of samples: the same bytes as from the daemon under test ($TRANSITIOND).
    text = script(
        {"method": "session/create", "params": {**LIST_SESSION, "clock": "manual"}},
        *({"method": "transition/sample", "params": {"session": "s1", "to": GRID, "duration": 0.5, "progress": p}}
          for p in (0, 0.25, 0.5, 1)),
    )
    r = on_node("run", "-", stdin=text)
    assert r.returncode == 0, r.stderr
    reference = ctl("run", "-", stdin=text)
    assert reference.returncode == 0, reference.stderr
    assert r.stdout == reference.stdout
    samples = [m["result"] for m in json_lines(r.stdout)[1:]]
    assert [s["progress"] for s in samples] == [0, 0.25, 0.5, 1]
    assert samples[-1]["contentSize"] == {"width": 375, "height": 8890}


# MARK: run


def test_run_manual_clock_script():
    text = script(
        {"method": "session/create", "params": {**LIST_SESSION, "clock": "manual"}},
        {"method": "transition/start", "params": {"session": "s1", "to": GRID, "duration": 0.5}},
        {"method": "clock/advance", "params": {"session": "s1", "by": 0.25}},
        {"method": "clock/advance", "params": {"session": "s1", "by": 0.25}},
        {"wait": "didEnd"},
        {"method": "transition/status", "params": {"session": "s1"}},
    )
    r = ctl("run", "-", stdin="# a comment\n\n" + text)
    assert r.returncode == 0, r.stderr
    messages = json_lines(r.stdout)
    responses = [m for m in messages if "id" in m]
    assert [m["id"] for m in responses] == [1, 2, 3, 4, 5]
    assert all("result" in m for m in responses)
    assert responses[0]["result"]["session"] == "s1"
    assert responses[1]["result"]["transition"] == "t1"
    half = responses[2]["result"]
    assert half["time"] == 0.25 and half["fraction"] == 0.5 and half["progress"] == 0.5
    assert responses[3]["result"]["progress"] == 1
    assert responses[4]["result"]["state"] == "idle"
    ticks = [m["params"] for m in messages if m.get("method") == "transition/tick"]
    assert [t["seq"] for t in ticks] == [1, 2]
    ends = [m["params"] for m in messages if m.get("method") == "transition/didEnd"]
    assert len(ends) == 1 and ends[0]["reason"] == "finished" and ends[0]["transition"] == "t1"
    # Every notification is printed before the response that followed it.
    order = [m.get("method") or m["id"] for m in messages]
    assert order.index("transition/didEnd") < order.index(5)


def test_run_script_from_a_file_with_own_ids(tmp_path):
    path = tmp_path / "script.jsonl"
    path.write_text(script({"method": "session/list", "id": "first"}, {"method": "session/list"}))
    r = ctl("run", str(path))
    assert r.returncode == 0, r.stderr
    assert [m["id"] for m in json_lines(r.stdout)] == ["first", 1]


def test_run_stops_at_an_error_unless_keep_going():
    text = script({"method": "no/such"}, {"method": "session/list"})
    r = ctl("run", "-", stdin=text)
    assert r.returncode == 1
    messages = json_lines(r.stdout)
    assert len(messages) == 1 and messages[0]["error"]["code"] == -32601
    assert "Error: line 1" in r.stderr
    r = ctl("run", "--keep-going", "-", stdin=text)
    assert r.returncode == 1
    assert [("error" in m) for m in json_lines(r.stdout)] == [True, False]


def test_run_rejects_a_line_that_is_not_json():
    r = ctl("run", "-", stdin="{oops\n")
    assert r.returncode == 1
    assert "line 1" in r.stderr


def test_run_wait_times_out():
    r = ctl("run", "-", stdin=script({"wait": "didEnd", "timeout": 0.2}))
    assert r.returncode == 1
    assert "no transition/didEnd" in r.stderr


def test_run_realtime_transition_wait_for_didend():
    text = script(
        {"method": "session/create", "params": {**LIST_SESSION, "fps": 30}},
        {"method": "transition/start", "params": {"session": "s1", "to": GRID, "duration": 0.2}},
        {"wait": "didEnd", "transition": "t1"},
    )
    r = ctl("run", "-", stdin=text)
    assert r.returncode == 0, r.stderr
    messages = json_lines(r.stdout)
    assert messages[-1]["method"] == "transition/didEnd"
    seqs = [m["params"]["seq"] for m in messages if m.get("method") == "transition/tick"]
    assert len(seqs) >= 2 and seqs == sorted(seqs)


# MARK: demo (piped)


def test_demo_piped_prints_ticks_then_didend():
    r = ctl("demo", timeout=30)
    assert r.returncode == 0, r.stderr
    messages = json_lines(r.stdout)
    assert len(messages) >= 3
    *ticks, end = messages
    assert all(m["method"] == "transition/tick" for m in ticks)
    seqs = [m["params"]["seq"] for m in ticks]
    assert all(a < b for a, b in zip(seqs, seqs[1:]))
    assert ticks[-1]["params"]["progress"] == 1
    assert all(len(m["params"]["attributes"]) > 0 for m in ticks)
    assert end["method"] == "transition/didEnd"
    assert end["params"]["reason"] == "finished" and end["params"]["finished"] is True


def test_demo_arc_and_keyframes_piped():
    """--keyframes: every item dims to 0.5 half way (alpha linear in progress on each side);
    --arc: item 1, moving diagonally, leaves the straight line (its lift aside)."""
    r = ctl("demo", "--arc", "--keyframes", "--duration", "2", timeout=30)
    assert r.returncode == 0, r.stderr
    ticks = [m["params"] for m in json_lines(r.stdout) if m.get("method") == "transition/tick"]
    assert ticks[-1]["progress"] == 1
    for t in ticks:
        q = t["progress"]
        alpha = 1 - q if q <= 0.5 else q  # 1 -> 0.5 at 0.5 -> 1
        assert all(abs(a["alpha"] - alpha) < 1e-9 for a in t["attributes"]), t["seq"]

    def centre(t):
        f = next(a["frame"] for a in t["attributes"] if a["item"] == 1)
        return f["x"] + f["width"] / 2, f["y"] + f["height"] / 2

    # Item 1: row 1 of the list (rows 60 high, 375 wide), to where the grid puts it.
    (sx, sy), (ex, ey) = (187.5, 90.0), centre(ticks[-1])
    length = ((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5
    bent = 0
    for t in ticks:
        q = t["progress"]
        if not 0.05 < q < 0.95:
            continue
        x, y = centre(t)
        y += 40 * (q / 0.5 if q <= 0.5 else (1 - q) / 0.5)  # the keyframe's lift, undone
        off = abs((x - sx) * (ey - sy) - (y - sy) * (ex - sx)) / length
        assert off > 1, (q, x, y)
        bent += 1
    assert bent > 0


def test_demo_release_piped_shows_a_flick():
    """--release: the pan's ticks speed up to 0.3, the release projects past half way and
    finishes, and the first ticks after it go on at about the pan's last speed."""
    r = ctl("demo", "--release", timeout=30)
    assert r.returncode == 0, r.stderr
    messages = json_lines(r.stdout)
    released = next(m["release"] for m in messages if "release" in m)
    assert released["decision"] == "finish" and released["state"] == "finishing"
    assert released["velocity"] > 2
    assert abs(released["projectedProgress"] - (released["progress"] + released["velocity"] * 0.499)) < 1e-9
    index = next(i for i, m in enumerate(messages) if "release" in m)
    after = [m["params"] for m in messages[index + 1:] if m.get("method") == "transition/tick"]
    assert after and after[-1]["progress"] == 1
    # The spring starts at the release velocity: the leg's first tick reports it.
    first = next(t for t in after if t["time"] > released["time"])
    assert first["velocity"] > 0.5 * released["velocity"]
    assert messages[-1]["method"] == "transition/didEnd" and messages[-1]["params"]["reason"] == "finished"


# MARK: render


def sample_all(progresses, spec_session=None, spec_transition=None):
    """The results of transition/sample at each progress, through transitionctl run."""
    session = spec_session or {**LIST_SESSION, "clock": "manual"}
    transition = spec_transition or {"to": GRID, "duration": 0.5, "timing": "quarticEaseInOut"}
    lines = [{"method": "session/create", "params": session}]
    lines += [{"method": "transition/sample", "params": {**transition, "session": "s1", "progress": p}} for p in progresses]
    r = ctl("run", "-", stdin=script(*lines))
    assert r.returncode == 0, r.stderr
    return [m["result"] for m in json_lines(r.stdout)[1:]]


def frames_of(path):
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg"
    return [g for g in root.iter(SVG + "g") if g.get("class") == "frame"]


def check_frames_against_samples(frames, samples):
    for frame, sample in zip(frames, samples):
        assert float(frame.get("data-progress")) == pytest.approx(sample["progress"], abs=1e-4)
        rects = frame.findall(f".//{SVG}rect")
        items = [r for r in rects if r.get("class") == "item"]
        viewports = [r for r in rects if r.get("class") == "viewport"]
        assert len(rects) == len(sample["attributes"]) + 1
        assert len(viewports) == 1 and len(items) == len(sample["attributes"])
        drawn = sorted([float(r.get(k)) for k in ("x", "y", "width", "height")] for r in items)
        sent = sorted(
            [a["frame"]["x"], a["frame"]["y"], a["frame"]["width"], a["frame"]["height"]] for a in sample["attributes"]
        )
        for d, s in zip(drawn, sent):
            assert d == pytest.approx(s, abs=1e-3)
        view = frame.find(f"{SVG}svg").get("viewBox").split()
        assert float(view[0]) == pytest.approx(sample["contentOffset"]["x"], abs=1e-3)
        assert float(view[1]) == pytest.approx(sample["contentOffset"]["y"], abs=1e-3)
        labels = {t.text for t in frame.iter(SVG + "text") if t.get("class") != "caption"}
        assert {str(a["item"]) for a in sample["attributes"]} <= labels


@pytest.mark.parametrize("count", [6, 3])
def test_render_writes_an_svg_filmstrip(tmp_path, count):
    out = tmp_path / "film.svg"
    args = ["render", "--out", str(out)] + ([] if count == 6 else ["--frames", str(count)])
    r = ctl(*args)
    assert r.returncode == 0, r.stderr
    frames = frames_of(out)
    assert len(frames) == count
    progresses = [k / (count - 1) for k in range(count)]
    samples = sample_all(progresses)
    check_frames_against_samples(frames, samples)
    captions = [t.text for f in frames for t in f.iter(SVG + "text") if t.get("class") == "caption"]
    assert captions[0] == "progress 0.00" and captions[-1] == "progress 1.00"


def test_render_a_spec_file(tmp_path):
    spec = {
        "session": {
            "viewport": {"width": 375, "height": 667},
            "sections": [{"items": 30}],
            "layout": {"type": "displaySwitch", "mode": "list", "staticCellHeight": 80},
        },
        "transition": {
            "to": {"type": "displaySwitch", "mode": "grid", "staticCellHeight": 165, "columns": 3},
            "contentOffset": {"strategy": "displaySwitch"},
            "duration": 0.4,
        },
    }
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    out = tmp_path / "ds.svg"
    r = ctl("render", "--spec", str(path), "--out", str(out), "--frames", "4")
    assert r.returncode == 0, r.stderr
    frames = frames_of(out)
    assert len(frames) == 4
    check_frames_against_samples(frames, sample_all([0, 1 / 3, 2 / 3, 1], spec["session"], spec["transition"]))


def test_render_to_stdout_and_bad_spec(tmp_path):
    r = ctl("render", "--out", "-", "--frames", "2")
    assert r.returncode == 0
    assert len(frames_of_text(r.stdout)) == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{"session": {}}')
    r = ctl("render", "--spec", str(bad), "--out", str(tmp_path / "x.svg"))
    assert r.returncode == 1 and r.stderr.startswith("Error: ")
    r = ctl("render", "--spec", str(tmp_path / "absent.json"), "--out", str(tmp_path / "x.svg"))
    assert r.returncode == 1


@pytest.mark.native_only("document/check is the native daemon's")
def test_a_spec_is_a_transition_document_checked_by_the_daemon(tmp_path):
    bad = tmp_path / "bad.transition.json"
    bad.write_text(
        '{\n'
        '  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],\n'
        '              "layout": {"type": "list", "rowHeight": 60}},\n'
        '  "transition": {"to": {"type": "grid", "columns": "two"}}\n'
        '}\n'
    )
    r = ctl("render", "--spec", str(bad), "--out", str(tmp_path / "x.svg"))
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        f"Error: {bad}: not a valid transition document",
        f"{bad}:4:52: error: transition.to.columns: expected integer",
    ]
    assert not (tmp_path / "x.svg").exists()
    # An unknown member is a warning, left out: the film is drawn.
    bad.write_text(bad.read_text().replace('"two"}', '2}, "duraton": 0.5'))
    r = ctl("export", "--format", "css", "--spec", str(bad), "--out", str(tmp_path / "x.css"))
    assert r.returncode == 0, r.stderr
    assert r.stderr == f"{bad}:4:56: warning: transition.duraton: unknown member; did you mean `duration`?\n"
    assert "@keyframes" in (tmp_path / "x.css").read_text()


@pytest.mark.native_only("document/check is the native daemon's")
def test_the_older_spec_form_is_converted(tmp_path):
    older = tmp_path / "older.json"
    older.write_text(json.dumps({"viewport": {"width": 375, "height": 667}, "items": 100,
                                 "from": LIST_SESSION["layout"], "to": GRID, "duration": 0.5,
                                 "timing": "quarticEaseInOut"}))
    out = tmp_path / "film.svg"
    r = ctl("render", "--spec", str(older), "--out", str(out), "--frames", "3")
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith(f"{older}:1:1: warning: the older spec form")
    frames = frames_of_text(out.read_text())
    transition = {"to": GRID, "duration": 0.5, "timing": "quarticEaseInOut"}
    check_frames_against_samples(frames, sample_all([0, 0.5, 1], {**LIST_SESSION, "clock": "realtime"}, transition))


def frames_of_text(text):
    root = ET.fromstring(text)
    return [g for g in root.iter(SVG + "g") if g.get("class") == "frame"]


# MARK: record and check (golden motion tests)

GOLDEN_DOCUMENT = {
    "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 12}],
                "layout": {"type": "list", "rowHeight": 60}},
    "transition": {"to": {"type": "grid", "columns": 2, "spacing": 10}, "duration": 0.5,
                   "timing": "quarticEaseInOut", "appear": "fade"},
}


def samples_at(times, document):
    """transition/sample of the document's transition at each time, every element."""
    lines = [{"method": "session/create", "params": document["session"]}]
    lines += [{"method": "transition/sample", "params": {**document["transition"], "session": "s1", "time": t, "all": True}}
              for t in times]
    r = ctl("run", "-", stdin=script(*lines))
    assert r.returncode == 0, r.stderr
    return [m["result"] for m in json_lines(r.stdout)[1:]]


@pytest.fixture
def recorded(tmp_path):
    """A document and its golden file of 10 intervals."""
    document = tmp_path / "list-to-grid.transition.json"
    document.write_text(json.dumps(GOLDEN_DOCUMENT, indent=2))
    golden = tmp_path / "list-to-grid.golden.json"
    r = ctl("record", str(document), "--out", str(golden), "--frames", "10")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and r.stderr == ""
    return document, golden


def test_record_samples_every_element_at_evenly_spaced_times(recorded):
    document, golden = recorded
    data = json.loads(golden.read_text())
    assert data["transitiondGolden"] == 1 and data["frames"] == 10 and data["duration"] == 0.5
    times = [s["time"] for s in data["samples"]]
    assert times == pytest.approx([0.05 * k for k in range(11)], abs=1e-12)
    assert times[0] == 0 and times[-1] == 0.5
    assert data["samples"][0]["progress"] == 0 and data["samples"][-1]["progress"] == 1
    for recorded_sample, sample in zip(data["samples"], samples_at(times, GOLDEN_DOCUMENT)):
        assert recorded_sample["attributes"] == sample["attributes"]
        assert recorded_sample["contentOffset"] == sample["contentOffset"]
    # Every element, not only the visible ones: 12 cells.
    assert {len(s["attributes"]) for s in data["samples"]} == {12}
    # Recording again gives the same bytes: the daemon is deterministic.
    again = golden.with_name("again.json")
    assert ctl("record", str(document), "--out", str(again), "--frames", "10").returncode == 0
    assert again.read_bytes() == golden.read_bytes()


def test_check_passes_an_unchanged_document(recorded):
    document, golden = recorded
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout == f"11 samples of 12 elements within 0.5 points of {golden}\n"


def test_check_reports_every_element_out_of_bounds_and_draws_them(recorded, tmp_path):
    document, golden = recorded
    changed = {**GOLDEN_DOCUMENT, "transition": {**GOLDEN_DOCUMENT["transition"],
                                                  "to": {"type": "grid", "columns": 2, "spacing": 12}}}
    document.write_text(json.dumps(changed))
    diff = tmp_path / "diff.svg"
    r = ctl("check", str(document), str(golden), "--diff-svg", str(diff))
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "transition.to.spacing changed: 10 -> 12"
    lines = lines[1:]
    # At t = 0 only nextFrame differs: the second column starts at 193.5 instead of 192.5.
    assert lines[0] == "t=0.000 s (sample 0): cell 0.0: nextFrame.width expected 182.5, found 181.5"
    assert lines[1] == "t=0.000 s (sample 0): cell 0.1: nextFrame.x expected 192.5, found 193.5"
    # The report against the samples computed here: one line per element and sample
    # whose frame or nextFrame member is more than 0.5 from the recorded one.
    data = json.loads(golden.read_text())
    now = samples_at([s["time"] for s in data["samples"]], changed)
    expected_count = 0
    differing = set()
    for index, (old, new) in enumerate(zip(data["samples"], now)):
        if any(abs(old["contentOffset"][k] - new["contentOffset"][k]) > 0.5 for k in ("x", "y")):
            expected_count += 1
        for a, b in zip(old["attributes"], new["attributes"]):
            assert (a["section"], a["item"]) == (b["section"], b["item"])
            if any(abs(a[m][k] - b[m][k]) > 0.5 for m in ("frame", "nextFrame") for k in ("x", "y", "width", "height")):
                expected_count += 1
                differing.add((index, a["item"]))
    assert lines[-1] == f"{expected_count} differences in 11 of 11 samples beyond 0.5 points of {golden}"
    reported = [line for line in lines[:-1] if not line.startswith("...")]
    assert len(reported) == min(50, expected_count)
    assert lines[50] == f"... and {expected_count - 50} more"
    # The filmstrip: the samples now, each recorded frame as an outline, red where it differs.
    frames = frames_of(diff)
    assert len(frames) == 11
    # Each frame is labelled as the report names it: its sample number and time.
    captions = [next(t.text for t in frame.iter(SVG + "text") if t.get("class") == "caption") for frame in frames]
    assert captions == [f"t={0.05 * k:.3f} s (sample {k})" for k in range(11)]
    for index, frame in enumerate(frames):
        outlines = [r for r in frame.iter(SVG + "rect") if r.get("class") == "expected"]
        assert len(outlines) == 12
        for outline in outlines:
            item = int(outline.get("data-item"))
            recorded_frame = data["samples"][index]["attributes"][item]["frame"]
            assert [float(outline.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx(
                [recorded_frame[k] for k in ("x", "y", "width", "height")], abs=1e-3)
            assert outline.get("data-differs") == ("true" if (index, item) in differing else "false")
    # A wider tolerance lets the same change pass: the rows move by at most 5 points.
    r = ctl("check", str(document), str(golden), "--tolerance", "6")
    assert r.returncode == 0, r.stdout
    assert r.stdout == f"transition.to.spacing changed: 10 -> 12\n11 samples of 12 elements within 6 points of {golden}\n"


def test_check_reports_elements_that_come_and_go(recorded):
    document, golden = recorded
    more = json.loads(json.dumps(GOLDEN_DOCUMENT))
    more["transition"]["sections"] = [{"items": 13}]
    document.write_text(json.dumps(more))
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 1
    # Item 12 now appears (fading in, so not yet at progress 0); nothing else changed.
    lines = r.stdout.splitlines()
    # The changed input first, on one line.
    assert lines[0] == 'transition.sections changed: nothing -> [{"items":13}]'
    assert lines[1:-1] == [
        f"t={0.05 * k:.3f} s (sample {k}): cell 0.12: presence expected absent, found present" for k in range(1, 11)
    ]
    assert lines[-1].startswith("10 differences in 10 of 11 samples")
    fewer = json.loads(json.dumps(GOLDEN_DOCUMENT))
    fewer["transition"]["sections"] = [{"items": 11}]
    document.write_text(json.dumps(fewer))
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 1
    # Item 11 now disappears where it was instead of moving: its nextFrame is its own.
    assert r.stdout.startswith('transition.sections changed: nothing -> [{"items":11}]\n'
                               "t=0.000 s (sample 0): cell 0.11: nextFrame.x expected 192.5, found 0\n")


def test_check_reports_a_changed_input_first_on_one_line(recorded):
    document, golden = recorded
    shorter = {**GOLDEN_DOCUMENT, "transition": {**GOLDEN_DOCUMENT["transition"], "duration": 0.45}}
    document.write_text(json.dumps(shorter))
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "duration changed: 0.5 -> 0.45"
    assert lines[1].startswith("t=") and lines[-1].endswith(f"beyond 0.5 points of {golden}")
    assert all(line.startswith(("t=", "... and ")) for line in lines[1:-1])
    linear = {**GOLDEN_DOCUMENT, "transition": {**GOLDEN_DOCUMENT["transition"], "timing": "linear"},
              "session": {**GOLDEN_DOCUMENT["session"], "layout": {"type": "list", "rowHeight": 50}}}
    document.write_text(json.dumps(linear))
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == (
        'session.layout.rowHeight changed: 60 -> 50; transition.timing changed: "quarticEaseInOut" -> "linear"')
    assert r.stdout.splitlines()[1].startswith("t=0.000 s (sample 0): cell 0.")


def test_the_golden_file_keeps_the_document_it_was_recorded_from(recorded):
    document, golden = recorded
    data = json.loads(golden.read_text())
    assert data["document"] == GOLDEN_DOCUMENT
    assert golden.read_text().splitlines()[:5] == [
        "{", '  "transitiondGolden": 1,', '  "frames": 10,', '  "duration": 0.5,',
        '  "document": ' + json.dumps(GOLDEN_DOCUMENT, separators=(",", ":")) + ","]
    # A file recorded before the document was kept is still checked (only its duration
    # is known about the input).
    del data["document"]
    golden.write_text(json.dumps(data))
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 0, r.stdout + r.stderr


def test_check_fails_without_the_golden_file_and_records_only_with_update(tmp_path):
    document = tmp_path / "list-to-grid.transition.json"
    document.write_text(json.dumps(GOLDEN_DOCUMENT))
    golden = tmp_path / "list-to-grid.golden.json"
    environment = {k: v for k, v in with_daemon().items() if k not in ("CI", "TRANSITIOND_UPDATE_GOLDEN")}
    r = subprocess.run([TRANSITIONCTL, "check", str(document), str(golden)], capture_output=True, text=True,
                       timeout=30, env=environment)
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stdout == ""
    assert r.stderr == (
        f"Error: golden file '{golden}' does not exist: record it with "
        f"'transitionctl record {document} --out {golden}' or 'transitionctl check --update {document} {golden}'\n")
    assert not golden.exists()
    # --update records it (30 intervals unless --frames) ...
    r = ctl("check", "--update", str(document), str(golden), "--frames", "10")
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"recorded 11 samples of 12 elements in {golden}\n"
    recorded = golden.with_name("recorded.json")
    assert ctl("record", str(document), "--out", str(recorded), "--frames", "10").returncode == 0
    assert golden.read_bytes() == recorded.read_bytes()
    r = ctl("check", str(document), str(golden))
    assert r.returncode == 0 and r.stdout == f"11 samples of 12 elements within 0.5 points of {golden}\n"
    # ... and rewrites an existing one, with its number of intervals.
    document.write_text(json.dumps({**GOLDEN_DOCUMENT, "transition": {**GOLDEN_DOCUMENT["transition"], "duration": 0.4}}))
    assert ctl("check", str(document), str(golden)).returncode == 1
    r = ctl("check", "--update", str(document), str(golden))
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"recorded 11 samples of 12 elements in {golden}\n"
    assert json.loads(golden.read_text())["duration"] == 0.4
    assert ctl("check", str(document), str(golden)).returncode == 0
    r = ctl("check", str(document), str(golden), "--frames", "4")
    assert r.returncode == 64 and r.stderr.startswith("Error: --frames is for --update\n")


def test_check_refuses_what_is_not_a_golden_file(recorded, tmp_path):
    document, golden = recorded
    r = ctl("check", str(document), str(document))
    assert r.returncode == 1
    assert r.stderr == f"Error: {document}: not a golden motion file of version 1 (made by transitionctl record)\n"
    r = ctl("check", str(document))
    assert r.returncode == 64 and r.stderr.startswith("Error: missing <golden>\n")
    r = ctl("record", str(document))
    assert r.returncode == 64 and r.stderr.startswith("Error: missing --out <golden>\n")


# MARK: socket and --follow


@pytest.fixture
def socket_daemon(tmp_path):
    path = str(tmp_path / "td.sock")
    daemon = subprocess.Popen([TRANSITIOND, "--listen", path, "--log-level", "error"])
    deadline = time.time() + 10
    while not os.path.exists(path):
        assert time.time() < deadline and daemon.poll() is None, "transitiond --listen did not start"
        time.sleep(0.02)
    yield path
    daemon.send_signal(signal.SIGTERM)
    daemon.wait(timeout=10)


def test_socket_sessions_kept_alive_and_follow(socket_daemon):
    # $TRANSITIOND names nothing: the socket is used, no daemon is started.
    sock = ["--socket", socket_daemon]
    r = ctl(*sock, "call", "session/create", json.dumps({**LIST_SESSION, "keepAlive": True, "fps": 30}), daemon="/x")
    assert r.returncode == 0, r.stderr
    session = json.loads(r.stdout)["session"]
    listed = json.loads(ctl(*sock, "call", "session/list").stdout)["sessions"]
    assert [s["session"] for s in listed] == [session]
    follower = subprocess.Popen(
        [TRANSITIONCTL, *sock, "--timeout", "20", "call", "--follow", "session/subscribe", json.dumps({"session": session})],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=with_daemon("/nonexistent"),
    )
    subscribed = json.loads(follower.stdout.readline())
    assert subscribed["session"] == session
    r = ctl(*sock, "call", "transition/start", json.dumps({"session": session, "to": GRID, "duration": 0.3}))
    assert r.returncode == 0, r.stderr
    out, err = follower.communicate(timeout=30)
    assert follower.returncode == 0, err
    assert "stopped following" not in err
    notifications = json_lines(out)
    assert notifications[-1]["method"] == "transition/didEnd"
    assert all(n["method"] == "transition/tick" for n in notifications[:-1]) and len(notifications) >= 2


def test_follow_stops_at_the_timeout():
    start = time.time()
    r = ctl("call", "--follow", "--timeout", "0.5", "session/list")
    assert r.returncode == 0
    assert json.loads(r.stdout) == {"sessions": []}
    assert "stopped following" in r.stderr
    assert time.time() - start < 10


def test_socket_that_does_not_exist(tmp_path):
    r = ctl("--socket", str(tmp_path / "none.sock"), "call", "session/list")
    assert r.returncode == 1 and "cannot connect" in r.stderr


# MARK: no orphan daemon


@pytest.fixture
def recording_daemon(tmp_path):
    """A daemon wrapper that writes its pid, then becomes transitiond."""
    pidfile = tmp_path / "daemon.pid"
    wrapper = tmp_path / "transitiond-wrapper"
    wrapper.write_text(f'#!/bin/sh\necho $$ > "{pidfile}"\nexec "{TRANSITIOND}" "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper), pidfile


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is not running any more.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_started_daemon_is_reaped(recording_daemon):
    wrapper, pidfile = recording_daemon
    r = ctl("--daemon", wrapper, "call", "session/list", daemon="/nonexistent")
    assert r.returncode == 0, r.stderr
    assert not alive(int(pidfile.read_text()))


def test_interrupt_shuts_the_daemon_down(recording_daemon):
    wrapper, pidfile = recording_daemon
    p = subprocess.Popen(
        [TRANSITIONCTL, "run", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=with_daemon(wrapper),
    )
    p.stdin.write(script({"method": "session/list"}))
    p.stdin.flush()
    assert p.stdout.readline().startswith('{"jsonrpc":"2.0","id":1')
    pid = int(pidfile.read_text())
    assert alive(pid)
    p.send_signal(signal.SIGINT)
    p.wait(timeout=10)
    assert p.returncode == 130
    assert not alive(pid)


# MARK: the demo in a terminal


class Terminal:
    """transitionctl in a pseudo-terminal of 80 x 24, keys typed into it."""

    def __init__(self, *args, columns=80, rows=24):
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.before = termios.tcgetattr(self.slave)
        self.process = subprocess.Popen(
            [TRANSITIONCTL, *args], stdin=self.slave, stdout=self.slave, stderr=self.slave, start_new_session=True,
            env=with_daemon(),
        )
        self.output = b""

    def read_for(self, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    return

    def read_until(self, needle, seconds=10):
        deadline = time.time() + seconds
        while needle not in self.output and time.time() < deadline:
            self.read_for(0.05)
        return needle in self.output

    def type(self, keys, pause=0.25):
        for key in keys:
            os.write(self.master, key)
            self.read_for(pause)

    def finish(self, seconds=15):
        deadline = time.time() + seconds
        while self.process.poll() is None:
            assert time.time() < deadline, "transitionctl did not exit"
            self.read_for(0.05)
        self.read_for(0.2)
        after = termios.tcgetattr(self.slave)
        os.close(self.master)
        os.close(self.slave)
        return self.process.returncode, after == self.before

    def text(self):
        return self.output.decode("utf-8", "replace")


def check_screen_fits(text, columns=80, rows=24):
    """Every drawn line is narrower than the terminal and a screen has fewer lines than it."""
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    for line in re.split(r"[\r\n]", plain):
        assert len(line) < columns, line
    ups = [int(n) for n in re.findall(r"\x1b\[(\d+)A", text)]
    assert ups and max(ups) < rows


def test_scrub_in_a_pseudo_terminal():
    term = Terminal("demo", "--scrub")
    assert term.read_until("press l".encode())
    term.type([b"l", b"l", b"l"])
    assert term.read_until(b"progress  0.150")
    term.type([b"f"], pause=0.1)
    assert term.read_until(b"ended: finished")
    term.type([b"q"])
    rc, restored = term.finish()
    assert rc == 0
    assert restored, "the terminal settings were not restored"
    text = term.text()
    assert "t1 list -> grid: finished at progress 1" in text
    assert text.rstrip().endswith("finished at progress 1")
    assert "\x1b[?25h" in text
    check_screen_fits(text)


def test_scrub_keys_cancel_and_cancel_in_place():
    term = Terminal("demo", "--scrub")
    assert term.read_until(b"press l")
    term.type([b"\x1b[C", b"\x1b[C", b"\x1b[C", b"\x1b[C", b"\x1b[D"])
    assert term.read_until(b"progress  0.150")
    term.type([b" "])
    assert term.read_until(b"ended: cancelledInPlace")
    term.type([b"l", b"c"])
    assert term.read_until(b"ended: cancelled;")
    term.type([b"\x03"])
    rc, restored = term.finish()
    assert rc == 0 and restored
    lines = [line for line in term.text().splitlines() if re.match(r"^\s*t\d ", line)]
    assert "t1 list -> grid: cancelledInPlace" in lines[0]
    assert "t2 snapshot -> grid: cancelled" in lines[1]


def test_demo_animates_in_a_terminal_and_quits_on_q():
    term = Terminal("demo", "--loop", "--hold", "0.2")
    assert term.read_until(b"t2 grid \xe2\x86\x92 list", seconds=15)
    term.type([b"q"])
    rc, restored = term.finish()
    assert rc == 0 and restored
    text = term.text()
    assert "t1 list -> grid: finished at progress 1" in text
    assert "┌" in text and "█" in text
    check_screen_fits(text)


def test_demo_uses_a_larger_terminal():
    term = Terminal("demo", "--hold", "0", columns=160, rows=50)
    rc, restored = term.finish()
    assert rc == 0 and restored
    ups = [int(n) for n in re.findall(r"\x1b\[(\d+)A", term.text())]
    assert max(ups) > 40
    check_screen_fits(term.text(), columns=160, rows=50)


@pytest.mark.parametrize("args", [["demo", "--scrub"], ["demo", "--loop"]])
def test_demo_ends_when_the_terminal_hangs_up(args):
    term = Terminal(*args)
    assert term.read_until(b"progress [")
    os.close(term.master)
    term.process.wait(timeout=10)
    os.close(term.slave)
    assert term.process.returncode == 0


def test_finds_the_daemon_next_to_itself():
    if not os.access(Path(TRANSITIONCTL).parent / "transitiond", os.X_OK):
        pytest.skip("no transitiond next to transitionctl")
    env = {k: v for k, v in os.environ.items() if k != "TRANSITIOND"}
    env["PATH"] = "/usr/bin:/bin"
    r = subprocess.run([TRANSITIONCTL, "call", "session/list"], capture_output=True, text=True, timeout=30, env=env)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"sessions": []}


def test_sigint_during_scrub_restores_the_terminal():
    term = Terminal("demo", "--scrub")
    assert term.read_until(b"press l")
    term.type([b"l"])
    assert term.read_until(b"progress  0.050")
    term.process.send_signal(signal.SIGINT)
    rc, restored = term.finish()
    assert rc == 130
    assert restored
    assert "\x1b[?25h" in term.text()
