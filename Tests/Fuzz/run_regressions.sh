#!/usr/bin/env bash
# Replays every saved input of Tests/Fuzz/regressions/TARGET/ through its fuzz target,
# built without libFuzzer (-sanitize=address, Support/RegressionMain.swift as main),
# one process per input, with the daemon's real limits (10,000 items per session).
# An input fails when it traps, breaks an invariant, takes over 30 s of CPU (or 180 s
# of wall time: a hang) or makes the process's resident memory pass 2 GiB. The limit
# is CPU time so that other work on a shared machine cannot fail an input.
#
# Usage: Tests/Fuzz/run_regressions.sh [--corpus] [TARGET...]
#   --corpus  also replay the seed corpus (Tests/Fuzz/corpus/TARGET/)
# Prints one line per failing input and "N passed, M failed"; exits 1 if any failed.
set -euo pipefail
cd "$(dirname "$0")/../.."

dirs=(regressions)
if [ "${1:-}" = "--corpus" ]; then
    dirs+=(corpus)
    shift
fi
if [ $# -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in Tests/Fuzz/Fuzz*.swift; do targets+=("$(basename "$f" .swift)"); done
fi

Tests/Fuzz/build.sh regression "${targets[@]}"
unset FUZZ_MAX_ITEMS

passed=0
failed=0
for t in "${targets[@]}"; do
    for d in "${dirs[@]}"; do
        [ -d "Tests/Fuzz/$d/$t" ] || continue
        for input in "Tests/Fuzz/$d/$t"/*; do
            [ -f "$input" ] || continue
            status=0
            out=$(ulimit -S -t 30 && SWIFT_BACKTRACE=enable=no \
                ASAN_OPTIONS=${ASAN_OPTIONS:-hard_rss_limit_mb=2048:handle_sigill=1} \
                timeout 180 ".build/fuzz/regression/$t" "$input" 2>&1) || status=$?
            if [ $status -eq 0 ]; then
                passed=$((passed + 1))
            else
                failed=$((failed + 1))
                echo "FAIL $t $input (exit $status$([ $status -eq 124 ] && echo ': over 180 s')$([ $status -eq 152 ] || [ $status -eq 137 ] && echo ": over 30 s of CPU"))" >&2
                {
                    grep -E "FUZZ INVARIANT|Fatal error|ERROR: AddressSanitizer|hard rss limit" <<<"$out" | head -2
                    # The first frames of the stack, demangled (a Swift trap shows as ILL).
                    grep -E '^ +#[0-3] ' <<<"$out" | sed -E 's/ \(.*//; s/ (crtstuff\.c|[A-Za-z]+(-[0-9]+)?\.o)$//' |
                        (swift demangle --simplified 2>/dev/null || cat)
                } | sed 's/^/    /' >&2 || true
            fi
        done
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
