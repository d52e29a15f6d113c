#!/usr/bin/env python3
"""The `browser` group's page: what a page's main thread spends to read one tick, in
headless Chromium. The in-page module (transitiond.wasm) makes the ticks of one
transition in each encoding (the same session and moments: objects and compact as JSON
text, binary as an ArrayBuffer, as a WebSocket delivers them); the page then times,
with performance.now() over many ticks, JSON.parse of the objects and of the compact
text, decodeBinaryTick of the binary frame (typed arrays over it), and
attributeObjects of that (objects made from the columns). Prints one JSON line:
{"scenes": [{"attributes": N, "bytes": {...}, "nanosecondsPerTick": {encoding: [run, ...]}}]}.

    python3 browser-decode.py TICKS RUNS ITERATIONS

Needs Debian's chromium and chromium-driver and Selenium from PyPI; without them it
prints {"missing": "what"} and exits 2.
"""

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# No __pycache__ beside the Swift sources (the package would see it as unhandled files).
sys.dont_write_bytecode = True
_spec = importlib.util.spec_from_file_location("wasm_browser", HERE / "wasm-browser.py")
wasm_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wasm_browser)

# About 100 and 1,000 visible attributes: square cells of 40 points in a grid, to the
# same grid with spacing.
SCENES = [
    {"session": {"viewport": {"width": 400, "height": 400}, "sections": [{"items": 10000}],
                 "layout": {"type": "grid", "columns": 10, "spacing": 0}, "contentOffset": {"x": 0, "y": 20000},
                 "clock": "manual"},
     "start": {"to": {"type": "grid", "columns": 10, "spacing": 2}, "duration": 1}},
    {"session": {"viewport": {"width": 1000, "height": 1600}, "sections": [{"items": 100000}],
                 "layout": {"type": "grid", "columns": 25, "spacing": 0}, "contentOffset": {"x": 0, "y": 20000},
                 "clock": "manual"},
     "start": {"to": {"type": "grid", "columns": 25, "spacing": 2}, "duration": 1}},
]

DECODE_SCRIPT = """
const [base, scenes, tickCount, runs, iterations, done] = arguments;
(async () => {
  const { Framing, loadModule } = await import(base + "/transitiond-wasm.js");
  const { decodeBinaryTick, attributeObjects } = await import(base + "/transitiond.js");
  // The 1,000-attribute scene has 100,000 items, over the default limit.
  const module = await loadModule(undefined, { onLog: () => {}, limits: { "max-items": 100000 } });
  /** The tick messages of `scene` in `encoding`, at tickCount moments. */
  const ticksOf = (scene, encoding) => {
    const messages = [];
    const connection = module.open(Framing.messages, { onMessage: (m) => messages.push(m) });
    let id = 0;
    const call = (method, params) => {
      messages.length = 0;
      connection.send(JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }));
      const reply = messages.find((m) => typeof m === "string" && m.startsWith('{"jsonrpc":"2.0","id":'));
      return { result: JSON.parse(reply).result, tick: messages.find((m) => m !== reply) };
    };
    call("initialize", { processId: null, capabilities: {} });
    const { session } = call("session/create", { ...scene.session, encoding }).result;
    call("transition/start", { session, ...scene.start });
    const ticks = [];
    for (let k = 1; k <= tickCount; k++) {
      ticks.push(call("clock/advance", { session, to: k / (tickCount + 1), reply: "brief" }).tick);
    }
    connection.end();
    return ticks;
  };
  const size = (m) => (typeof m === "string" ? new TextEncoder().encode(m).length : m.byteLength);
  /** Nanoseconds per tick of `read`, per run; what it returns is kept, so nothing is skipped. */
  const time = (read, inputs) => {
    const kept = [];
    for (const input of inputs) kept.push(read(input));
    const perRun = [];
    for (let run = 0; run < runs; run++) {
      kept.length = 0;
      const start = performance.now();
      for (let i = 0; i < iterations; i++) kept.push(read(inputs[i % inputs.length]));
      perRun.push((performance.now() - start) * 1e6 / iterations);
    }
    return perRun;
  };
  const results = [];
  for (const scene of scenes) {
    const objects = ticksOf(scene, "objects");
    const compact = ticksOf(scene, "compact");
    const binary = ticksOf(scene, "binary");
    const attributes = JSON.parse(compact[0]).params.attributes.count;
    // The three encodings hold the same elements.
    if (decodeBinaryTick(binary[0]).attributes.count !== attributes || JSON.parse(objects[0]).params.attributes.length !== attributes) {
      throw new Error("the encodings disagree on the attributes");
    }
    const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
    results.push({
      attributes,
      bytes: { objects: mean(objects.map(size)), compact: mean(compact.map(size)), binary: mean(binary.map(size)) },
      nanosecondsPerTick: {
        objects: time((text) => JSON.parse(text), objects),
        compact: time((text) => JSON.parse(text), compact),
        binary: time((buffer) => decodeBinaryTick(buffer), binary),
        binaryObjects: time((buffer) => attributeObjects(decodeBinaryTick(buffer).attributes), binary),
      },
    });
  }
  return { scenes: results };
})().then((value) => done({ value }), (error) => done({ error: String(error) }));
"""


def main():
    ticks, runs, iterations = (int(a) for a in sys.argv[1:4])
    driver, server, base = wasm_browser.open_page()
    try:
        measured = driver.execute_async_script(DECODE_SCRIPT, base, SCENES, ticks, runs, iterations)
        if "error" in measured:
            wasm_browser.missing(f"the page failed: {measured['error']}")
        print(json.dumps(measured["value"]))
    finally:
        wasm_browser.close_page(driver, server)


if __name__ == "__main__":
    main()
