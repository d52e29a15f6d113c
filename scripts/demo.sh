#!/usr/bin/env bash
# The main job: installs what is missing, builds, and plays the list -> grid demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
swift build -c release --product transitiond >&2
exec .build/release/transitiond --demo "$@"
