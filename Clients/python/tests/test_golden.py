"""transitiond.golden: golden motion tests from Python, against transitionctl's files."""

import json
import subprocess
from pathlib import Path

import pytest

from transitiond import golden

DOCUMENT = {
    "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],
                "layout": {"type": "list", "rowHeight": 60}},
    "transition": {"to": {"type": "grid", "columns": 2, "spacing": 10}, "duration": 0.5,
                   "timing": "quarticEaseInOut"},
}


def transitionctl(transitiond_path, *args):
    ctl = Path(transitiond_path).parent / "transitionctl"
    assert ctl.is_file(), f"{ctl} is missing: swift build"
    return subprocess.run([str(ctl), *args], capture_output=True, text=True, timeout=60,
                          env={"TRANSITIOND": transitiond_path, "PATH": "/usr/bin:/bin"})


def test_record_writes_what_transitionctl_records(client, transitiond_path, tmp_path):
    document = tmp_path / "doc.transition.json"
    document.write_text(json.dumps(DOCUMENT))
    recorded = tmp_path / "ctl.golden.json"
    r = transitionctl(transitiond_path, "record", str(document), "--out", str(recorded), "--frames", "8")
    assert r.returncode == 0, r.stderr
    value = golden.record(client, document.read_text(), frames=8)
    assert value == json.loads(recorded.read_text())
    assert golden.golden_text(value) == recorded.read_text()
    assert [s["time"] for s in value["samples"]] == pytest.approx([0.5 * k / 8 for k in range(9)])
    assert golden.check(client, DOCUMENT, value) == []


def test_compare_names_element_time_member_and_both_values(client):
    value = golden.record(client, DOCUMENT, frames=4)
    wider = {**DOCUMENT, "transition": {**DOCUMENT["transition"], "to": {"type": "grid", "columns": 2, "spacing": 12}}}
    differences = golden.check(client, wider, value)
    assert differences[0] == golden.Difference(0, 0, "cell 0.0", "nextFrame.width", "182.5", "181.5")
    assert str(differences[1]) == "t=0.000 s (sample 0): cell 0.1: nextFrame.x expected 192.5, found 193.5"
    assert golden.check(client, wider, value, tolerance=6) == []


def test_assert_motion_records_then_checks(client, transitiond_path, tmp_path, monkeypatch):
    document = tmp_path / "doc.transition.json"
    document.write_text(json.dumps(DOCUMENT))
    golden_file = tmp_path / "doc.golden.json"
    golden.assert_motion(document, golden_file, frames=5, client=client)
    assert json.loads(golden_file.read_text())["frames"] == 5
    golden.assert_motion(document, golden_file, client=client)
    # transitionctl check agrees with the file Python wrote.
    r = transitionctl(transitiond_path, "check", str(document), str(golden_file))
    assert r.returncode == 0, r.stdout + r.stderr
    document.write_text(json.dumps({**DOCUMENT, "transition": {**DOCUMENT["transition"], "timing": "linear"}}))
    with pytest.raises(AssertionError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    lines = str(failure.value).splitlines()
    assert lines[0] == f"{document} strays from {golden_file} by more than 0.5 points:"
    # Linear is ahead of quarticEaseInOut in the first half: the first sample after the
    # start already differs.
    assert lines[1].startswith("t=0.100 s (sample 1): cell 0.0: frame.width expected ")
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    golden.assert_motion(document, golden_file, client=client)
    monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN")
    golden.assert_motion(document, golden_file, client=client)


def test_a_refused_document_names_its_field_and_place(client):
    text = '{"session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],\n' \
           ' "layout": {"type": "list", "rowHeight": -1}}, "transition": {"to": {"type": "grid"}}}'
    with pytest.raises(golden.DocumentError) as failure:
        golden.record(client, text)
    assert str(failure.value).splitlines()[1] == (
        "document:2:42: error: session.layout.rowHeight: must be a number from 0 to 1e9, got -1.0")
    assert failure.value.diagnostics[0]["data"]["field"] == "session.layout.rowHeight"
