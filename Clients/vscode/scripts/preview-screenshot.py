#!/usr/bin/env python3
"""The README's picture of the preview moving: media/preview.html fed two ticks of a
real session (scripts/preview-pages.js), side by side, in headless Chromium (Selenium),
saved as media/preview-moving.png.

Usage: python3 Clients/vscode/scripts/preview-screenshot.py [--out PNG] [--transitiond PATH]
"""
import argparse
import os
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(ROOT, "media", "preview-moving.png"))
    parser.add_argument("--transitiond", default=os.environ.get("TRANSITIOND", os.path.join(ROOT, "..", "..", ".build", "debug", "transitiond")))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="preview-shot-") as pages:
        index = subprocess.run(["node", os.path.join(HERE, "preview-pages.js"), pages, args.transitiond],
                               check=True, capture_output=True, text=True).stdout.strip()
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless=new", "--no-sandbox", "--allow-file-access-from-files", "--window-size=1010,780", "--hide-scrollbars"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))  # no download
        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1010, "height": 680, "deviceScaleFactor": 1, "mobile": False})
            driver.get("file://" + index)
            # Wait until both previews have drawn their model (the status line names the session).
            deadline = time.time() + 30
            while True:
                drawn = driver.execute_script(
                    "return [...document.querySelectorAll('iframe')].every(f => /session s/.test(f.contentDocument.getElementById('status').textContent));")
                if drawn:
                    break
                if time.time() > deadline:
                    raise SystemExit("the previews did not draw")
                time.sleep(0.1)
            time.sleep(0.3)  # one animation frame after the model arrived
            driver.save_screenshot(args.out)
        finally:
            driver.quit()
    print(args.out)


if __name__ == "__main__":
    main()
