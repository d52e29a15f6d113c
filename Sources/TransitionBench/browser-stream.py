#!/usr/bin/env python3
"""The `browser` group's streaming page: a page in headless Chromium reads a realtime
60 fps session of the daemon over WebSocket with transitiond.js and draws each tick on
a canvas (one fillRect per attribute), for each encoding and scene in turn. Per
(encoding, scene), after a warm-up, over a window of a few seconds: frames drawn per
second (requestAnimationFrame callbacks that painted a newer tick than the last one
painted), ticks received per second, the main thread's time decoding (what
transitiond.js does with a message before the tick handler: JSON.parse or
decodeBinaryTick) and drawing per tick (performance.now()), and the daemon's CPU
(/proc/PID/stat) over the same window. Also the rate of animation frames in the idle
page, what headless Chromium allows at all. Prints one JSON line:
{"idleAnimationFrames": F, "runs": [{"encoding", "scene", "attributes", ...}, ...]}.

    BROWSER_BENCH_WS=ws://... python3 browser-stream.py DAEMON_PID PAGE_PORT WARMUP_SECONDS WINDOW_SECONDS

The daemon runs with `--ws` and `--allow-origin http://127.0.0.1:PAGE_PORT`: the page
is Clients/web served on PAGE_PORT. Needs Debian's chromium and chromium-driver and
Selenium from PyPI; without them it prints {"missing": "what"} and exits 2.
"""

import importlib.util
import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# No __pycache__ beside the Swift sources (the package would see it as unhandled files).
sys.dont_write_bytecode = True
_spec = importlib.util.spec_from_file_location("wasm_browser", HERE / "wasm-browser.py")
wasm_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wasm_browser)

ENCODINGS = ["objects", "compact", "binary"]
# About 100 and 1,000 visible items: square cells of 40 points in a grid, to the same
# grid with spacing, linear over ten minutes so that the transition outlasts every window.
SCENES = {
    "100": {"session": {"viewport": {"width": 400, "height": 400}, "sections": [{"items": 10000}],
                        "layout": {"type": "grid", "columns": 10, "spacing": 0},
                        "contentOffset": {"x": 0, "y": 4000}, "fps": 60},
            "start": {"to": {"type": "grid", "columns": 10, "spacing": 2}, "duration": 600, "timing": "linear"}},
    "1000": {"session": {"viewport": {"width": 1000, "height": 1600}, "sections": [{"items": 10000}],
                         "layout": {"type": "grid", "columns": 25, "spacing": 0},
                         "contentOffset": {"x": 0, "y": 4000}, "fps": 60},
             "start": {"to": {"type": "grid", "columns": 25, "spacing": 2}, "duration": 600, "timing": "linear"}},
}
# Large enough for the bigger viewport, so that every rectangle lands on the screen.
WINDOW_SIZE = (1100, 1700)

# Animation frames of the idle page over `seconds`: the most a page can draw here.
IDLE_FRAMES_SCRIPT = """
const [seconds, done] = arguments;
let frames = 0;
let first = null;
const frame = (now) => {
  if (first === null) first = now;
  if (now - first < seconds * 1000) { frames += 1; requestAnimationFrame(frame); }
  else done({ value: frames / ((now - first) / 1000) });
};
requestAnimationFrame(frame);
"""

# Connects, creates the session, starts the transition, draws from animation frames,
# and resolves after the warm-up; the state lives in window.bench for the next scripts.
START_SCRIPT = """
const [base, url, scene, encoding, warmup, done] = arguments;
(async () => {
  const { TransitionClient } = await import(base + "/transitiond.js");
  const { width, height } = scene.session.viewport;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.style = "position: fixed; left: 0; top: 0";
  document.body.replaceChildren(canvas);
  const context = canvas.getContext("2d");
  context.fillStyle = "#7c9cff";

  // One fillRect per attribute, read the way each encoding is meant to be read.
  const drawObjects = (attributes) => {
    for (const a of attributes) context.fillRect(a.frame.x, a.frame.y, a.frame.width, a.frame.height);
  };
  const drawCompact = (attributes) => {
    const frame = attributes.frame;
    for (let i = 0; i < attributes.count; i++) {
      context.fillRect(frame[4 * i], frame[4 * i + 1], frame[4 * i + 2], frame[4 * i + 3]);
    }
  };
  // A column is a typed array, or one number every element shares.
  const reader = (column) => (typeof column === "number" ? () => column : (i) => column[i]);
  const drawBinary = (attributes) => {
    const [x, y, w, h] = ["x", "y", "width", "height"].map((name) => reader(attributes.columns[name]));
    for (let i = 0; i < attributes.count; i++) context.fillRect(x(i), y(i), w(i), h(i));
  };
  const draw = { objects: drawObjects, compact: drawCompact, binary: drawBinary }[encoding];
  const count = (attributes) => (Array.isArray(attributes) ? attributes.length : attributes.count);

  const bench = {
    ticks: 0, attributes: 0, framesDrawn: 0, animationFrames: 0, decodeMs: 0, drawMs: 0,
    latest: null, paintedSeq: -1, running: true,
  };
  window.bench = bench;
  const client = await TransitionClient.connect(url);
  bench.client = client;
  // What transitiond.js does with a message before the handler (JSON.parse, or
  // decodeBinaryTick for a binary frame), timed whole.
  const received = client.received;
  client.received = (data) => {
    const start = performance.now();
    received.call(client, data);
    bench.decodeMs += performance.now() - start;
  };
  client.on("transition/tick", (params) => {
    bench.ticks += 1;
    bench.attributes += count(params.attributes);
    bench.latest = params;
  });
  const frame = () => {
    if (!bench.running) return;
    bench.animationFrames += 1;
    const tick = bench.latest;
    if (tick !== null && tick.seq > bench.paintedSeq) {
      const start = performance.now();
      context.setTransform(1, 0, 0, 1, -tick.contentOffset.x, -tick.contentOffset.y);
      context.clearRect(tick.contentOffset.x, tick.contentOffset.y, width, height);
      draw(tick.attributes);
      bench.drawMs += performance.now() - start;
      bench.paintedSeq = tick.seq;
      bench.framesDrawn += 1;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const { session } = await client.request("session/create", { ...scene.session, encoding });
  bench.session = session;
  await client.request("transition/start", { session, ...scene.start });
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  return {};
})().then((value) => done({ value }), (error) => done({ error: String(error) }));
"""

# The counters' growth over `seconds`.
MEASURE_SCRIPT = """
const [seconds, done] = arguments;
const bench = window.bench;
const names = ["ticks", "attributes", "framesDrawn", "animationFrames", "decodeMs", "drawMs"];
const before = Object.fromEntries(names.map((name) => [name, bench[name]]));
const started = performance.now();
setTimeout(() => {
  const grown = Object.fromEntries(names.map((name) => [name, bench[name] - before[name]]));
  done({ value: { ...grown, seconds: (performance.now() - started) / 1000 } });
}, seconds * 1000);
"""

STOP_SCRIPT = """
const [done] = arguments;
const bench = window.bench;
bench.running = false;
bench.client.request("session/dispose", { session: bench.session })
  .then(() => bench.client.close())
  .then(() => done({ value: {} }), (error) => done({ error: String(error) }));
"""


def cpu_seconds(pid):
    """User plus system CPU time of process `pid`, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # After the command: state is field 3, utime field 14, stime field 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_script(driver, script, *arguments):
    result = driver.execute_async_script(script, *arguments)
    if "error" in result:
        wasm_browser.missing(f"the page failed: {result['error']}")
    return result["value"]


def measure(driver, base, url, pid, encoding, size, warmup, window):
    run_script(driver, START_SCRIPT, base, url, SCENES[size], encoding, warmup)
    cpu_before, wall_before = cpu_seconds(pid), time.monotonic()
    grown = run_script(driver, MEASURE_SCRIPT, window)
    cpu_after, wall_after = cpu_seconds(pid), time.monotonic()
    run_script(driver, STOP_SCRIPT)
    seconds = grown["seconds"]
    ticks = grown["ticks"]
    return {
        "encoding": encoding,
        "scene": size,
        "seconds": seconds,
        "attributes": grown["attributes"] / ticks if ticks else 0,
        "framesPerSecond": grown["framesDrawn"] / seconds,
        "animationFramesPerSecond": grown["animationFrames"] / seconds,
        "ticksPerSecond": ticks / seconds,
        "decodeMicrosecondsPerTick": grown["decodeMs"] * 1000 / ticks if ticks else None,
        "drawMicrosecondsPerFrame": grown["drawMs"] * 1000 / grown["framesDrawn"] if grown["framesDrawn"] else None,
        "mainThreadMicrosecondsPerTick": (grown["decodeMs"] + grown["drawMs"]) * 1000 / ticks if ticks else None,
        "daemonCores": (cpu_after - cpu_before) / (wall_after - wall_before),
    }


def main():
    url = os.environ["BROWSER_BENCH_WS"]
    pid, port = int(sys.argv[1]), int(sys.argv[2])
    warmup, window = float(sys.argv[3]), float(sys.argv[4])
    driver, server, base = wasm_browser.open_page(
        port=port, needs_module=False, window_size=WINDOW_SIZE, isolated=True)
    try:
        idle = run_script(driver, IDLE_FRAMES_SCRIPT, window)
        isolated = driver.execute_script("return crossOriginIsolated")
        runs = [measure(driver, base, url, pid, encoding, size, warmup, window)
                for size in SCENES for encoding in ENCODINGS]
        print(json.dumps({"idleAnimationFrames": idle, "crossOriginIsolated": isolated, "runs": runs}))
    finally:
        wasm_browser.close_page(driver, server)


if __name__ == "__main__":
    main()
