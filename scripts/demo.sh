#!/usr/bin/env bash
# The main job: installs what is missing, builds, starts the daemon and plays the
# list -> grid switch of the seed apps through it (drawn in a terminal; as JSON lines
# of ticks when the output is not a terminal). Options go to `transitionctl demo`
# (--scrub, --loop, --timing NAME, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
swift build -c release --product transitiond >&2
swift build -c release --product transitionctl >&2
exec .build/release/transitionctl demo "$@"
