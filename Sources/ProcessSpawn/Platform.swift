// The one place this module chooses, when it is compiled, between Linux's own calls and
// the portable fallbacks a macOS or BSD build compiles. `swift build -Xswiftc
// -DTRANSITIOND_PORTABLE` chooses the fallbacks on Linux too, so that they are built and
// tested here (Sources/TransitionDaemon/README.md, "Platforms").

#if os(Linux) && !TRANSITIOND_PORTABLE
    /// `/proc/self/exe`.
    public typealias ExecutablePath = ProcSelfExe
    /// The entries of `/proc/self/fd`.
    public typealias InheritedDescriptors = ProcSelfFDList
#else
    /// `argv[0]`, made absolute or found on the `PATH`.
    public typealias ExecutablePath = ArgumentZeroPath
    /// Every number below the soft limit on open files.
    public typealias InheritedDescriptors = DescriptorRangeScan
#endif
