#!/usr/bin/env bash
# Builds the fuzz targets with swiftc (a SwiftPM executable cannot link libFuzzer, which
# brings its own main). No libuv: JSONRPC, TransitionEngine, TransitionExport, TransitionProtocol,
# WebTransport and ProjectVersion are built as modules, and
# the server's I/O-free sources (Params, Methods, Sessions, Encoding) are compiled into
# the target's own module, so the server's internal types are visible to it (and, for
# FuzzDocuments, the document modules' sources: see `folded` below).
#
# Usage: Tests/Fuzz/build.sh fuzzer|regression [TARGET...]
#   fuzzer      -sanitize=fuzzer,address: .build/fuzz/libfuzzer/TARGET (libFuzzer's main)
#   regression  -sanitize=address only, with Support/RegressionMain.swift as main:
#               .build/fuzz/regression/TARGET FILE... runs each file once
# TARGET is the name of a Tests/Fuzz/Fuzz*.swift file; default: all of them.
# FUZZ_OPT overrides the optimisation flag (default -O; -Onone also works).
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=${1:?usage: Tests/Fuzz/build.sh fuzzer|regression [TARGET...]}
shift
case "$mode" in
    fuzzer) sanitize="-sanitize=fuzzer,address" out=.build/fuzz/libfuzzer ;;
    regression) sanitize="-sanitize=address" out=.build/fuzz/regression ;;
    *) echo "unknown mode '$mode' (fuzzer or regression)" >&2; exit 2 ;;
esac
opt=${FUZZ_OPT:--O}
mkdir -p "$out"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in Tests/Fuzz/Fuzz*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
    [ -f "Tests/Fuzz/$t.swift" ] || { echo "no fuzz target Tests/Fuzz/$t.swift" >&2; exit 2; }
done

# swiftc, without the linker's harmless notes about ASan's local symbols.
quiet_swiftc() {
    local log status=0
    log=$(mktemp)
    swiftc "$@" >"$log" 2>&1 || status=$?
    grep -v "Cannot export local symbol" "$log" >&2 || true
    rm -f "$log"
    return $status
}

# True when $1 is missing or older than any of the other files, or than the flags used.
stale() {
    local target=$1
    shift
    [ -f "$target" ] || return 0
    [ "$(cat "$target.flags" 2>/dev/null)" = "$opt $sanitize" ] || return 0
    for f in "$@"; do [ "$f" -nt "$target" ] && return 0; done
    return 1
}

# A library module as one object file plus its .swiftmodule.
build_module() {
    local name=$1
    shift
    if stale "$out/$name.o" "$@"; then
        echo "building $name ($mode, $opt)" >&2
        quiet_swiftc -package-name transitiond -enable-experimental-feature Extern -parse-as-library -module-name "$name" -I "$out" -wmo -num-threads 0 $opt $sanitize \
            -emit-module -emit-module-path "$out/$name.swiftmodule" -c "$@" -o "$out/$name.o"
        echo "$opt $sanitize" >"$out/$name.o.flags"
    fi
}

mapfile -t jsonrpc < <(ls Sources/JSONRPC/*.swift)
mapfile -t engine < <(find Sources/TransitionEngine -name '*.swift' | sort)
mapfile -t export < <(ls Sources/TransitionExport/*.swift)
mapfile -t protocol < <(ls Sources/TransitionProtocol/*.swift)
mapfile -t server < <(find Sources/TransitionService/{Configuration,Params,Methods,Sessions,Encoding,Persistence} -name '*.swift' | sort)
mapfile -t web < <(ls Sources/WebTransport/*.swift)
mapfile -t version < <(ls Sources/ProjectVersion/*.swift)

build_module JSONRPC "${jsonrpc[@]}"
build_module TransitionEngine "${engine[@]}"
# The export module (transition/export's handler is among the server's Methods).
if stale "$out/TransitionExport.o" "${export[@]}" "$out/TransitionEngine.o"; then
    rm -f "$out/TransitionExport.o"
fi
build_module TransitionExport "${export[@]}"
build_module TransitionProtocol "${protocol[@]}"
build_module WebTransport "${web[@]}"
build_module ProjectVersion "${version[@]}"

# A target may fold other modules into its own, to reach their internal types as it does
# the server's: their sources are copied with their imports of the server's modules (and
# of each other) removed. FuzzDocuments takes the document modules, built on the server.
declare -A folded=([FuzzDocuments]="TransitionFilm TransitionDocuments")
fold() {
    local m f copy
    for m in ${folded[$1]:-}; do
        mkdir -p "$out/folded/$m"
        for f in Sources/$m/*.swift; do
            copy="$out/folded/$m/$(basename "$f")"
            sed -E '/^import (TransitionService|TransitionFilm|TransitionDocuments)$/d' "$f" >"$copy.new"
            if cmp -s "$copy.new" "$copy"; then rm "$copy.new"; else mv "$copy.new" "$copy"; fi
            echo "$copy"
        done
    done
}

# Shared by every target: Support/ (less the regression build's main).
mapfile -t support < <(ls Tests/Fuzz/Support/*.swift | grep -v /RegressionMain.swift)

for t in "${targets[@]}"; do
    # A target's own types, if any, are in the folder of its name.
    mapfile -t own < <(ls "Tests/Fuzz/$t"/*.swift 2>/dev/null || true)
    mapfile -t copies < <(fold "$t")
    sources=("${server[@]}" "${copies[@]}" "${support[@]}" "Tests/Fuzz/$t.swift" "${own[@]}")
    [ "$mode" = regression ] && sources+=(Tests/Fuzz/Support/RegressionMain.swift)
    modules=("$out/JSONRPC.o" "$out/TransitionEngine.o" "$out/TransitionExport.o" "$out/TransitionProtocol.o"
        "$out/WebTransport.o" "$out/ProjectVersion.o")
    if stale "$out/$t" "${sources[@]}" "${modules[@]}"; then
        echo "building $t ($mode, $opt)" >&2
        quiet_swiftc -package-name transitiond -enable-experimental-feature Extern -parse-as-library -module-name "$t" -I "$out" -wmo $opt $sanitize \
            "${sources[@]}" "${modules[@]}" -lm -o "$out/$t"
        echo "$opt $sanitize" >"$out/$t.flags"
    fi
done
