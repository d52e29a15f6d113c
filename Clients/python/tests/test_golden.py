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


def test_assert_motion_records_only_when_asked_then_checks(client, transitiond_path, tmp_path, monkeypatch):
    document = tmp_path / "doc.transition.json"
    document.write_text(json.dumps(DOCUMENT))
    golden_file = tmp_path / "doc.golden.json"
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    golden.assert_motion(document, golden_file, frames=5, client=client)
    assert json.loads(golden_file.read_text())["frames"] == 5
    monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN")
    golden.assert_motion(document, golden_file, client=client)
    # transitionctl check agrees with the file Python wrote.
    r = transitionctl(transitiond_path, "check", str(document), str(golden_file))
    assert r.returncode == 0, r.stdout + r.stderr
    document.write_text(json.dumps({**DOCUMENT, "transition": {**DOCUMENT["transition"], "timing": "linear"}}))
    with pytest.raises(AssertionError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    lines = str(failure.value).splitlines()
    # The changed input first, on one line; then the motion.
    assert lines[0] == 'transition.timing changed: "quarticEaseInOut" -> "linear"'
    assert lines[1] == f"{document} strays from {golden_file} by more than 0.5 points:"
    # Linear is ahead of quarticEaseInOut in the first half: the first sample after the
    # start already differs.
    assert lines[2].startswith("t=0.100 s (sample 1): cell 0.0: frame.width expected ")
    before = golden_file.read_bytes()
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    golden.assert_motion(document, golden_file, client=client)
    assert golden_file.read_bytes() != before
    monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN")
    golden.assert_motion(document, golden_file, client=client)


@pytest.mark.parametrize("update", [None, "0", ""])
def test_assert_motion_fails_without_the_golden_file(client, tmp_path, monkeypatch, update):
    monkeypatch.delenv("CI", raising=False)
    if update is None:
        monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN", raising=False)
    else:
        monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", update)
    document = tmp_path / "doc.transition.json"
    document.write_text(json.dumps(DOCUMENT))
    golden_file = tmp_path / "doc.golden.json"
    with pytest.raises(AssertionError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    assert str(failure.value) == (
        f"golden file '{golden_file}' does not exist: record it with TRANSITIOND_UPDATE_GOLDEN=1 "
        f"or 'transitionctl record {document} --out {golden_file}'")
    assert not golden_file.exists()


def test_assert_motion_reports_a_changed_duration_first(client, tmp_path, monkeypatch):
    document = tmp_path / "doc.transition.json"
    document.write_text(json.dumps(DOCUMENT))
    golden_file = tmp_path / "doc.golden.json"
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    golden.assert_motion(document, golden_file, frames=10, client=client)
    monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN")
    document.write_text(json.dumps({**DOCUMENT, "transition": {**DOCUMENT["transition"], "duration": 0.45}}))
    with pytest.raises(AssertionError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    lines = str(failure.value).splitlines()
    assert lines[0] == "duration changed: 0.5 -> 0.45"
    assert lines[1] == f"{document} strays from {golden_file} by more than 0.5 points:"
    assert lines[2].startswith("t=0.")
    six = {**DOCUMENT, "session": {**DOCUMENT["session"], "sections": [{"items": 7}]}}
    document.write_text(json.dumps(six))
    with pytest.raises(AssertionError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    assert str(failure.value).splitlines()[0] == "session.sections[0].items changed: 6 -> 7"


def test_python_and_transitionctl_write_the_same_bytes(client, transitiond_path, tmp_path, monkeypatch):
    document = tmp_path / "doc.transition.json"
    cubic = {**DOCUMENT, "transition": {**DOCUMENT["transition"], "timing": "cubicEaseIn"}}
    document.write_text(json.dumps(cubic, indent=2))
    from_ctl = tmp_path / "ctl.golden.json"
    r = transitionctl(transitiond_path, "record", str(document), "--out", str(from_ctl))
    assert r.returncode == 0, r.stderr
    from_python = tmp_path / "python.golden.json"
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    golden.assert_motion(document, from_python, client=client)
    text = from_ctl.read_text()
    # 30 intervals of cubicEaseIn: numbers below 10^-4 (t^3 at t = 1/30), which
    # Python's json writes with an exponent and the daemon without.
    assert ":0.0000370370392592593," in text
    assert from_python.read_bytes() == from_ctl.read_bytes()


@pytest.mark.parametrize("value, text", [
    (0, "0"), (-0.0, "-0"), (2.0, "2"), (-3.0, "-3"), (0.5, "0.5"), (0.45, "0.45"),
    (123.45678901234567, "123.45678901234567"), (0.0001234, "0.0001234"),
    (9.87654222222226e-06, "0.00000987654222222226"), (1e-07, "0.0000001"), (1.234e-05, "0.00001234"),
    (1.2345678901234568e-05, "1.2345678901234568e-05"), (1e-08, "1e-08"), (5e-324, "5e-324"),
    (9007199254740992.0, "9007199254740992"), (1e16, "1e+16"), (1.7976931348623157e308, "1.7976931348623157e+308"),
    (float("nan"), "null"), (float("inf"), "null"), (True, "true"), (None, "null"),
    ("a\"\\\n\u0001é", '"a\\"\\\\\\n\\u0001é"'),
    ({"x": [1, 0.25, {}], "y": []}, '{"x":[1,0.25,{}],"y":[]}'),
])
def test_json_text_writes_numbers_as_the_daemon_does(value, text):
    assert golden.json_text(value) == text


def test_a_refused_document_names_its_field_and_place(client):
    text = '{"session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],\n' \
           ' "layout": {"type": "list", "rowHeight": -1}}, "transition": {"to": {"type": "grid"}}}'
    with pytest.raises(golden.DocumentError) as failure:
        golden.record(client, text)
    assert str(failure.value).splitlines()[1] == (
        "document:2:42: error: session.layout.rowHeight: must be a number from 0 to 1e9, got -1.0")
    assert failure.value.diagnostics[0]["data"]["field"] == "session.layout.rowHeight"


def test_a_refused_document_file_is_named_in_every_error(client, tmp_path, monkeypatch):
    document = tmp_path / "bad.transition.json"
    document.write_text('{"session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],\n'
                        ' "layout": {"type": "list", "rowHeight": -1}}, "transition": {"to": {"type": "grid"}}}')
    golden_file = tmp_path / "bad.golden.json"
    monkeypatch.setenv("TRANSITIOND_UPDATE_GOLDEN", "1")
    with pytest.raises(golden.DocumentError) as failure:
        golden.assert_motion(document, golden_file, client=client)
    assert str(failure.value).splitlines() == [
        f"{document}: not a valid transition document",
        f"{document}:2:42: error: session.layout.rowHeight: must be a number from 0 to 1e9, got -1.0"]
    # A path given to record names itself too.
    with pytest.raises(golden.DocumentError) as failure:
        golden.record(client, document)
    assert str(failure.value).startswith(f"{document}: not a valid transition document\n{document}:2:42: ")
    # A golden file that is not one is named as well.
    golden_file.write_text("{}")
    monkeypatch.delenv("TRANSITIOND_UPDATE_GOLDEN")
    good = tmp_path / "good.transition.json"
    good.write_text(json.dumps(DOCUMENT))
    with pytest.raises(ValueError, match=f"^{golden_file}: not a golden motion file of version 1"):
        golden.assert_motion(good, golden_file, client=client)
    golden_file.write_text("not json")
    with pytest.raises(ValueError, match=f"^{golden_file}: not a golden motion file of version 1"):
        golden.assert_motion(good, golden_file, client=client)
