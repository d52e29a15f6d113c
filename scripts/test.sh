#!/usr/bin/env bash
# Runs every test of the project: installs what is missing, builds, runs the Swift
# tests, then the end-to-end tests against the real daemon.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --tests
swift build --build-tests
swift test --skip-build
export TRANSITIOND="$PWD/.build/debug/transitiond"
suites=()
for d in Tests/EndToEnd Protocol/tests Clients/python/tests; do
    [ -d "$d" ] && suites+=("$d")
done
if [ ${#suites[@]} -gt 0 ]; then
    python3 -m pytest -q "${suites[@]}"
fi
# Editor clients: Neovim and Emacs headless, VS Code's client code under node.
if [ -f Clients/nvim/tests/run.sh ]; then bash Clients/nvim/tests/run.sh; fi
if [ -f Clients/emacs/test/run.sh ]; then bash Clients/emacs/test/run.sh; fi
if [ -d Clients/vscode/test ]; then node --test Clients/vscode/test/; fi
