"""Smoke run of the benchmark executable, so that it cannot rot: every group that runs
the real daemon, with tiny sizes (seconds). The figures themselves are not checked.

The binaries are $TRANSITIONBENCH and $TRANSITIOND, else <repo>/.build/debug/.
Run from the repository root:  python3 -m pytest Tests/EndToEnd/test_bench_smoke.py -q
"""

import json
import math
import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.native_only("the benchmark measures the native daemon")

ROOT = Path(__file__).resolve().parents[2]
TRANSITIOND = os.environ.get("TRANSITIOND") or str(ROOT / ".build" / "debug" / "transitiond")
TRANSITIONBENCH = os.environ.get("TRANSITIONBENCH") or str(ROOT / ".build" / "debug" / "TransitionBench")
GROUPS = ["rpc", "bystander", "startup", "tickpath", "fanout", "scale", "pacing", "memory", "wasm", "browser"]

EXPECTED = {
    "rpc": [
        "rpc.pingpong.p50", "rpc.pingpong.p99", "rpc.pipelined.throughput",
        "rpc.scrub.p50", "rpc.scrub.p99", "rpc.scrub.toTick.p50", "rpc.scrub.toTick.p99", "rpc.scrub.missingTicks",
    ],
    "bystander": ["bystander.behindBatch", "bystander.behindStart"],
    "startup": ["startup.initialize", "startup.forwarded"],
    "tickpath": [
        "tickpath.visibleAttributes",
        "tickpath.objects.all", "tickpath.objects.daemonCPU", "tickpath.objects.bytesPerAttribute",
        "tickpath.compact.all", "tickpath.compact.daemonCPU", "tickpath.compact.bytesPerAttribute",
        "tickpath.compact.brief.all", "tickpath.compact.brief.daemonCPU", "tickpath.compact.brief.bytesPerAttribute",
    ],
    "fanout": [
        "fanout.daemonCPU", "fanout.skippedTicks", "fanout.rate", "fanout.missingTicks", "fanout.rate.min",
        "fanout.emittedRate",
        "fanout.attributesPerTick", "fanout.daemonCPUPerAttribute", "fanout.throughput", "fanout.clientCPU",
        "fanout.inPhase.daemonCPU", "fanout.inPhase.skippedTicks", "fanout.inPhase.rate",
        "fanout.inPhase.throughput",
    ],
    # 1,000 sessions in full, over a Unix socket (compact) and a WebSocket (binary frames).
    "scale": [
        f"scale.{stream}.{figure}"
        for stream in ("compact", "binary")
        for figure in (
            "daemonCPU", "skippedTicks", "rate", "missingTicks", "lostShare", "attributesPerTick",
            "daemonCPUPerAttribute", "throughput", "clientCPU", "daemonRSS",
            "split.perTick", "split.perAttribute",
        )
    ] + ["scale.memory.idlePerSession"],
    "pacing": [
        "pacing.deviation.p50", "pacing.deviation.p99", "pacing.deviation.max", "pacing.rate", "pacing.rate.min",
        "pacing.skippedTicks", "pacing.daemonCPU",
    ],
    "memory": [
        "memory.idle", "memory.uniform.perSession", "memory.sized.perItem", "memory.sized.growth",
        "memory.slowReader.before", "memory.slowReader.peak", "memory.slowReader.growth",
        "memory.slowReader.skippedTicks", "memory.slowReader.ticksAfter",
    ],
    # The module (scripts/build-wasm.sh, which the test command runs first) in Node and
    # headless Chromium.
    "wasm": [
        "wasm.size.raw", "wasm.size.gzip", "wasm.node.sample", "wasm.chromium.sample",
        "wasm.chromium.ticksPerSecond",
    ],
    # A page reading ticks in each encoding, in headless Chromium; then a page drawing a
    # 60 fps session of the daemon over WebSocket.
    "browser": ["browser.idleFramesPerSecond"] + [
        f"browser.{figure}.{encoding}.{size}"
        for size in ("100", "1000")
        for figure, encodings in (("decode", ("objects", "compact", "binary", "binaryObjects")),
                                  ("bytesPerAttribute", ("objects", "compact", "binary")),
                                  ("framesPerSecond", ("objects", "compact", "binary")),
                                  ("ticksPerSecond", ("objects", "compact", "binary")),
                                  ("mainThreadPerTick", ("objects", "compact", "binary")),
                                  ("daemonCPU", ("objects", "compact", "binary")))
        for encoding in encodings
    ],
}
# Figures that always have a number; others may be null when nothing was there to
# divide (a window in which no tick arrived).
ALWAYS_NUMBERS = [
    "rpc.pingpong.p50", "rpc.pipelined.throughput", "rpc.scrub.p50", "bystander.behindBatch",
    "bystander.behindStart", "startup.initialize", "tickpath.compact.all",
    "tickpath.compact.daemonCPU", "fanout.daemonCPU", "fanout.skippedTicks", "pacing.rate", "memory.idle",
    "scale.compact.daemonCPU", "scale.binary.daemonCPU", "scale.compact.lostShare", "scale.binary.lostShare",
    "memory.uniform.perSession", "memory.slowReader.peak", "wasm.size.gzip", "wasm.node.sample",
]
# Figures with peers beside them (a peer may be reported missing, never left out).
COMPARED = ["rpc.pingpong.p50", "rpc.pingpong.p99", "rpc.pipelined.throughput", "startup.initialize", "memory.idle"]
# The floor: a minimal framed server in C the benchmark compiles and measures beside them.
PEERS = {"clangd", "sourcekit-lsp", "floor"}


@pytest.fixture(scope="module")
def run():
    for path in (TRANSITIOND, TRANSITIONBENCH):
        assert os.access(path, os.X_OK), f"{path} is missing: run 'swift build' first (or set TRANSITIOND / TRANSITIONBENCH)"
    return subprocess.run(
        [TRANSITIONBENCH, "--smoke", *GROUPS],
        capture_output=True, text=True, timeout=300, env={**os.environ, "TRANSITIOND": TRANSITIOND},
    )


@pytest.fixture(scope="module")
def figures(run):
    assert run.returncode == 0, f"exit {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    lines = run.stdout.split("\n\nSummary")[0].splitlines()
    parsed = [json.loads(line) for line in lines if line.strip()]
    assert parsed and len(parsed) == len(lines)
    return {f["figure"]: f for f in parsed}


def test_exits_zero_with_a_summary(run, figures):
    assert "\nSummary" in run.stdout
    assert "Failed" not in run.stdout


@pytest.mark.parametrize("group", GROUPS)
def test_group_prints_its_figures(figures, group):
    for name in EXPECTED[group]:
        assert name in figures, f"{name} missing from the smoke run"
        figure = figures[name]
        assert isinstance(figure["unit"], str) and figure["unit"]
        assert figure["value"] is None or isinstance(figure["value"], (int, float)), figure
        if name in ALWAYS_NUMBERS:
            assert isinstance(figure["value"], (int, float)) and math.isfinite(figure["value"]), figure


def test_only_known_groups_ran(figures):
    prefixes = tuple(f"{g}." for g in GROUPS)
    assert all(name.startswith(prefixes) for name in figures)


def test_peers_are_measured_or_reported_missing(figures):
    for name in COMPARED:
        peers = {p["name"]: p for p in figures[name].get("peers", [])}
        assert set(peers) == PEERS, (name, peers)
        for peer in peers.values():
            assert ("value" in peer) != ("missing" in peer), peer
            if "value" in peer:
                assert "ratio" in peer
        if any("value" in p for p in peers.values()):
            assert figures[name]["baseline"] in PEERS and "ratio" in figures[name]


def test_smoke_mode_sets_no_targets(figures):
    assert not any("target" in f for f in figures.values())


def test_unknown_group_is_a_usage_error():
    r = subprocess.run([TRANSITIONBENCH, "--smoke", "nosuchgroup"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 64
    assert "unknown group" in r.stderr
