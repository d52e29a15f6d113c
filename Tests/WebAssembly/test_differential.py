"""The WebAssembly module and the native daemon answer the same 10,000 seeded
transition/sample requests (layouts, curves, moments) alike: every number within 1e-9
(relative, or absolute below 1). They run the same Swift code; only libm, wasi-libc's
against glibc's, may differ in the last digits."""

from __future__ import annotations

import subprocess

from conftest import NODE_HOST, native_daemon
from differential_workload import differences, messages, workload


def test_ten_thousand_samples_agree_with_the_native_engine(record_property):
    data, samples = workload(seed=20261204)
    assert samples >= 10_000
    native = subprocess.run([native_daemon()], input=data, capture_output=True, timeout=300)
    wasm = subprocess.run(["node", str(NODE_HOST)], input=data, capture_output=True, timeout=600)
    assert native.returncode == 0 and wasm.returncode == 0, wasm.stderr.decode()[-2000:]
    a = messages(native.stdout)
    b = messages(wasm.stdout)
    # The replies to initialize, each session's create and dispose, the samples, shutdown.
    assert len(a) == len(b) == 1 + 2 * 50 + samples + 1
    answered = [m for m in a if isinstance(m.get("result"), dict) and "attributes" in m["result"]]
    assert len(answered) == samples
    attributes = sum(len(m["result"]["attributes"]) for m in answered)
    assert attributes > 100_000  # the samples are not empty
    found = [d for x, y in zip(a, b) for d in differences(x, y, 1e-9)]
    assert found == [], found[:10]
    identical = sum(1 for x, y in zip(a, b) if x == y)
    record_property("figures", f"differential: {samples} samples, {attributes} attributes; "
                    f"{identical} of {len(a)} answers identical, the rest within 1e-9")
