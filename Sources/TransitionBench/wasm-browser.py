#!/usr/bin/env python3
"""The Chromium side of the benchmark's `wasm` group: the module in a headless page
answers the transition/sample requests wasm-sample.mjs sends in Node (the same module
API, messages framing), then plays a realtime transition of 1 s at 60 fps through
`TransitionClient.connectLocal()`, ticking from animation frames. Prints one JSON line:
{"nanosecondsPerSample": [run, ...], "attributes": N, "ticks": N, "seconds": S}.

    WASM_BENCH_SESSION=... WASM_BENCH_SAMPLE=... python3 wasm-browser.py SAMPLES RUNS

Needs Debian's chromium and chromium-driver and Selenium from PyPI; without them it
prints {"missing": "what"} and exits 2.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "Clients" / "web"

SAMPLES_SCRIPT = """
const [base, session, sample, samples, runs, done] = arguments;
(async () => {
  const { Framing, loadModule } = await import(base + "/transitiond-wasm.js");
  const module = await loadModule(undefined, { onLog: () => {} });
  let last = null;
  const connection = module.open(Framing.messages, { onMessage: (text) => { last = text; } });
  const send = (message) => connection.send(JSON.stringify(message));
  send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { processId: null, capabilities: {} } });
  send({ jsonrpc: "2.0", id: 1, method: "session/create", params: session });
  const bodies = [];
  for (let i = 0; i < samples; i++) {
    bodies.push(JSON.stringify({ jsonrpc: "2.0", id: 2 + i, method: "transition/sample",
      params: { ...sample, progress: i / samples } }));
  }
  for (const body of bodies) connection.send(body);
  const results = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    for (const body of bodies) connection.send(body);
    results.push((performance.now() - start) * 1e6 / samples);
  }
  return { nanosecondsPerSample: results, attributes: JSON.parse(last).result.attributes.length };
})().then((value) => done({ value }), (error) => done({ error: String(error) }));
"""

PACING_SCRIPT = """
const [base, done] = arguments;
(async () => {
  const { TransitionClient } = await import(base + "/transitiond.js");
  const client = await TransitionClient.connectLocal();
  const { session } = await client.request("session/create", {
    viewport: { width: 375, height: 667 }, sections: [{ items: 400 }],
    layout: { type: "list", rowHeight: 60 }, fps: 60 });
  let ticks = 0;
  client.on("transition/tick", () => { ticks += 1; });
  const ended = new Promise((resolve) => client.on("transition/didEnd", resolve));
  const started = performance.now();
  await client.request("transition/start", { session, to: { type: "grid", columns: 4 }, duration: 1 });
  await ended;
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  return { ticks, seconds };
})().then((value) => done({ value }), (error) => done({ error: String(error) }));
"""


# Clients/web served with the headers that isolate a page from other origins: there
# performance.now() counts in steps of 5 µs rather than 100.
ISOLATED_SERVER = """
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()
    def log_message(self, *arguments):
        pass
handler = functools.partial(Handler, directory=sys.argv[2])
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
"""


def missing(what):
    print(json.dumps({"missing": what}))
    sys.exit(2)


def serve_web(port=0, isolated=False):
    """Clients/web as plain files on `port`, else on a free local port; `isolated` adds
    the headers of cross-origin isolation."""
    if not port:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    command = ([sys.executable, "-c", ISOLATED_SERVER, str(port), str(WEB)] if isolated else
               [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(WEB)])
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, f"http://127.0.0.1:{port}"
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                missing("the static file server did not start")
            time.sleep(0.05)


def close_page(driver, server):
    """Ends what `open_page` started."""
    driver.quit()
    server.kill()
    server.wait()


def open_page(port=0, needs_module=True, window_size=None, isolated=False):
    """Headless Chromium on Clients/web served locally (on `port` when given, the
    window `window_size` (width, height) when given, `isolated` as serve_web says):
    (driver, server, base URL)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing("selenium is not installed (pip install selenium)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not chromium or not Path(chromedriver).exists():
        missing("chromium and chromium-driver are not installed")
    if needs_module and not (WEB / "transitiond.wasm").exists():
        missing("Clients/web/transitiond.wasm is missing: run bash scripts/build-wasm.sh")

    server, base = serve_web(port, isolated)
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    if window_size:
        options.add_argument("--window-size={},{}".format(*window_size))
    options.binary_location = chromium
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.set_script_timeout(300)
    driver.get(base + "/")
    return driver, server, base


def main():
    samples, runs = int(sys.argv[1]), int(sys.argv[2])
    driver, server, base = open_page()
    try:
        session = json.loads(os.environ["WASM_BENCH_SESSION"])
        sample = json.loads(os.environ["WASM_BENCH_SAMPLE"])
        sampled = driver.execute_async_script(SAMPLES_SCRIPT, base, session, sample, samples, runs)
        if "error" in sampled:
            missing(f"the page failed: {sampled['error']}")
        paced = driver.execute_async_script(PACING_SCRIPT, base)
        if "error" in paced:
            missing(f"the page failed: {paced['error']}")
        print(json.dumps({**sampled["value"], **paced["value"]}))
    finally:
        close_page(driver, server)


if __name__ == "__main__":
    main()
