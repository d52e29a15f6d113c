#!/usr/bin/env bash
# Builds the client packages, offline, from the tree (scripts/package.sh runs it):
#   python/    the wheel and the sdist (python3 -m build --no-isolation)
#   emacs/     transitiond-<version>/ with transitiond-pkg.el, and its ELPA tarball
#              transitiond-<version>.tar, both for M-x package-install-file
#   nvim/      transitiond.nvim-<version>/ (lua/, plugin/, doc/ with its tags) and a
#              .tar.gz of it
# A client directory with its own packaging.sh (Clients/<name>/packaging.sh <out>) is
# run too: the VS Code .vsix comes from there (it bundles the daemon on Node, so
# Clients/web/transitiond.wasm must be built: bash scripts/build-wasm.sh). The
# JavaScript client (Clients/web), without one, is packed with npm pack.
#
#   bash scripts/package-clients.sh [--out DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

out="$ROOT/dist/clients"
case "${1:-}" in
    --out) out="$2" ;;
    --out=*) out="${1#--out=}" ;;
    "") ;;
    *) echo "package-clients.sh: unknown option '$1'" >&2; exit 64 ;;
esac
mkdir -p "$out"
out="$(cd "$out" && pwd)"
version="$(python3 scripts/version.py)"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
umask 022

# A fresh copy of a directory to package from, leaving the tree clean.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# MARK: Python

rm -rf "$out/python"
cp -r Clients/python "$scratch/python"
cp LICENSE "$scratch/python/LICENSE"
rm -rf "$scratch/python/build" "$scratch/python/src/"*.egg-info
if ! python3 -m build --no-isolation --sdist --wheel --outdir "$out/python" "$scratch/python" \
    >"$scratch/python-build.log" 2>&1; then
    cat "$scratch/python-build.log" >&2
    exit 1
fi
ls "$out/python/"*

# MARK: Emacs

rm -rf "$out/emacs"
emacs_dir="$out/emacs/transitiond-$version"
mkdir -p "$emacs_dir"
cp Clients/emacs/transitiond.el Clients/emacs/README.md LICENSE "$emacs_dir/"
# transitiond-pkg.el from the headers of transitiond.el (version, requirements).
python3 - "$version" > "$emacs_dir/transitiond-pkg.el" <<'PY'
import re, sys
version = sys.argv[1]
src = open("Clients/emacs/transitiond.el", encoding="utf-8").read()
summary = re.match(r";;; transitiond\.el --- (.*?)\s+-\*-", src).group(1)
header = lambda name: re.search(rf"^;; {name}: (.*)$", src, re.M).group(1).strip()
assert header("Version") == version, "transitiond.el's Version header differs (scripts/version.py --sync)"
requires = header("Package-Requires")
keywords = " ".join(f'"{k.strip()}"' for k in header("Keywords").split(","))
author = header("Author")
print(f''';;; transitiond-pkg.el --- Package description of transitiond  -*- no-byte-compile: t -*-
;; Made by scripts/package-clients.sh from the headers of transitiond.el.
(define-package "transitiond" "{version}"
  "{summary}"
  '{requires}
  :keywords '({keywords})
  :authors '(("{author}")))
''')
PY
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$out/emacs" -cf "$out/emacs/transitiond-$version.tar" "transitiond-$version"
echo "$emacs_dir"
echo "$out/emacs/transitiond-$version.tar"

# MARK: Neovim

rm -rf "$out/nvim"
nvim_dir="$out/nvim/transitiond.nvim-$version"
mkdir -p "$nvim_dir"
cp -r Clients/nvim/lua Clients/nvim/plugin Clients/nvim/doc Clients/nvim/README.md LICENSE "$nvim_dir/"
# :help transitiond needs the tags file next to the help text.
if command -v nvim >/dev/null 2>&1; then
    nvim --headless --clean -c "helptags $nvim_dir/doc" -c 'quitall' >/dev/null 2>&1
fi
[ -f "$nvim_dir/doc/tags" ] || echo "package-clients.sh: no nvim: doc/tags not generated" >&2
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$out/nvim" -cf - "transitiond.nvim-$version" | gzip -9n > "$out/nvim/transitiond.nvim-$version.tar.gz"
echo "$nvim_dir"
echo "$out/nvim/transitiond.nvim-$version.tar.gz"

# MARK: clients that package themselves

for hook in Clients/*/packaging.sh; do
    [ -f "$hook" ] || continue
    name="$(basename "$(dirname "$hook")")"
    mkdir -p "$out/$name"
    bash "$hook" "$out/$name"
done
if [ -f Clients/web/package.json ] && [ ! -f Clients/web/packaging.sh ]; then
    if command -v npm >/dev/null 2>&1; then
        mkdir -p "$out/web"
        (cd Clients/web && npm pack --offline --silent --pack-destination "$out/web")
    else
        echo "package-clients.sh: npm not found: Clients/web not packed" >&2
    fi
fi
