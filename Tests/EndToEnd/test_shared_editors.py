"""Two editors and a script share one session through `--remote=auto`: headless Neovim
and Emacs in batch mode, each with the plugin's `shared` setting on (so each starts its
own forwarder with the plugin's own spawn code), follow by name the session a script
created, and both draw the tick the script's clock/advance causes."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from e2e_harness import GRID, binary_path, create_params
from shared_runtime import WAIT, wait_until

pytestmark = pytest.mark.native_only("the editors share the native daemon through --remote")

ROOT = Path(__file__).resolve().parents[2]

NVIM_SCRIPT = r"""
local td = require('transitiond')
local out = os.getenv('TD_OUT')
td.setup({ cmd = { os.getenv('TRANSITIOND') }, shared = true, log_file = out .. '.log' })
local function write(path, text)
  local f = assert(io.open(path, 'w'))
  f:write(text)
  f:close()
end
td.on('tick', function(tick)
  write(out, string.format('%s %s %s', tick.session, tick.time, td.session().id))
  vim.schedule(function()
    td.stop()
    vim.cmd('qall!')
  end)
end)
td.follow('editors', nil, function(session)
  write(out .. '.subscribed', session.id)
end)
vim.defer_fn(function() vim.cmd('cquit 3') end, 60000)
"""

EMACS_SCRIPT = r"""
(require 'transitiond)
(setq transitiond-shared t
      transitiond-program (getenv "TRANSITIOND")
      transitiond-log-file (concat (getenv "TD_OUT") ".log"))
(let ((out (getenv "TD_OUT")) (done nil))
  (add-hook 'transitiond-tick-functions
            (lambda (tick)
              (with-temp-file out
                (insert (format "%s %s %s" (plist-get tick :session) (plist-get tick :time)
                                (transitiond-session-id transitiond-current-session))))
              (setq done t)))
  (let ((session (transitiond-follow "editors")))
    (with-temp-file (concat out ".subscribed") (insert (transitiond-session-id session))))
  (let ((deadline (+ (float-time) 60)))
    (while (and (not done) (< (float-time) deadline))
      (accept-process-output nil 0.05)))
  (transitiond-stop)
  (kill-emacs (if done 0 3)))
"""


def editor_command(editor: str, script: Path) -> list[str]:
    if editor == "nvim":
        return ["nvim", "--headless", "-u", "NONE", "-i", "NONE", "--cmd", f"set rtp^={ROOT / 'Clients' / 'nvim'}",
                "-c", f"luafile {script}"]
    return ["emacs", "--batch", "-Q", "-L", str(ROOT / "Clients" / "emacs"), "-l", str(script)]


@pytest.mark.time_limit(120)
def test_neovim_and_emacs_follow_a_scripts_session(runtime, tmp_path):
    for program in ("nvim", "emacs"):
        if shutil.which(program) is None:
            pytest.skip(f"{program} is not installed")
    script = runtime.forwarder()
    script.call("initialize", {"processId": os.getpid(), "capabilities": {}})
    script.notify("initialized", {})
    s = script.call("session/create", create_params(name="editors", clock="manual"))["session"]

    outputs = {}
    editors = {}
    env = dict(runtime.env, TRANSITIOND=str(binary_path()), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"), HOME=str(tmp_path))
    for editor, text in (("nvim", NVIM_SCRIPT), ("emacs", EMACS_SCRIPT)):
        source = tmp_path / ("follow.lua" if editor == "nvim" else "follow.el")
        source.write_text(text)
        outputs[editor] = tmp_path / f"{editor}.out"
        log = open(tmp_path / f"{editor}.stderr", "wb")
        editors[editor] = subprocess.Popen(editor_command(editor, source), stdin=subprocess.DEVNULL,
                                           stdout=log, stderr=log, env=dict(env, TD_OUT=str(outputs[editor])))
    try:
        def subscribed(editor: str) -> bool:
            marker = Path(str(outputs[editor]) + ".subscribed")
            assert editors[editor].poll() is None, (tmp_path / f"{editor}.stderr").read_text()
            return marker.exists() and marker.read_text() == s

        wait_until(lambda: subscribed("nvim") and subscribed("emacs"), "both editors to follow the session", 90)
        (entry,) = script.call("session/list")["sessions"]
        assert (entry["name"], entry["subscribers"], entry["ownerProcessId"]) == ("editors", 2, os.getpid())
        # Three forwarders, one daemon.
        runtime.the_daemon()

        script.call("transition/start", {"session": s, "to": GRID, "duration": 1})
        script.call("clock/advance", {"session": s, "by": 0.25})
        for editor, process in editors.items():
            assert process.wait(timeout=90) == 0, (tmp_path / f"{editor}.stderr").read_text()
            # The tick reached the editor, and the followed session is the one it previews.
            assert outputs[editor].read_text() == f"{s} 0.25 {s}"
        # The editors left (their forwarders exited); the script's session goes on.
        (entry,) = script.call("session/list")["sessions"]
        assert entry["subscribers"] == 0 and entry["state"] == "running"
    finally:
        for process in editors.values():
            if process.poll() is None:
                process.kill()
                process.wait()
