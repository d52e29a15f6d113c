"""What the Chromium checks of exported pages share: a daemon over standard input and
output, headless Chromium and a folder for the pages, one each per test module. A test
module takes them by importing these fixtures."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver

from e2e_harness import Daemon, ProcessClient


@pytest.fixture(scope="module")
def daemon():
    workdir = Path(tempfile.mkdtemp(prefix="td-browser-"))
    process = Daemon(["--stdio"], workdir / "daemon.log")
    client = ProcessClient(process)
    client.initialize()
    yield client
    client.close_stdin()
    process.stop()
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,1000",
                "--allow-file-access-from-files", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    binary = shutil.which("chromium")
    if binary:
        options.binary_location = binary
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages():
    path = Path(tempfile.mkdtemp(prefix="td-pages-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)
