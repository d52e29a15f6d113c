"""The web viewer in a real browser: Debian's chromium and chromium-driver, driven by
Selenium. The page connects, `?demo=1` animates (the canvas's pixels change between
ticks), the slider scrubs (the daemon reports that progress), each button does what it
says (the daemon reports the state), hovering shows an item's frame, and the console
shows no error. The demo test takes a screenshot; with TRANSITIOND_UPDATE_SCREENSHOTS=1 it
replaces docs/viewer.png, the README's.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from ws_harness import WebSocketClient, read_web_json  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.native_only("the viewer over --ws is the native daemon's (the in-page engine's viewer is tested in Tests/WebAssembly)"),
    pytest.mark.skipif(not CHROMIUM or not Path(CHROMEDRIVER).exists(),
                       reason="chromium and chromium-driver are not installed (scripts/ensure-deps.sh --tests)"),
]


@pytest.fixture
def viewer(spawn, monkeypatch):
    runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
    os.chmod(runtime, 0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    daemon = spawn("--ws", "127.0.0.1:0", "--log-level", "info", log_name="viewer.log")
    info = read_web_json(runtime, daemon)
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--window-size=1400,860", "--disable-gpu",
                "--disable-dev-shm-usage", "--force-device-scale-factor=1"]:
        options.add_argument(arg)
    if CHROMIUM:
        options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_script_timeout(20)
    watcher = WebSocketClient(info["ws"], "watcher")
    watcher.initialize()
    yield driver, info, watcher, daemon
    watcher.close()
    driver.quit()
    shutil.rmtree(runtime, ignore_errors=True)


def wait_until(predicate, timeout=15.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen within {timeout} s")
        time.sleep(0.05)


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def canvas_digest(driver):
    data = driver.execute_script("return document.getElementById('stage').toDataURL('image/png')")
    return hashlib.sha256(data.encode()).hexdigest()


def page_seq(driver):
    return driver.execute_script("const f = window.transitiondViewer && window.transitiondViewer.frame; return f ? f.seq : null")


def status(watcher, session):
    return watcher.call("transition/status", {"session": session})


@pytest.mark.time_limit(90)
def test_demo_animates_and_looks_right(viewer):
    driver, info, watcher, daemon = viewer
    driver.get(info["url"] + "&demo=1")
    wait_until(lambda: driver.execute_script("return document.getElementById('connection').dataset.state") == "open",
               what="the page connecting")
    session = wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected"), what="a demo session")
    assert watcher.call("session/list")["sessions"][1]["session"] == session
    # The canvas changes between ticks while the demo plays.
    digests = set()
    seqs = set()
    deadline = time.monotonic() + 20
    while len(digests) < 4 and time.monotonic() < deadline:
        seq = wait_until(lambda: (s := page_seq(driver)) not in seqs and s, what="a new tick")
        seqs.add(seq)
        driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        digests.add(canvas_digest(driver))
    assert len(digests) >= 4, f"the canvas did not change between ticks {sorted(seqs)}"
    # The loop goes back and forth: both layouts are reached.
    states = set()
    wait_until(lambda: states.add(watcher.call("session/list")["sessions"][1]["layoutState"]) or len(states) == 2,
               timeout=20, what="the demo reaching both layouts")
    # Mid-transition, for the README.
    wait_until(lambda: 0.3 < (status(watcher, session).get("progress") or 0) < 0.8, timeout=20, what="mid-transition")
    time.sleep(0.05)
    # A live page differs in every run: the README's copy is replaced only on request.
    if os.environ.get("TRANSITIOND_UPDATE_SCREENSHOTS"):
        shot = REPO / "docs" / "viewer.png"
    else:
        shot = Path(tempfile.mkdtemp()) / "viewer.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 0
    assert console_errors(driver) == []


@pytest.mark.time_limit(90)
def test_slider_buttons_and_hover(viewer):
    driver, info, watcher, daemon = viewer
    driver.get(info["url"])
    wait_until(lambda: driver.execute_script("return document.getElementById('connection').dataset.state") == "open",
               what="the page connecting")
    driver.find_element(By.ID, "new-session").click()
    session = wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected"), what="a new session")
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, f'#session-list li[data-session="{session}"]'), what="the list entry")

    def scrub(value):
        driver.execute_script(
            "const s = document.getElementById('scrub'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input', {bubbles: true}));", value)

    # Long legs (5 s nominal), so each state lasts while the test looks at it.
    driver.execute_script("const d = document.getElementById('duration'); d.value = 5; d.dispatchEvent(new Event('input'))")
    # The slider starts an interactive transition and the daemon holds that progress.
    scrub("0.4")
    wait_until(lambda: (st := status(watcher, session))["state"] == "paused" and st["progress"] == 0.4,
               what="the daemon reporting progress 0.4")
    scrub("0.75")
    wait_until(lambda: status(watcher, session)["progress"] == 0.75, what="the daemon reporting progress 0.75")
    assert driver.find_element(By.ID, "progress-readout").text == "0.750"

    # Hover an item: its frame is shown.
    canvas = driver.find_element(By.ID, "stage")
    ActionChains(driver).move_to_element_with_offset(canvas, 0, -120).perform()
    wait_until(lambda: driver.find_element(By.ID, "tooltip").is_displayed(), what="the tooltip")
    assert driver.find_element(By.ID, "tooltip").text.startswith("cell 0.")
    details = driver.find_element(By.ID, "item-details").text
    assert "frame" in details and "layoutState" in details

    # Finish: from paused to finishing, then cancel, then cancel in place.
    scrub("0.5")
    wait_until(lambda: status(watcher, session)["progress"] == 0.5, what="the daemon reporting progress 0.5")
    driver.find_element(By.ID, "btn-finish").click()
    wait_until(lambda: status(watcher, session)["state"] == "finishing", what="finishing")
    driver.find_element(By.ID, "btn-cancel").click()
    wait_until(lambda: status(watcher, session)["state"] == "cancelling", what="cancelling")
    driver.find_element(By.ID, "btn-cancel-in-place").click()
    wait_until(lambda: status(watcher, session)["state"] == "idle", what="idle after cancel in place")

    # Play runs a transition; Reverse retargets it (a new transition, still running).
    driver.find_element(By.ID, "btn-play").click()
    first = wait_until(lambda: (st := status(watcher, session))["state"] == "running" and st["transition"], what="running")
    wait_until(lambda: status(watcher, session)["progress"] > 0.05, what="some progress")
    driver.find_element(By.ID, "btn-reverse").click()
    wait_until(lambda: (st := status(watcher, session)).get("transition") not in (None, first) and st["state"] == "running",
               what="a retargeted transition")
    driver.find_element(By.ID, "btn-finish").click()
    wait_until(lambda: status(watcher, session)["state"] == "idle", timeout=20, what="the end")

    # The timing picker: a spring's curve is sampled by the daemon (it overshoots 1).
    driver.find_element(By.CSS_SELECTOR, '.segmented button[data-kind="spring"]').click()
    driver.execute_script("const d = document.getElementById('sp-damping'); d.value = 0.3; d.dispatchEvent(new Event('input'))")
    wait_until(lambda: "progress over" in driver.find_element(By.ID, "curve-caption").text, what="the curve caption")
    assert console_errors(driver) == []


@pytest.mark.time_limit(90)
def test_speed_control_and_loop(viewer):
    driver, info, watcher, daemon = viewer
    driver.get(info["url"])
    wait_until(lambda: driver.execute_script("return document.getElementById('connection').dataset.state") == "open",
               what="the page connecting")
    driver.find_element(By.ID, "new-session").click()
    session = wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected"), what="a new session")

    def entry():
        return next(s for s in watcher.call("session/list")["sessions"] if s["session"] == session)

    assert entry()["rate"] == 1
    assert driver.find_element(By.CSS_SELECTOR, '#speed button.on').get_attribute("data-rate") == "1"
    # The speed buttons set the session's rate (clock/setRate), which the daemon reports.
    driver.find_element(By.CSS_SELECTOR, '#speed button[data-rate="0.25"]').click()
    wait_until(lambda: entry()["rate"] == 0.25, what="the daemon reporting rate 0.25")
    wait_until(lambda: driver.find_element(By.CSS_SELECTOR, '#speed button.on').get_attribute("data-rate") == "0.25",
               what="the 0.25x button marked")
    assert status(watcher, session)["rate"] == 0.25
    driver.find_element(By.CSS_SELECTOR, '#speed button[data-rate="0.1"]').click()
    wait_until(lambda: entry()["rate"] == 0.1, what="the daemon reporting rate 0.1")
    driver.find_element(By.CSS_SELECTOR, '#speed button[data-rate="1"]').click()
    wait_until(lambda: entry()["rate"] == 1, what="the daemon reporting rate 1")
    # The loop plays to the other layout after each finished transition: both are reached
    # more than once.
    driver.execute_script("const d = document.getElementById('duration'); d.value = 0.1; d.dispatchEvent(new Event('input'))")
    driver.find_element(By.ID, "loop-toggle").click()
    seen = []
    wait_until(lambda: (seen.append(entry()["layoutState"]) or True)
               and sum(1 for a, b in zip(seen, seen[1:]) if a != b) >= 3,
               timeout=30, what="the loop switching layouts three times")
    driver.find_element(By.ID, "loop-toggle").click()
    assert console_errors(driver) == []


@pytest.mark.time_limit(90)
def test_a_tab_watching_a_shared_session_of_100_items(viewer, record_property):
    """A kept-alive session made elsewhere (100 visible items, 60 fps) shows up in the
    page, which subscribes to it and draws its ticks; the daemon's CPU while it streams
    to the tab is recorded (a figure, not an assertion)."""
    driver, info, watcher, daemon = viewer
    created = watcher.call("session/create", {
        "viewport": {"width": 375, "height": 667}, "sections": [{"items": 2000}],
        "layout": {"type": "list", "rowHeight": 6.6}, "fps": 60, "keepAlive": True})
    session = created["session"]
    driver.get(info["url"])
    wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, f'#session-list li[data-session="{session}"]'),
               what="the shared session listed")
    wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected") == session, what="selected")
    watcher.call("transition/start", {"session": session, "to": {"type": "list", "rowHeight": 6.8},
                                      "duration": 600, "timing": "linear"})
    first = wait_until(lambda: page_seq(driver), what="ticks in the page")
    attributes = driver.execute_script("return window.transitiondViewer.attrs.length")
    assert 95 <= attributes <= 110, attributes
    received = driver.execute_script("return window.transitiondViewer.ticksReceived")
    cpu0, t0 = daemon.cpu_seconds(), time.monotonic()
    watcher.drain(5)  # the session's owner reads its ticks too
    cpu1, t1 = daemon.cpu_seconds(), time.monotonic()
    last = page_seq(driver)
    received = driver.execute_script("return window.transitiondViewer.ticksReceived") - received
    assert last > first and received > 0
    record_property("figures", f"daemon CPU {100 * (cpu1 - cpu0) / (t1 - t0):.1f}% of a core streaming 60 fps x "
                               f"{attributes} items to headless Chromium and one other reader; the daemon made "
                               f"{(last - first) / (t1 - t0):.0f} ticks/s, the page took {received / (t1 - t0):.0f}/s")
    assert console_errors(driver) == []


@pytest.mark.time_limit(60)
def test_badges_of_a_compact_session_are_named_and_drawn(viewer):
    """A compact session whose items carry badges: the page names the kind codes through
    the kinds table of its resting attributes and of its ticks, with their frames and
    zIndex (the canvas draws by zIndex, so above their cells)."""
    driver, info, watcher, daemon = viewer
    badge = {"kind": "badge", "attach": "item", "size": {"width": 24, "height": 24}, "anchor": {"x": 1, "y": 0},
             "offset": {"x": -16, "y": 16}, "zIndex": 1, "values": {"backgroundColor": "#ff0000"}}
    session = watcher.call("session/create", {
        "viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],
        "layout": {"type": "list", "rowHeight": 60, "supplementary": [badge]}, "encoding": "compact",
        "clock": "manual", "keepAlive": True})["session"]
    driver.get(info["url"])
    wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected") == session, what="selected")
    resting = wait_until(lambda: driver.execute_script(
        "const s = window.transitiondViewer; return s.subscribed.has(arguments[0]) && s.attrs.length"
        " ? s.attrs.filter(a => a.kind === 'badge').map(a => [a.item, a.frame.x, a.frame.y]) : null", session),
        what="the session at rest in the page")
    assert sorted(resting) == [[i, 347, 60 * i + 4] for i in range(6)]
    watcher.call("transition/start", {"session": session, "to": {"type": "grid", "columns": 2,
                                                                 "supplementary": [badge]}, "duration": 1})
    watcher.call("clock/advance", {"session": session, "to": 1})
    badges = wait_until(lambda: driver.execute_script(
        "const s = window.transitiondViewer; return s.frame && s.frame.progress === 1"
        " ? s.attrs.filter(a => a.kind === 'badge').map(a => [a.item, a.frame.x, a.frame.y, a.zIndex]) : null"),
        what="the last tick in the page")
    # Grid cells are 187.5 wide: a badge's centre 16 points in from each cell's top right corner.
    assert sorted(badges) == [[i, 187.5 * (1 + i % 2) - 28, 187.5 * (i // 2) + 4, 1] for i in range(6)]
    assert console_errors(driver) == []


def test_a_paused_named_session_is_drawn_where_it_is(viewer):
    """Issue 29: a page subscribing to a paused session drew it at its layout at rest
    with the slider at 0 and "seq —", and showed the id of a session that has a name."""
    driver, info, watcher, daemon = viewer
    session = watcher.call("session/create", {
        "viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],
        "layout": {"type": "list", "rowHeight": 60}, "clock": "manual", "keepAlive": True,
        "name": "design-preview"})["session"]
    watcher.call("transition/start", {"session": session, "to": {"type": "grid", "columns": 2}, "interactive": True})
    watcher.call("transition/scrub", {"session": session, "progress": 0.4})
    expected = watcher.call("transition/sample", {"session": session, "progress": 0.4})
    driver.get(info["url"])
    shown = wait_until(lambda: driver.execute_script(
        "const s = window.transitiondViewer; return s && s.selected === arguments[0] && s.frame && s.attrs.length"
        " ? {progress: s.frame.progress, slider: document.getElementById('scrub').value,"
        " seq: document.getElementById('stat-seq').textContent,"
        " title: document.getElementById('stage-title').textContent,"
        " listed: [...document.querySelectorAll('#session-list .sid')].map(e => e.firstChild.textContent),"
        " frames: s.attrs.map(a => [a.item, a.frame.x, a.frame.y, a.frame.width, a.frame.height])} : null", session),
        what="the paused session in the page")
    assert shown["progress"] == 0.4 and shown["slider"] == "0.4"
    assert shown["seq"] == "paused · t1"
    assert shown["title"].startswith("design-preview · 6 items")
    assert shown["listed"] == ["design-preview"]
    assert sorted(shown["frames"]) == sorted(
        [a["item"], a["frame"]["x"], a["frame"]["y"], a["frame"]["width"], a["frame"]["height"]]
        for a in expected["attributes"])
    assert console_errors(driver) == []


@pytest.mark.time_limit(90)
def test_reduced_motion_toggle(viewer):
    """The toggle starts as the browser says (emulated reduced motion: checked), new
    sessions take it, and clicking it sets the selected session's reducedMotion."""
    driver, info, watcher, daemon = viewer
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    driver.get(info["url"])
    wait_until(lambda: driver.execute_script("return document.getElementById('connection').dataset.state") == "open",
               what="the page connecting")
    assert driver.find_element(By.ID, "reduced-toggle").is_selected()
    driver.find_element(By.ID, "new-session").click()
    session = wait_until(lambda: driver.execute_script("return window.transitiondViewer?.selected"), what="a new session")

    def entry():
        return next(s for s in watcher.call("session/list")["sessions"] if s["session"] == session)

    assert entry()["reducedMotion"] is True
    driver.find_element(By.ID, "btn-play").click()
    wait_until(lambda: status(watcher, session).get("motion") == "reduced" or entry()["layoutState"] == "grid",
               what="a reduced transition")
    driver.find_element(By.ID, "reduced-toggle").click()
    wait_until(lambda: entry()["reducedMotion"] is False, what="the daemon reporting reducedMotion false")
    assert console_errors(driver) == []


@pytest.mark.time_limit(90)
def test_a_documents_session_opened_by_name_is_followed_through_an_edit(viewer):
    """`?session=NAME` opens a transition document's preview, marked as a document in the
    list; a valid edit replays it in the same session, and the page draws the next
    transition without choosing it again."""
    driver, info, editor, daemon = viewer
    uri = "file:///work/card.transition.json"
    text = ('{"session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 6}],'
            ' "layout": {"type": "list", "rowHeight": 60}},'
            ' "transition": {"to": {"type": "grid", "columns": 2}, "duration": 600, "timing": "linear"}}')
    # The watcher is the editor here: the language server serves every transport.
    editor.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1,
                                                            "text": text}})
    played = editor.call("workspace/executeCommand", {"command": "transitiond.play", "arguments": [uri]})
    session = played["session"]
    # Another session first in the list, so that the page must choose by the name.
    editor.call("session/create", {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 3}],
                                   "layout": {"type": "list", "rowHeight": 60}, "keepAlive": True})
    driver.get(info["url"] + "&session=transition:card")
    wait_until(lambda: driver.execute_script(
        "const s = window.transitiondViewer; return s && s.selected === arguments[0] && s.subscribed.has(arguments[0])"
        " && s.frame && s.frame.transition === arguments[1]", session, played["transition"]),
        what="the document's session followed in the page")
    tag = driver.find_element(By.CSS_SELECTOR, f'#session-list li[data-session="{session}"] .tag')
    assert tag.text == "document" and tag.get_attribute("title") == uri
    edited = text.replace('"duration": 600', '"duration": 500')
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": edited}]})
    listed = {s["session"]: s for s in editor.call("session/list")["sessions"]}
    assert listed[session]["document"] == uri
    replayed = editor.call("transition/status", {"session": session})["transition"]
    assert replayed != played["transition"]
    wait_until(lambda: driver.execute_script(
        "const s = window.transitiondViewer; return s.selected === arguments[0] && s.frame"
        " && s.frame.transition === arguments[1]", session, replayed),
        what="the replayed transition's ticks in the page")
    assert console_errors(driver) == []
