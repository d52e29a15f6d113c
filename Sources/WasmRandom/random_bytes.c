// The random bytes the Swift standard library asks for (the seed of its hashing), for
// the WebAssembly module only (scripts/build-wasm.sh links this before wasi-libc).
// wasi-libc's own arc4random_buf asserts with fprintf, which brings in printf and
// stdio: 5 KB of the gzip-compressed module for a message nobody can read.
#include <stddef.h>
#include <stdint.h>

// WASI's random_get: the host fills the bytes (crypto.getRandomValues).
__attribute__((import_module("wasi_snapshot_preview1"), import_name("random_get")))
uint16_t transitiond_wasi_random_get(uint8_t *buffer, size_t length);

void arc4random_buf(void *buffer, size_t length) {
    if (transitiond_wasi_random_get((uint8_t *)buffer, length) != 0) __builtin_trap();
}
