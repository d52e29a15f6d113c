#!/usr/bin/env bash
# Builds the WebAssembly module: the engine, the JSON-RPC core, the service and its
# hosted shell (Sources/TransitionWasm), compiled as Embedded Swift for wasm32, linked
# with wasm-ld against wasi-libc (malloc, libm), shrunk by binaryen's wasm-opt.
#
#   bash scripts/build-wasm.sh [OUTPUT]     # default Clients/web/transitiond.wasm
#
# Installs wasi-libc and binaryen with apt when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-Clients/web/transitiond.wasm}

wasi=/usr/lib/wasm32-wasi
missing=()
[ -f "$wasi/libc.a" ] || missing+=(wasi-libc)
command -v wasm-opt > /dev/null || missing+=(binaryen)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

toolchain=$(dirname "$(command -v swiftc)")
# In dependency order.
modules=(TransitionEngine JSONRPC WebTransport ProjectVersion TransitionExport TransitionProtocol TransitionService TransitionWasm)
flags=(
    -enable-experimental-feature Embedded
    -enable-experimental-feature Extern
    -target wasm32-unknown-none-wasm -wmo -parse-as-library -Osize
    # A copy of a function per closure it is called with is what makes the module large
    # (the engine's iterations over cells); one copy serves every closure.
    -Xllvm -sil-disable-pass=closure-specialize
    # LLVM bitcode, optimized across modules when wasm-ld links it: 6% smaller.
    -lto=llvm-full
    # Less inlining than -Osize's default: 3% smaller, no slower (the benchmark's wasm group).
    -Xfrontend -sil-inline-caller-benefit-reduction-factor -Xfrontend 64
    -package-name transitiond
    # wasi-libc has no stack protector.
    -Xfrontend -disable-stack-protector
)

# WASM_WORK=DIR keeps the objects and the linked module (with its names) there.
if [ -n "${WASM_WORK:-}" ]; then
    work=$WASM_WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
objects=()
for module in "${modules[@]}"; do
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$module" -I "$work" \
        -emit-module -emit-module-path "$work/$module.swiftmodule" \
        -c "${sources[@]}" -o "$work/$module.o"
    objects+=("$work/$module.o")
done

# The Unicode data the standard library asks for: every scalar its own normal form and
# grapheme (Sources/WasmUnicodeData), in place of the toolchain's tables (26 KB gzip).
"$toolchain/clang" --target=wasm32-unknown-none-wasm -Oz -c \
    Sources/WasmUnicodeData/scalar_unicode_data.c -o "$work/scalar_unicode_data.o"
objects+=("$work/scalar_unicode_data.o")
# The random bytes of the standard library's hashing seed, straight from WASI's
# random_get (Sources/WasmRandom), before wasi-libc's, whose assert brings in printf (7 KB
# gzip).
"$toolchain/clang" --target=wasm32-unknown-none-wasm -Oz -c \
    Sources/WasmRandom/random_bytes.c -o "$work/random_bytes.o"
objects+=("$work/random_bytes.o")

# The C interface of Sources/TransitionWasm/Exports.swift.
exports=$(grep -o '@_cdecl("transitiond_[a-z_]*")' Sources/TransitionWasm/Exports.swift |
    sed 's/@_cdecl("\(.*\)")/--export=\1/')
# shellcheck disable=SC2086
"$toolchain/wasm-ld" --no-entry --gc-sections $exports \
    -z stack-size=1048576 \
    "${objects[@]}" "$wasi/libc.a" "$wasi/libm.a" \
    -o "$work/linked.wasm"
mkdir -p "$(dirname "$output")"
wasm-opt -Oz --strip-debug --strip-producers "$work/linked.wasm" -o "$output"
raw=$(wc -c < "$output")
compressed=$(gzip -9 -c "$output" | wc -c)
echo "build-wasm: $output: $raw bytes, $compressed gzip-compressed"
