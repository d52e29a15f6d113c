#!/usr/bin/env bash
# Called by scripts/package-clients.sh with the output directory: the .vsix, offline.
set -euo pipefail
cd "$(dirname "$0")"
version="$(python3 -c 'import json; print(json.load(open("package.json"))["version"])')"
name="$(python3 -c 'import json; print(json.load(open("package.json"))["name"])')"
python3 scripts/package.py --out "$1/$name-$version.vsix" >&2
echo "$1/$name-$version.vsix"
