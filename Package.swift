// swift-tools-version:6.0
import PackageDescription

/// This manifest's directory: the linker is not run from it.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

/// The daemon's shell in release builds: exclusive access to class properties is
/// checked when debug builds (the tests) run, not on every access of the release
/// daemon, where leaving the checks out saves 8% of a pipelined request's instructions.
/// Only on the shell, which is no library product: a package that depends on one by
/// version may not have unsafe flags.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

// One section per target with its test target, alphabetical.
let package = Package(
    name: "transitiond",
    products: [
        .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "TransitionExport", targets: ["TransitionExport"]),
        .library(name: "WebTransport", targets: ["WebTransport"]),
    ],
    targets: [
        // MARK: CLibUV — the libuv C library, linked from its static archive.
        .systemLibrary(name: "CLibUV", providers: [.apt(["libuv1-dev"])]),

        // MARK: CommandLineSpec — one description of each command line, rendered as --help,
        // man page and shell completions. Pure Swift.
        .target(name: "CommandLineSpec", exclude: ["README.md"]),
        .testTarget(name: "CommandLineSpecTests", dependencies: ["CommandLineSpec"]),

        // MARK: JSONRPC — JSON, LSP framing, messages, dispatch. Pure Swift, no I/O.
        .target(name: "JSONRPC", exclude: ["README.md"], linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),

        // MARK: LocalSockets — Unix-socket paths, peer credentials and a blocking connect, with
        // plain system calls (no loop): shared by the daemon and the forwarder.
        .target(name: "LocalSockets", exclude: ["README.md"]),
        .testTarget(name: "LocalSocketsTests", dependencies: ["LocalSockets"]),

        // MARK: ProcessSpawn — starting a child process (posix_spawn): its streams, group or
        // session, signals and environment. Shared by the launcher, transitionctl and the bench.
        .target(name: "ProcessSpawn"),
        .testTarget(name: "ProcessSpawnTests", dependencies: ["ProcessSpawn"]),

        // MARK: ProjectVersion — the one version number of the daemon, transitionctl and clients.
        .target(name: "ProjectVersion"),

        // MARK: TestSupport — what the test targets and the benchmark share (a seeded random
        // generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        // MARK: TransitionBench — release-mode figures.
        .executableTarget(
            name: "TransitionBench",
            dependencies: [
                "JSONRPC", "ProcessSpawn", "TestSupport", "TransitionEngine", "TransitionExport",
                "TransitionService", "TransitionDaemon", "TransitionForwarder", "TransitionWasm",
            ],
            // The floor server, in C: the benchmark compiles it with cc when it runs; the
            // WebAssembly module's side of the `wasm` group, run by node.
            exclude: [
                "floor-server.c", "wasm-sample.mjs", "wasm-browser.py", "browser-decode.py",
                "browser-stream.py",
            ]),

        // MARK: transitionctl — command-line client: call methods, demo, render.
        .executableTarget(
            name: "transitionctl",
            dependencies: [
                "CommandLineSpec", "JSONRPC", "LocalSockets", "ProcessSpawn", "ProjectVersion",
                "TransitionFilm", "TransitionProtocol",
            ]),

        // MARK: transitiond — the daemon executable.
        // Release builds are one static executable (the Swift runtime, libuv and libc
        // inside): no dynamic loader, libraries to find or symbols to relocate at launch,
        // which halves the time to the first reply. lld lays out side by side the code
        // and data touched before the first reply (startup-order.txt, made by
        // scripts/startup-order.py): a third fewer page faults at launch.
        .executableTarget(
            name: "transitiond",
            dependencies: [
                "CommandLineSpec", "LocalSockets", "TransitionDaemon", "TransitionDocuments",
                "TransitionForwarder", "TransitionService", "WebTransport",
            ],
            exclude: ["startup-order.txt"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-use-ld=lld",
                        "-Xlinker",
                        "--symbol-ordering-file=\(packageDirectory)/Sources/transitiond/startup-order.txt",
                        "-Xlinker", "--no-warn-symbol-ordering",
                    ], .when(configuration: .release))
            ]
        ),

        // MARK: TransitionDaemon — the libuv shell: the loop, transports, listeners, the web
        // endpoint, signals, timers, the daemon's life.
        .target(
            name: "TransitionDaemon",
            dependencies: [
                "CLibUV", "JSONRPC", "LocalSockets", "TransitionDocuments", "TransitionService",
                "WebTransport",
            ],
            exclude: ["README.md"], swiftSettings: releaseSettings
        ),
        .testTarget(
            name: "TransitionDaemonTests",
            dependencies: ["TransitionDaemon", "TransitionService", "JSONRPC", "CLibUV"]),

        // MARK: TransitionDocuments — the transition document (`NAME.transition.json`): checked
        // by the service's own methods, with diagnostics placed in its text. Pure Swift; the
        // daemon serves it, the WebAssembly module does not.
        .target(
            name: "TransitionDocuments",
            dependencies: ["JSONRPC", "TransitionFilm", "TransitionProtocol", "TransitionService"],
            exclude: ["README.md"]),
        .testTarget(
            name: "TransitionDocumentsTests",
            dependencies: ["TransitionDocuments", "JSONRPC", "TransitionService"]),

        // MARK: TransitionEngine — geometry, layouts, timing, transitions. Pure Swift.
        .target(
            name: "TransitionEngine",
            exclude: [
                "README.md", "Layouts/README.md", "Timing/README.md", "Transition/README.md",
            ],
            // Support/Math.swift declares libm's functions with @_extern(c).
            swiftSettings: [.enableExperimentalFeature("Extern")],
            // Rounding and elementary functions come from libm.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .testTarget(
            name: "TransitionEngineTests", dependencies: ["TransitionEngine", "TestSupport"]),

        // MARK: TransitionExport — a transition as CSS, Web Animations, SVG, Lottie. Pure Swift.
        .target(
            name: "TransitionExport", dependencies: ["TransitionEngine"], exclude: ["README.md"]),
        .testTarget(
            name: "TransitionExportTests",
            dependencies: ["TransitionExport", "TransitionEngine", "JSONRPC", "TestSupport"]),

        // MARK: TransitionFilm — a transition drawn as an SVG filmstrip, shared by transitionctl
        // and the MCP server. Pure Swift.
        .target(name: "TransitionFilm", dependencies: ["JSONRPC"], exclude: ["README.md"]),

        // MARK: TransitionForwarder — `transitiond --remote`: bytes between standard input and
        // the shared daemon's socket, no loop and no sessions.
        .target(
            name: "TransitionForwarder", dependencies: ["LocalSockets", "ProcessSpawn"],
            exclude: ["README.md"]),
        .testTarget(name: "TransitionForwarderTests", dependencies: ["TransitionForwarder"]),

        // MARK: TransitionProtocol — the protocol's names: methods, the session notifications and
        // their members, the daemon's error codes; shared by the service and transitionctl. Pure
        // Swift.
        .target(name: "TransitionProtocol", dependencies: ["JSONRPC"], exclude: ["README.md"]),
        .testTarget(name: "TransitionProtocolTests", dependencies: ["TransitionProtocol"]),

        // MARK: TransitionService — sessions, methods, params, encodings and the connection
        // core: bytes in, actions out. Pure Swift: neither libuv nor libc.
        .target(
            name: "TransitionService",
            dependencies: [
                "JSONRPC", "ProjectVersion", "TransitionEngine", "TransitionExport",
                "TransitionProtocol", "WebTransport",
            ],
            exclude: ["README.md"], swiftSettings: releaseSettings
        ),
        .testTarget(
            name: "TransitionServiceTests",
            dependencies: [
                "TransitionService", "JSONRPC", "TransitionEngine", "TransitionProtocol",
                "WebTransport",
            ]),

        // MARK: TransitionWasm — the daemon's shell for a host that owns the I/O and the
        // clock: the WebAssembly module (scripts/build-wasm.sh). Pure Swift.
        .target(
            name: "TransitionWasm", dependencies: ["JSONRPC", "TransitionService"],
            exclude: ["README.md"]),
        .testTarget(
            name: "TransitionWasmTests",
            dependencies: ["TransitionWasm", "TransitionService", "TestSupport"]),

        // MARK: WebTransport — HTTP request heads, WebSocket frames, the access policy. Pure Swift.
        .target(name: "WebTransport", exclude: ["README.md"]),
        .testTarget(name: "WebTransportTests", dependencies: ["WebTransport", "TestSupport"]),
    ]
)
