"""One version: ProjectVersion.number in the Swift sources, which both executables read;
the copies package formats need as literals follow it."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRANSITIOND = os.environ.get("TRANSITIOND") or str(ROOT / ".build" / "debug" / "transitiond")
TRANSITIONCTL = os.environ.get("TRANSITIONCTL") or str(Path(TRANSITIOND).parent / "transitionctl")


def version():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "version.py")], capture_output=True, text=True, check=True)
    return r.stdout.strip()


def test_every_copy_matches_the_source():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "version.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_executables_report_it():
    v = version()
    assert v.count(".") == 2
    for program, name in ((TRANSITIOND, "transitiond"), (TRANSITIONCTL, "transitionctl")):
        out = subprocess.run([program, "--version"], capture_output=True, text=True, check=True).stdout
        assert out == f"{name} {v}\n"


def test_sync_rewrites_every_stale_copy(tmp_path):
    """In a copy of the tree where the source moved on, --check names each literal copy
    and --sync rewrites exactly their version, nothing else."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import version as script
    finally:
        sys.path.pop(0)
    files = [str(script.SOURCE.relative_to(ROOT))] + [rel for rel, _ in script.COPIES] + script.PACKAGE_JSONS
    for rel in ["scripts/version.py"] + files:
        if (ROOT / rel).exists():
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / rel, tmp_path / rel)
    old = version()
    source = tmp_path / script.SOURCE.relative_to(ROOT)
    source.write_text(source.read_text().replace(f'"{old}"', '"9.8.7"'))
    copies = sorted({rel for rel in files[1:] if (tmp_path / rel).exists()})
    assert len(copies) >= 6, copies
    run = [sys.executable, str(tmp_path / "scripts" / "version.py")]

    checked = subprocess.run(run + ["--check"], capture_output=True, text=True)
    assert checked.returncode == 1
    assert sorted(line.split(":")[0] for line in checked.stderr.splitlines()) == copies

    synced = subprocess.run(run + ["--sync"], capture_output=True, text=True, check=True)
    assert sorted(line.split(":")[0] for line in synced.stdout.splitlines()) == copies
    assert subprocess.run(run + ["--check"], capture_output=True, text=True).returncode == 0
    for rel in copies:
        before = (ROOT / rel).read_text()
        after = (tmp_path / rel).read_text()
        changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
        assert len(before.splitlines()) == len(after.splitlines()), rel
        assert len(changed) == 1 and changed[0][0].replace(old, "9.8.7") == changed[0][1], (rel, changed)
