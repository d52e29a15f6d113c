#!/usr/bin/env python3
"""The project's version, kept in one place: ServerInfo.version in the Swift sources.

    python3 scripts/version.py            print it
    python3 scripts/version.py --check    list the copies that differ (exit 1 if any)
    python3 scripts/version.py --sync     rewrite those copies to match it

The copies are the ones a package format needs in its own file (pyproject reads the
Python package's __version__; the Emacs header; the Neovim module; package.json).
scripts/package.sh stamps the version into the .deb and the file names from here.
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def source_version() -> str:
    """`static let version = "X"` inside `enum ServerInfo`, wherever that lives."""
    for path in sorted((ROOT / "Sources" / "TransitionServer").rglob("*.swift")):
        text = path.read_text(encoding="utf-8")
        m = re.search(r"enum ServerInfo\b[^{]*\{(?:[^{}]|\{[^{}]*\})*?static let version\s*=\s*\"([^\"]+)\"", text)
        if m:
            return m.group(1)
    sys.exit("version.py: no ServerInfo.version in Sources/TransitionServer")


# (path, pattern whose group 1 is the version); a missing file or pattern is skipped:
# a copy that now reads ServerInfo itself has nothing to keep in step.
COPIES = [
    ("Sources/transitionctl/Version.swift", r'static let number = "([^"]+)"'),
    ("Clients/python/src/transitiond/__init__.py", r'^__version__ = "([^"]+)"'),
    ("Clients/emacs/transitiond.el", r"^;; Version: (\S+)"),
    ("Clients/emacs/transitiond.el", r':clientInfo \(list :name "transitiond.el"\s+:version "([^"]+)"'),
    ("Clients/nvim/lua/transitiond/init.lua", r"^M\.version = '([^']+)'"),
    ("Protocol/README.md", r"^Version (\S+) \(the `serverInfo.version`"),
]
# package.json files: their top-level "version".
PACKAGE_JSONS = ["Clients/vscode/package.json", "Clients/web/package.json", "Clients/js/package.json"]


def stale(version: str):
    """[(path, pattern or None, found)] of every copy that differs."""
    found = []
    for rel, pattern in COPIES:
        path = ROOT / rel
        if not path.exists():
            continue
        m = re.search(pattern, path.read_text(encoding="utf-8"), re.M)
        if m and m.group(1) != version:
            found.append((rel, pattern, m.group(1)))
    for rel in PACKAGE_JSONS:
        path = ROOT / rel
        if path.exists():
            current = json.loads(path.read_text(encoding="utf-8")).get("version")
            if current != version:
                found.append((rel, None, current))
    return found


def sync(version: str) -> None:
    for rel, pattern, _ in stale(version):
        path = ROOT / rel
        text = path.read_text(encoding="utf-8")
        if pattern is None:
            # Only the top-level "version" line, so the file keeps its layout.
            text = re.sub(r'^(  "version": ")[^"]*(")', rf"\g<1>{version}\g<2>", text, count=1, flags=re.M)
        else:
            m = re.search(pattern, text, re.M)
            text = text[: m.start(1)] + version + text[m.end(1) :]
        path.write_text(text, encoding="utf-8")
        print(f"{rel}: now {version}")


def main(argv) -> int:
    version = source_version()
    if argv[1:] == []:
        print(version)
        return 0
    if argv[1:] == ["--check"]:
        differ = stale(version)
        for rel, _, current in differ:
            print(f"{rel}: {current}, not {version} (python3 scripts/version.py --sync)", file=sys.stderr)
        return 1 if differ else 0
    if argv[1:] == ["--sync"]:
        sync(version)
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
