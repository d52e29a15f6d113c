// The elementary functions of the C library's libm, for the whole engine: the one file
// that knows where they come from. Every other file calls `sin`, `exp2`, ... as declared
// here and imports nothing.
//
// - Hosts (Linux, Darwin): the C library's module, called through wrappers that are
//   inlined away. They are disfavoured overloads, so that code which also sees the C
//   library's own (a test file with `@testable import` and `import Glibc`) takes that
//   one, the same function, instead of finding the call ambiguous.
// - Embedded Swift (wasm32): there is no C library module, so the functions are declared
//   by their C names and resolved at link time (against wasi-libc's libm.a). Declaring
//   them needs `-enable-experimental-feature Extern`, which `scripts/embedded-check.sh`
//   passes.
//
// A function the engine starts to use is added to every branch.

#if hasFeature(Embedded)
    @_extern(c, "sin") func sin(_ x: Double) -> Double
    @_extern(c, "cos") func cos(_ x: Double) -> Double
    @_extern(c, "exp") func exp(_ x: Double) -> Double
    @_extern(c, "exp2") func exp2(_ x: Double) -> Double
    @_extern(c, "log") func log(_ x: Double) -> Double
    @_extern(c, "pow") func pow(_ x: Double, _ y: Double) -> Double
    @_extern(c, "cbrt") func cbrt(_ x: Double) -> Double
    @_extern(c, "atan2") func atan2(_ y: Double, _ x: Double) -> Double
    @_extern(c, "sinh") func sinh(_ x: Double) -> Double
    @_extern(c, "cosh") func cosh(_ x: Double) -> Double
    @_extern(c, "atanh") func atanh(_ x: Double) -> Double
#elseif canImport(Glibc)
    import Glibc

    @_disfavoredOverload @inline(__always) func sin(_ x: Double) -> Double { Glibc.sin(x) }
    @_disfavoredOverload @inline(__always) func cos(_ x: Double) -> Double { Glibc.cos(x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Glibc.exp(x) }
    @_disfavoredOverload @inline(__always) func exp2(_ x: Double) -> Double { Glibc.exp2(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Glibc.log(x) }
    @_disfavoredOverload @inline(__always) func pow(_ x: Double, _ y: Double) -> Double {
        Glibc.pow(x, y)
    }
    @_disfavoredOverload @inline(__always) func cbrt(_ x: Double) -> Double { Glibc.cbrt(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double {
        Glibc.atan2(y, x)
    }
    @_disfavoredOverload @inline(__always) func sinh(_ x: Double) -> Double { Glibc.sinh(x) }
    @_disfavoredOverload @inline(__always) func cosh(_ x: Double) -> Double { Glibc.cosh(x) }
    @_disfavoredOverload @inline(__always) func atanh(_ x: Double) -> Double { Glibc.atanh(x) }
#elseif canImport(Musl)
    import Musl

    @_disfavoredOverload @inline(__always) func sin(_ x: Double) -> Double { Musl.sin(x) }
    @_disfavoredOverload @inline(__always) func cos(_ x: Double) -> Double { Musl.cos(x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Musl.exp(x) }
    @_disfavoredOverload @inline(__always) func exp2(_ x: Double) -> Double { Musl.exp2(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Musl.log(x) }
    @_disfavoredOverload @inline(__always) func pow(_ x: Double, _ y: Double) -> Double {
        Musl.pow(x, y)
    }
    @_disfavoredOverload @inline(__always) func cbrt(_ x: Double) -> Double { Musl.cbrt(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double {
        Musl.atan2(y, x)
    }
    @_disfavoredOverload @inline(__always) func sinh(_ x: Double) -> Double { Musl.sinh(x) }
    @_disfavoredOverload @inline(__always) func cosh(_ x: Double) -> Double { Musl.cosh(x) }
    @_disfavoredOverload @inline(__always) func atanh(_ x: Double) -> Double { Musl.atanh(x) }
#elseif canImport(Darwin)
    import Darwin

    @_disfavoredOverload @inline(__always) func sin(_ x: Double) -> Double { Darwin.sin(x) }
    @_disfavoredOverload @inline(__always) func cos(_ x: Double) -> Double { Darwin.cos(x) }
    @_disfavoredOverload @inline(__always) func exp(_ x: Double) -> Double { Darwin.exp(x) }
    @_disfavoredOverload @inline(__always) func exp2(_ x: Double) -> Double { Darwin.exp2(x) }
    @_disfavoredOverload @inline(__always) func log(_ x: Double) -> Double { Darwin.log(x) }
    @_disfavoredOverload @inline(__always) func pow(_ x: Double, _ y: Double) -> Double {
        Darwin.pow(x, y)
    }
    @_disfavoredOverload @inline(__always) func cbrt(_ x: Double) -> Double { Darwin.cbrt(x) }
    @_disfavoredOverload @inline(__always) func atan2(_ y: Double, _ x: Double) -> Double {
        Darwin.atan2(y, x)
    }
    @_disfavoredOverload @inline(__always) func sinh(_ x: Double) -> Double { Darwin.sinh(x) }
    @_disfavoredOverload @inline(__always) func cosh(_ x: Double) -> Double { Darwin.cosh(x) }
    @_disfavoredOverload @inline(__always) func atanh(_ x: Double) -> Double { Darwin.atanh(x) }
#endif
