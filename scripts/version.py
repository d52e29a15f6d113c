#!/usr/bin/env python3
"""The project's version, kept in one place: ProjectVersion.number in
Sources/ProjectVersion/ProjectVersion.swift, which the daemon (serverInfo.version,
--version) and transitionctl read.

    python3 scripts/version.py            print it
    python3 scripts/version.py --check    list the copies that differ (exit 1 if any)
    python3 scripts/version.py --sync     rewrite those copies to match it

The copies are the ones a package format needs as a literal in its own file, written
by --sync and verified by --check (and by Tests/Packaging/test_version.py): the Python
package's __version__ (pyproject reads it), the Emacs Version header (transitiond.el
reads its own header for clientInfo), the Neovim module, the package.json files and
the specification's title line. scripts/package.sh stamps the version into the .deb
and the file names from here.
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "Sources" / "ProjectVersion" / "ProjectVersion.swift"


def source_version() -> str:
    """`static let number = "X"` inside `enum ProjectVersion`."""
    m = re.search(r'enum ProjectVersion\b[^{]*\{[^}]*?static let number\s*=\s*"([^"]+)"', SOURCE.read_text(encoding="utf-8"))
    if not m:
        sys.exit("version.py: no ProjectVersion.number in " + str(SOURCE.relative_to(ROOT)))
    return m.group(1)


# (path, pattern whose group 1 is the version); a missing file is skipped (a client
# not in this tree), a file without the pattern is reported.
COPIES = [
    ("Clients/python/src/transitiond/__init__.py", r'^__version__ = "([^"]+)"'),
    ("Clients/emacs/transitiond.el", r"^;; Version: (\S+)"),
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
        if not m:
            found.append((rel, pattern, "no version line"))
        elif m.group(1) != version:
            found.append((rel, pattern, m.group(1)))
    for rel in PACKAGE_JSONS:
        path = ROOT / rel
        if path.exists():
            current = json.loads(path.read_text(encoding="utf-8")).get("version")
            if current != version:
                found.append((rel, None, current))
    return found


def sync(version: str) -> None:
    for rel, pattern, current in stale(version):
        if current == "no version line":
            sys.exit(f"version.py: {rel} has no version line to rewrite")
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
