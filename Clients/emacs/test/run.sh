#!/usr/bin/env bash
# Runs the ERT tests of transitiond.el in `emacs --batch` against the real daemon.
# The daemon is $TRANSITIOND, by default <repo>/.build/debug/transitiond.
# The last line printed is "N passed, M failed".
set -uo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$repo"
export TRANSITIOND="${TRANSITIOND:-$repo/.build/debug/transitiond}"
if [ ! -x "$TRANSITIOND" ]; then
    echo "run.sh: no daemon at $TRANSITIOND: build it (swift build) or set TRANSITIOND" >&2
    echo "0 passed, 1 failed"
    exit 2
fi
emacs="${EMACS:-emacs}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
timeout 120 "$emacs" --batch -Q -L Clients/emacs -l Clients/emacs/test/transitiond-test.el \
    -l Clients/emacs/test/transitiond-eglot-test.el \
    -f ert-run-tests-batch-and-exit 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary="$(grep -E '^Ran [0-9]+ tests?, [0-9]+ results? as expected' "$log" | tail -n 1)"
if [ -z "$summary" ]; then
    echo "0 passed, 1 failed"
    exit $(( status == 0 ? 1 : status ))
fi
passed="$(sed -E 's/^Ran [0-9]+ tests?, ([0-9]+) results? as expected.*/\1/' <<<"$summary")"
failed="$(grep -oE '[0-9]+ unexpected' <<<"$summary" | grep -oE '[0-9]+' || true)"
failed="${failed:-0}"
echo "$passed passed, $failed failed"
exit "$status"
