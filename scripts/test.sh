#!/usr/bin/env bash
# Runs every test of the project: installs what is missing, builds, runs the Swift
# tests, checks the Embedded Swift build, then the end-to-end tests against the real
# daemon, its portable build and the daemon on Node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --tests
swift build --build-tests
swift test --skip-build
# The pure modules also compile as Embedded Swift for WebAssembly, and the module is built.
bash scripts/embedded-check.sh
bash scripts/build-wasm.sh
export TRANSITIOND="$PWD/.build/debug/transitiond"
# Inputs the fuzzers once broke the daemon with, replayed (built without libFuzzer).
bash Tests/Fuzz/run_regressions.sh
# Each pytest suite runs on its own (their test modules share names).
for d in Tests/EndToEnd Protocol/tests Clients/python/tests Tests/WebAssembly; do
    if [ -d "$d" ]; then python3 -m pytest -q -p no:cacheprovider "$d"; fi
done
# The portable build (-DTRANSITIOND_PORTABLE: the fallbacks a macOS or BSD build compiles,
# Sources/TransitionDaemon/README.md "Platforms") against the end-to-end tests; those
# marked linux_only are skipped (its --version says it is the portable build).
for product in transitiond transitionctl; do
    swift build -Xswiftc -DTRANSITIOND_PORTABLE --build-path .build-portable --product "$product"
done
TRANSITIOND="$PWD/.build-portable/debug/transitiond" TRANSITIONCTL="$PWD/.build-portable/debug/transitionctl" \
    python3 -m pytest -q -p no:cacheprovider Tests/EndToEnd
# The daemon on Node (the WebAssembly module) against the same protocol: the golden
# transcripts and the end-to-end tests that need nothing native-only.
TRANSITIOND="$PWD/Clients/web/bin/transitiond.mjs" python3 -m pytest -q -p no:cacheprovider Protocol/tests/test_transcripts.py
TRANSITIOND="$PWD/Clients/web/bin/transitiond.mjs" python3 -m pytest -q -p no:cacheprovider Tests/EndToEnd
# Editor clients: Neovim and Emacs headless, VS Code's client code under node.
if [ -f Clients/nvim/tests/run.sh ]; then bash Clients/nvim/tests/run.sh; fi
if [ -f Clients/emacs/test/run.sh ]; then bash Clients/emacs/test/run.sh; fi
if [ -d Clients/vscode/test ]; then node --test Clients/vscode/test/; fi
# The JavaScript client (Node 20 has a WebSocket behind --experimental-websocket).
if [ -d Clients/web/test ]; then node --experimental-websocket --test Clients/web/test/; fi
# Packages: one release build, then the .deb (installed and removed when root), its
# tarball, the client packages, the man pages and completions, the version's copies.
bash scripts/package.sh --out "$PWD/.build/dist"
PACKAGE_DIR="$PWD/.build/dist" python3 -m pytest -q -p no:cacheprovider Tests/Packaging
