// The elementary functions of the C library's libm, for the whole engine: the one file
// that knows where they come from. Every other file calls `sin`, `exp2`, ... as declared
// here and imports nothing.
//
// They are declared by their C names and resolved at link time: against the C library's
// libm on Linux and Darwin, against wasi-libc's libm.a in the WebAssembly build (Embedded
// Swift has no C library module to import). The same eleven lines serve every platform.
// `@_extern(c)` needs the experimental feature Extern, which Package.swift enables for
// this target and `scripts/embedded-check.sh` passes.
//
// They are disfavoured overloads, so that code which also sees the C library's own (a
// test file with `@testable import` and `import Glibc`) takes that one, the same
// function, instead of finding the call ambiguous.

@_extern(c, "sin") @_disfavoredOverload func sin(_ x: Double) -> Double
@_extern(c, "cos") @_disfavoredOverload func cos(_ x: Double) -> Double
@_extern(c, "exp") @_disfavoredOverload func exp(_ x: Double) -> Double
@_extern(c, "exp2") @_disfavoredOverload func exp2(_ x: Double) -> Double
@_extern(c, "log") @_disfavoredOverload func log(_ x: Double) -> Double
@_extern(c, "pow") @_disfavoredOverload func pow(_ x: Double, _ y: Double) -> Double
@_extern(c, "cbrt") @_disfavoredOverload func cbrt(_ x: Double) -> Double
@_extern(c, "atan2") @_disfavoredOverload func atan2(_ y: Double, _ x: Double) -> Double
@_extern(c, "sinh") @_disfavoredOverload func sinh(_ x: Double) -> Double
@_extern(c, "cosh") @_disfavoredOverload func cosh(_ x: Double) -> Double
@_extern(c, "atanh") @_disfavoredOverload func atanh(_ x: Double) -> Double
