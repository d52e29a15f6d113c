// swift-tools-version:6.0
import PackageDescription

// One section per target with its test target, alphabetical.
let package = Package(
    name: "transitiond",
    products: [
        .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "WebTransport", targets: ["WebTransport"]),
    ],
    targets: [
        // MARK: CLibUV — the libuv C library, found with pkg-config.
        .systemLibrary(
            name: "CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),

        // MARK: JSONRPC — JSON, LSP framing, messages, dispatch. Pure Swift, no I/O.
        .target(name: "JSONRPC", exclude: ["README.md"], linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),

        // MARK: TransitionBench — release-mode figures.
        .executableTarget(name: "TransitionBench", dependencies: ["JSONRPC", "TransitionEngine", "TransitionServer"]),

        // MARK: TransitionEngine — geometry, layouts, timing, transitions. Pure Swift.
        .target(
            name: "TransitionEngine",
            exclude: ["Layouts/README.md", "Timing/README.md", "Transition/README.md"],
            // Rounding and elementary functions come from libm.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .testTarget(name: "TransitionEngineTests", dependencies: ["TransitionEngine"]),

        // MARK: transitiond — the daemon executable.
        // Release builds carry the Swift runtime inside the binary: nothing to find and
        // relocate at launch, which halves the time to the first reply.
        .executableTarget(
            name: "transitiond", dependencies: ["TransitionServer"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),

        // MARK: transitionctl — command-line client: call methods, demo, render.
        .executableTarget(name: "transitionctl", dependencies: ["JSONRPC"]),

        // MARK: TransitionServer — the libuv shell: transports, connections, sessions, ticks.
        .target(
            name: "TransitionServer", dependencies: ["CLibUV", "JSONRPC", "TransitionEngine", "WebTransport"],
            exclude: ["README.md"]
        ),
        .testTarget(name: "TransitionServerTests", dependencies: ["TransitionServer", "JSONRPC", "TransitionEngine"]),

        // MARK: WebTransport — HTTP request heads, WebSocket frames, the access policy. Pure Swift.
        .target(name: "WebTransport", exclude: ["README.md"]),
        .testTarget(name: "WebTransportTests", dependencies: ["WebTransport"]),
    ]
)
