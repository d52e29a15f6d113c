#!/usr/bin/env bash
# Checks that the pure modules compile as Embedded Swift for WebAssembly (wasm32), as
# the WebAssembly build needs them: no existentials of non-class protocols, no key
# paths, no dynamic casts, typed throws only, libm through one file.
#
#   bash scripts/embedded-check.sh
#
# Each module in `modules` is compiled on its own (whole module, as the package builds
# it), against the Embedded interfaces of the modules listed before it; the first that
# fails prints the compiler's diagnostics and the script exits 1. Then, when wasm-ld
# and wasi-libc (/usr/lib/wasm32-wasi) are installed, the objects are linked with
# wasi-libc's libc and libm, so that a C function a module declares but wasi-libc
# lacks is found here, not by the WebAssembly build.
set -euo pipefail
cd "$(dirname "$0")/.."

# In dependency order. A module joins the list once it compiles.
modules=(TransitionEngine JSONRPC WebTransport ProjectVersion TransitionExport TransitionProtocol TransitionService)

flags=(
    -enable-experimental-feature Embedded
    # @_extern(c) declarations of C functions (the engine's libm, JSONRPC's strtod).
    -enable-experimental-feature Extern
    -target wasm32-unknown-none-wasm -wmo -parse-as-library
    # The service's declarations for the daemon are `package`.
    -package-name transitiond
    # Keeps internal declarations nothing calls yet, which would otherwise be dropped
    # before the Embedded restrictions are checked.
    -enable-testing
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

objects=()
for module in "${modules[@]}"; do
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    if ! swiftc "${flags[@]}" -module-name "$module" -I "$work" \
        -emit-module -emit-module-path "$work/$module.swiftmodule" \
        -c "${sources[@]}" -o "$work/$module.o" 2> "$work/$module.log"; then
        cat "$work/$module.log" >&2
        echo "embedded-check: $module does not compile as Embedded Swift for wasm32" >&2
        exit 1
    fi
    objects+=("$work/$module.o")
    echo "embedded-check: $module compiles as Embedded Swift for wasm32"
done

wasm_ld=$(dirname "$(command -v swiftc)")/wasm-ld
wasi=/usr/lib/wasm32-wasi
embedded=$(dirname "$(command -v swiftc)")/../lib/swift/embedded/wasm32-unknown-none-wasm
if [ ! -x "$wasm_ld" ] || [ ! -f "$wasi/libm.a" ]; then
    echo "embedded-check: wasm-ld or wasi-libc missing; link check skipped"
    exit 0
fi
# Left to the WebAssembly build: compiler-rt's builtins (__multi3, 128-bit products),
# which wasi-libc does not carry, and the stack protector, which it turns off.
printf '%s\n' __multi3 __stack_chk_guard __stack_chk_fail > "$work/allowed"
if ! "$wasm_ld" --no-entry --no-gc-sections --export-dynamic \
    --allow-undefined-file="$work/allowed" "${objects[@]}" \
    "$wasi/libc.a" "$wasi/libm.a" "$embedded/libswiftUnicodeDataTables.a" \
    -o "$work/check.wasm" 2> "$work/link.log"; then
    cat "$work/link.log" >&2
    echo "embedded-check: symbols unresolved against wasi-libc" >&2
    exit 1
fi
echo "embedded-check: every symbol resolves against wasi-libc's libc and libm"
