"""Fixtures of the WebAssembly tests: the module's two hosts (Node, a page) against the
native daemon. The module is Clients/web/transitiond.wasm (bash scripts/build-wasm.sh);
the native daemon is $TRANSITIOND, else .build/debug/transitiond."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
WEB = REPO / "Clients" / "web"
MODULE = WEB / "transitiond.wasm"
NODE_HOST = WEB / "bin" / "transitiond.mjs"


def native_daemon() -> str:
    return os.environ.get("TRANSITIOND") or str(REPO / ".build" / "debug" / "transitiond")


@pytest.fixture(scope="session", autouse=True)
def module_built():
    if not MODULE.exists():
        pytest.fail(f"{MODULE} is missing: run bash scripts/build-wasm.sh")


@pytest.fixture(scope="session")
def static_server():
    """Clients/web served as files by `python3 -m http.server`, as a user would."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(WEB)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("the static file server did not start")
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.kill()
    server.wait()


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not chromium or not Path(chromedriver).exists():
        pytest.fail("chromium and chromium-driver are not installed (scripts/ensure-deps.sh --tests)")
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--window-size=1400,860", "--disable-gpu",
                "--disable-dev-shm-usage", "--force-device-scale-factor=1"]:
        options.add_argument(arg)
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.set_script_timeout(60)
    yield driver
    driver.quit()
