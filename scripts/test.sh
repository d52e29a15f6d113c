#!/usr/bin/env bash
# Runs every test of the project: installs what is missing, then the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
swift build --build-tests
swift test --skip-build
