"""One version: ServerInfo.version in the Swift sources; every other copy follows it."""

import os
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
