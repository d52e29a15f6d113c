#!/usr/bin/env bash
# Runs the end-to-end, protocol and client suites N times with the machine loaded
# (stress-ng --cpu 2, from Debian), to find tests that depend on the machine's speed.
# A test that fails once is a defect to fix, not to retry.
#
# Usage: scripts/flake-hunt.sh [N]   (N defaults to 5)
# Prints each run's result and, at the end, every test that failed with its count;
# exits 1 if any failed. Logs are in .build/flake-hunt/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
command -v stress-ng >/dev/null 2>&1 || {
    echo "flake-hunt needs stress-ng (apt-get install stress-ng)" >&2
    exit 2
}
swift build --product transitiond >&2
export TRANSITIOND="$PWD/.build/debug/transitiond"
logs=.build/flake-hunt
rm -rf "$logs" && mkdir -p "$logs"

stress-ng --cpu 2 --quiet &
load=$!
trap 'kill "$load" 2>/dev/null || true' EXIT

suites=(Tests/EndToEnd Protocol/tests Clients/python/tests)
for ((run = 1; run <= runs; run++)); do
    started=$(date +%s)
    for d in "${suites[@]}"; do
        name=$(echo "$d" | tr / _)
        python3 -m pytest -q -p no:cacheprovider -rf "$d" >"$logs/$run-$name.log" 2>&1 || true
        grep -h '^FAILED ' "$logs/$run-$name.log" | sed 's/ - .*//' >>"$logs/failed.txt" || true
    done
    for js in Clients/vscode/test Clients/web/test; do
        [ -d "$js" ] || continue
        name=$(echo "$js" | tr / _)
        if ! node --experimental-websocket --test "$js/" >"$logs/$run-$name.log" 2>&1; then
            echo "FAILED $js (run $run)" >>"$logs/failed.txt"
        fi
    done
    failures=$(grep -c . "$logs/failed.txt" 2>/dev/null || true)
    echo "run $run: $(($(date +%s) - started)) s, failures so far: ${failures:-0}"
done

if [ -s "$logs/failed.txt" ]; then
    echo "failed tests (count, name):"
    sort "$logs/failed.txt" | uniq -c | sort -rn
    exit 1
fi
echo "$runs runs under load, no test failed"
