"""The module in a real browser (Debian's chromium, Selenium), from Clients/web served
as plain files with no daemon: a page's `TransitionClient.connectLocal()` samples the
frames the native daemon samples, runs a realtime transition to its didEnd, and the
viewer's `?local=1&demo=1` animates, all without a console error. The viewer test takes
the README's screenshot (TRANSITIOND_UPDATE_SCREENSHOTS=1 replaces docs/viewer-local.png)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time

import pytest

from conftest import REPO, native_daemon
from differential_workload import differences, frame, messages

SESSION = {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 40}],
           "layout": {"type": "list", "rowHeight": 60}, "clock": "manual"}
SAMPLES = [{"session": "s1", "to": {"type": "grid", "columns": 3, "spacing": 8}, "duration": 0.6,
            "timing": timing, "time": t, "all": True}
           for timing in ({"spring": {"response": 0.4, "dampingFraction": 0.6}}, {"easing": "backEaseInOut"},
                          {"cubicBezier": [0.2, 1.4, 0.6, 1]})
           for t in (0, 0.05, 0.2, 0.33, 0.6, 0.75)]


def console_errors(driver):
    # The directory listing the script runs in has no icon: the browser's own request
    # for /favicon.ico is not the page's error.
    return [e for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and "/favicon.ico " not in e["message"]]


def wait_until(predicate, timeout=30.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen within {timeout} s")
        time.sleep(0.05)
    return value


def native_answers(requests):
    data = [frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"processId": None, "capabilities": {}}})]
    for i, (method, params) in enumerate(requests, start=1):
        data.append(frame({"jsonrpc": "2.0", "id": i, "method": method, "params": params}))
    data.append(frame({"jsonrpc": "2.0", "id": len(requests) + 1, "method": "shutdown"}))
    data.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    out = subprocess.run([native_daemon()], input=b"".join(data), capture_output=True, timeout=60).stdout
    return [m["result"] for m in messages(out)[1:-1]]


def test_a_page_samples_the_frames_the_native_daemon_samples(browser, static_server):
    browser.get(f"{static_server}/")
    results = browser.execute_async_script("""
        const [base, session, samples, done] = arguments;
        (async () => {
          const { TransitionClient } = await import(base + "/transitiond.js");
          const client = await TransitionClient.connectLocal();
          const out = [await client.request("session/create", session)];
          for (const params of samples) out.push(await client.request("transition/sample", params));
          await client.close();
          return out;
        })().then((value) => done({ value }), (error) => done({ error: String(error) }));
    """, static_server, SESSION, SAMPLES)
    assert "error" not in results, results.get("error")
    page = results["value"]
    native = native_answers([("session/create", SESSION)] + [("transition/sample", s) for s in SAMPLES])
    assert len(page) == len(native) == 1 + len(SAMPLES)
    assert all(len(r["attributes"]) > 10 for r in native[1:])
    assert [d for a, b in zip(page, native) for d in differences(a, b, 1e-9)] == []
    assert console_errors(browser) == []


def test_a_realtime_transition_ticks_from_animation_frames_to_its_did_end(browser, static_server):
    browser.get(f"{static_server}/")
    result = browser.execute_async_script("""
        const [base, done] = arguments;
        (async () => {
          const { TransitionClient } = await import(base + "/transitiond.js");
          const client = await TransitionClient.connectLocal();
          const { session } = await client.request("session/create", {
            viewport: { width: 375, height: 667 }, sections: [{ items: 400 }],
            layout: { type: "list", rowHeight: 60 }, fps: 60 });
          const ticks = [];
          client.on("transition/tick", (p) => ticks.push({ seq: p.seq, time: p.time, at: performance.now() }));
          const ended = new Promise((resolve) => client.on("transition/didEnd", resolve));
          const started = performance.now();
          await client.request("transition/start", { session, to: { type: "grid", columns: 4 }, duration: 1 });
          const didEnd = await ended;
          const elapsed = (performance.now() - started) / 1000;
          await client.close();
          return { ticks, didEnd, elapsed };
        })().then((value) => done({ value }), (error) => done({ error: String(error) }));
    """, static_server)
    assert "error" not in result, result.get("error")
    value = result["value"]
    ticks, did_end = value["ticks"], value["didEnd"]
    assert did_end["completed"] is True and did_end["finished"] is True
    seqs = [t["seq"] for t in ticks]
    assert seqs == sorted(set(seqs)) and seqs[0] == 1
    # Each tick is on the session's grid, later than the one before: a tick that fell a
    # whole period behind skips to the next grid point, so tick k comes at least
    # (k - 1) / 60 s after the first.
    steps = [(t["time"] - ticks[0]["time"]) * 60 for t in ticks]
    assert all(abs(p - round(p)) < 1e-6 and round(p) >= t["seq"] - 1 for p, t in zip(steps, ticks)), ticks
    assert [round(p) for p in steps] == sorted(set(round(p) for p in steps))
    assert len(ticks) >= 15  # a loaded machine skips grid points; a quarter of 60 at least
    assert console_errors(browser) == []
    print(f"\nrealtime in Chromium: {len(ticks)} ticks in {value['elapsed']:.3f} s "
          f"({len(ticks) / value['elapsed']:.1f} ticks/s, 60 asked)")


def canvas_digest(driver):
    data = driver.execute_script("return document.getElementById('stage').toDataURL('image/png')")
    return hashlib.sha256(data.encode()).hexdigest()


def test_the_static_viewer_animates_with_no_daemon(browser, static_server):
    browser.get(f"{static_server}/viewer/index.html?local=1&demo=1")
    wait_until(lambda: browser.execute_script(
        "return window.transitiondViewer?.client?.serverInfo != null"), what="the in-page engine")
    text = browser.find_element("id", "connection-text").text
    assert text.startswith("in this page")
    seen = set()
    wait_until(lambda: seen.add(canvas_digest(browser)) or len(seen) >= 4, what="the canvas changing")
    state = json.loads(browser.execute_script(
        "const s = window.transitiondViewer; return JSON.stringify({demo: s.demo, selected: s.selected})"))
    assert state["demo"] is True and state["selected"]
    if os.environ.get("TRANSITIOND_UPDATE_SCREENSHOTS") == "1":
        browser.save_screenshot(str(REPO / "docs" / "viewer-local.png"))
    assert console_errors(browser) == []


def test_a_page_answers_the_benchmarks_samples(browser, static_server):
    """The benchmark's wasm workload (a list of 400 items to a 4-column grid on a spring,
    every attribute) sampled in the page; the time per sample is printed beside the
    benchmark's Node and native figures (`TransitionBench wasm`), not asserted."""
    browser.get(f"{static_server}/")
    result = browser.execute_async_script("""
        const [base, done] = arguments;
        (async () => {
          const { TransitionClient } = await import(base + "/transitiond.js");
          const client = await TransitionClient.connectLocal();
          await client.request("session/create", { viewport: { width: 400, height: 800 },
            sections: [{ items: 400 }], layout: { type: "list", rowHeight: 20 }, clock: "manual" });
          const params = { session: "s1", to: { type: "grid", columns: 4, spacing: 4 }, duration: 1,
            timing: { spring: { response: 0.5, dampingFraction: 0.7 } }, all: true };
          const counts = [];
          for (let i = 0; i < 50; i++) await client.request("transition/sample", { ...params, progress: i / 50 });
          const start = performance.now();
          for (let i = 0; i < 500; i++) {
            counts.push((await client.request("transition/sample", { ...params, progress: i / 500 })).attributes.length);
          }
          const microseconds = (performance.now() - start) * 1000 / 500;
          await client.close();
          return { counts, microseconds };
        })().then((value) => done({ value }), (error) => done({ error: String(error) }));
    """, static_server)
    assert "error" not in result, result.get("error")
    assert set(result["value"]["counts"]) == {400}
    assert console_errors(browser) == []
    print(f"\nsample of 400 attributes in Chromium, through the client: {result['value']['microseconds']:.0f} us")
