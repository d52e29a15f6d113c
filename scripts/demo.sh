#!/usr/bin/env bash
# The main job: installs what is missing, builds, starts the daemon and plays the
# list -> grid switch of the seed apps through it (drawn in a terminal; as JSON lines
# of ticks when the output is not a terminal). Options go to `transitionctl demo`
# (--scrub, --loop, --timing NAME, ...).
#
# One release build makes both binaries; it is skipped when both are newer than
# Package.swift and every file under Sources/, so a warm start takes about a second.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bin=.build/release
up_to_date() {
    local b
    for b in "$bin/transitiond" "$bin/transitionctl"; do
        [ -x "$b" ] || return 1
        # Any source newer than the binary: rebuild.
        [ -z "$(find Package.swift Sources -newer "$b" -print -quit)" ] || return 1
    done
}
if ! up_to_date; then
    swift build -c release >&2
    # A source touched but not changed relinks nothing: mark the binaries current.
    touch "$bin/transitiond" "$bin/transitionctl"
fi
exec "$bin/transitionctl" demo "$@"
