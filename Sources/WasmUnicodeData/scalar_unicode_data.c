// The Unicode data the Swift standard library asks for, for the WebAssembly module
// only (scripts/build-wasm.sh links this instead of the toolchain's
// libswiftUnicodeDataTables.a, whose tables are 26 KB of the gzip-compressed module).
//
// Every scalar is its own normal form and its own grapheme: strings compare, hash and
// count by their Unicode scalars, as JSON and JavaScript compare them, rather than by
// canonical equivalence. See "Strings in the module" in Clients/web/README.md.
#include <stdbool.h>
#include <stdint.h>

// Canonical combining class 0, NFC and NFD quick checks "yes": nothing to normalize,
// so the decomposition and composition entries below are never looked up.
uint16_t _swift_stdlib_getNormData(uint32_t scalar) { return 0; }

const uint8_t *const _swift_stdlib_nfd_decompositions = 0;

uint32_t _swift_stdlib_getDecompositionEntry(uint32_t scalar) { return UINT32_MAX; }

uint32_t _swift_stdlib_getComposition(uint32_t x, uint32_t y) { return UINT32_MAX; }

// Grapheme break property "any" (not in the tables), so every scalar stands alone.
uint8_t _swift_stdlib_getGraphemeBreakProperty(uint32_t scalar) { return UINT8_MAX; }

bool _swift_stdlib_isInCB_Consonant(uint32_t scalar) { return false; }

bool _swift_stdlib_isExtendedPictographic(uint32_t scalar) { return false; }
