#!/usr/bin/env bash
# Runs the libFuzzer targets of Tests/Fuzz/ one after another (not part of the test
# suite: it takes minutes). See Tests/Fuzz/README.md.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  default 60
#   TARGET              FuzzFraming, FuzzSessionParams, FuzzWebSocket, FuzzStateFile, FuzzBinaryTick,
#                       FuzzDocuments (default: all Tests/Fuzz/Fuzz*.swift)
# Environment:
#   FUZZ_ARGS   extra libFuzzer flags (e.g. "-jobs=2 -workers=2", "-seed=1")
#   FUZZ_OPT    optimisation flag for the build (default -O)
#   FUZZ_NICE   niceness of the fuzzing processes (default 10)
#   FUZZ_MAX_ITEMS  items per session the targets accept (default 2000; the daemon's
#               is 10,000): keeps each input well under a second, so the fuzzer
#               explores instead of laying out millions of items.
#
# Each target starts from its seed corpus, Tests/Fuzz/corpus/TARGET/ (made by
# Tests/Fuzz/make_corpus.py when missing), plus what earlier runs found
# (.build/fuzz/work/TARGET/, kept between runs). A crashing input is written to
# Tests/Fuzz/crashers/TARGET/; the log of each run goes to .build/fuzz/logs/.
#   FUZZ_FORK   1 (default): keep fuzzing after a crash and save every crashing input;
#               0: stop at the first one
# Exit status: 0 when no target crashed, 1 otherwise (2 for a usage or build error).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
if [ $# -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in Tests/Fuzz/Fuzz*.swift; do targets+=("$(basename "$f" .swift)"); done
fi

for t in "${targets[@]}"; do
    if [ ! -d "Tests/Fuzz/corpus/$t" ] || [ -z "$(ls -A "Tests/Fuzz/corpus/$t")" ]; then
        python3 Tests/Fuzz/make_corpus.py
        break
    fi
done

Tests/Fuzz/build.sh fuzzer "${targets[@]}" || exit 2

mkdir -p .build/fuzz/logs
fork=${FUZZ_FORK:-1}
# Keep going after a crash (libFuzzer's fork mode, one job at a time), so that one known
# bug does not end the run; FUZZ_FORK=0 stops at the first crash instead.
mode_args=()
[ "$fork" = 1 ] && mode_args=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)

# What a saved input does, in a few lines: the message and the top of the stack.
describe() {
    local t=$1 input=$2
    FUZZ_MAX_ITEMS=${FUZZ_MAX_ITEMS:-2000} SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=handle_sigill=1 \
        timeout 60 ".build/fuzz/libfuzzer/$t" -timeout=30 -rss_limit_mb=2048 "$input" 2>&1 |
        grep -E "FUZZ INVARIANT|ERROR: (libFuzzer|AddressSanitizer)|^ +#[0-9] " |
        grep -vE "fuzzer::|__sanitizer|libc.so|_assertionFailure" | head -4 |
        sed -E 's/ \(.*//; s/ (crtstuff\.c|[A-Za-z]+(-[0-9]+)?\.o)$//' | (swift demangle --simplified 2>/dev/null || cat) |
        sed 's/^/      /'
}

summary=()
crashed=0
for t in "${targets[@]}"; do
    work=.build/fuzz/work/$t
    crashers=Tests/Fuzz/crashers/$t
    mkdir -p "$work" "$crashers"
    dict=()
    [ -f "Tests/Fuzz/dict/$t.dict" ] && dict=("-dict=Tests/Fuzz/dict/$t.dict")
    log=.build/fuzz/logs/$t-$(date +%Y%m%d-%H%M%S).log
    stamp=$log.start
    touch "$stamp"
    echo "== $t: ${seconds}s (log: $log)" >&2
    status=0
    # The Swift runtime's own backtracer is slow and gets in libFuzzer's way: libFuzzer
    # and ASan print the stack instead.
    FUZZ_MAX_ITEMS=${FUZZ_MAX_ITEMS:-2000} SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
        nice -n "${FUZZ_NICE:-10}" ".build/fuzz/libfuzzer/$t" "$work" "Tests/Fuzz/corpus/$t" \
        -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$crashers/" "${mode_args[@]}" "${dict[@]}" ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
    # Status lines: "#N  NEW  cov: C ft: F corp: U/S exec/s: E rss: R" (one process) or
    # "#N: cov: C ft: F corp: U exec/s: E oom/timeout/crash: O/T/C time: Ts job: J" (fork).
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    execs=$(grep -oE '^#[0-9]+' <<<"$last" | tr -d '#' || true)
    elapsed=$(grep -oE 'time: [0-9]+s' <<<"$last" | grep -oE '[0-9]+' || true)
    rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
    if [ -z "$rate" ] && [ -n "$execs" ] && [ -n "$elapsed" ] && [ "$elapsed" -gt 0 ]; then
        rate=$((execs / elapsed))
    fi
    cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
    ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
    corp=$(grep -oE 'corp: [0-9]+(/[0-9]+[a-zA-Z]*)?' <<<"$last" | cut -d' ' -f2 || true)
    failures=$(grep -oE 'oom/timeout/crash: [0-9]+/[0-9]+/[0-9]+' <<<"$last" | cut -d' ' -f2 || true)
    mapfile -t found < <(find "$crashers" -type f -newer "$stamp" | sort)
    rm -f "$stamp"
    line="$t: ${execs:-?} execs (${rate:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
    [ -n "$failures" ] && line="$line, oom/timeout/crash $failures"
    if [ $status -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
        crashed=1
        line="$line, FAILED (exit $status, ${#found[@]} new inputs in $crashers/)"
    else
        line="$line, no crash"
    fi
    echo "$line" >&2
    summary+=("$line")
    # One entry per kind of failure (same message and top frames), at most 20 replays.
    declare -A seen=()
    replays=0
    for f in "${found[@]}"; do
        [ $replays -lt 20 ] || { summary+=("    ... and more in $crashers/"); break; }
        replays=$((replays + 1))
        mapfile -t about < <(describe "$t" "$f")
        key=$(printf '%s\n' "${about[@]}" | sed -E 's/0x[0-9a-f]+//g; s/==[0-9]+==//; s/[-+]?[0-9][0-9.e+-]*//g')
        [ -n "${seen[$key]:-}" ] && continue
        seen[$key]=1
        summary+=("    $f")
        summary+=("${about[@]}")
    done
    unset seen
done

echo >&2
echo "== fuzz summary (${seconds}s per target)" >&2
for line in "${summary[@]}"; do echo "$line" >&2; done
exit $crashed
