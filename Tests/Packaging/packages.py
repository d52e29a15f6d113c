"""Where the tests find what scripts/package.sh built."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIR = Path(os.environ.get("PACKAGE_DIR") or ROOT / "dist")


def version() -> str:
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "version.py")], capture_output=True, text=True, check=True)
    return r.stdout.strip()


def built(pattern: str, needs: str = "") -> Path:
    """The one file or directory under PACKAGE_DIR matching `pattern`, else a skip that
    says how to build it (`needs`: what else it takes)."""
    found = sorted(PACKAGE_DIR.glob(pattern))
    if not found:
        pytest.skip(f"no {pattern} in {PACKAGE_DIR}: run bash scripts/package.sh (or set PACKAGE_DIR){needs}")
    assert len(found) == 1, f"more than one {pattern}: {found}"
    return found[0]


def run(args, **kw) -> str:
    kw.setdefault("timeout", 120)
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    assert r.returncode == 0, f"{args}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
    return r.stdout
